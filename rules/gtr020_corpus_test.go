package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// shellRender is the part of a template Cheetah renders as literal text:
// the text between consecutive shell-context placeholders, and those
// placeholders as written.
type shellRender struct {
	texts  []string // len(phs)+1 runs of literal text
	phs    []string
	starts []int // decoded start of each placeholder
}

func renderShell(tmpl *cheetah.Template) shellRender {
	src := tmpl.Source()
	r := shellRender{texts: []string{""}}
	for n := range tmpl.Root().Descendants() {
		switch n.Kind() {
		case cheetah.KindText:
			for _, tok := range n.Tokens() {
				s := src[tok.Span.Start:tok.Span.End]
				switch tok.Kind {
				case cheetah.TokText, cheetah.TokRaw:
					r.texts[len(r.texts)-1] += s
				case cheetah.TokEscape:
					r.texts[len(r.texts)-1] += s[1:]
				}
			}
		case cheetah.KindPlaceholder:
			if k := n.Parent().Kind(); k == cheetah.KindDirective || k == cheetah.KindPlaceholder {
				continue
			}
			r.phs = append(r.phs, n.Text())
			r.starts = append(r.starts, n.Span().Start)
			r.texts = append(r.texts, "")
		}
	}
	return r
}

// placeholderPaths lists every placeholder's root and path, in order,
// those in directive expressions included.
func placeholderPaths(tmpl *cheetah.Template) []string {
	var out []string
	for ph := range tmpl.Placeholders() {
		out = append(out, ph.Name+"|"+ph.Path)
	}
	return out
}

func commandOf(t *cst.Tree) (cst.Decoded, bool) {
	tool, ok := cst.ToolOf(t)
	if !ok || !tool.Command().IsValid() {
		return cst.Decoded{}, false
	}
	return tool.Command().Template(), true
}

// TestCorpusGTR020 checks GTR020 over every corpus tool: the two halves
// never report the same placeholder and together report exactly the
// shared predicate's sites; quoting changes no Cheetah parse, keeps the
// placeholders and their order, and changes the rendered text only by the
// quotes around the fixed placeholders; after the fix GTR020.1 finds
// nothing and the GTR020.2 residual is unchanged.
func TestCorpusGTR020(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping GTR020 corpus check in -short mode")
	}
	var tools, touched, quotes, sites1, sites2, toolsWith2 int
	kinds1, kinds2 := map[string]int{}, map[string]int{}
	for _, f := range CorpusForTest(t) {
		rel, src := f.Rel, f.Src
		before := cst.Parse(rel, src)
		if Classify(before) != TargetTool || !before.WellFormed() {
			continue
		}
		tools++
		sites := commandQuoteSites(&Pass{Tree: before, Kind: TargetTool, Rule: GTR020_1, Newline: rewrite.Newline(src)})
		fixed := map[int]bool{}
		residual := 0
		for _, s := range sites {
			if s.verdict == quoteFixable {
				fixed[s.span.Start] = true
				kinds1[s.kind]++
			} else {
				residual++
				kinds2[s.kind]++
			}
		}
		sites1 += len(fixed)
		sites2 += residual
		if residual > 0 {
			toolsWith2++
		}
		checkPartition020(t, rel, before, sites)
		if len(fixed) == 0 {
			continue
		}
		res, err := Format(rel, src, []*Rule{GTR020_1})
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		touched++
		quotes += len(res.Output) - len(src)
		if len(res.Output)-len(src) != 2*len(fixed) {
			t.Errorf("%s: %d bytes inserted for %d fixed placeholders", rel, len(res.Output)-len(src), len(fixed))
		}
		after := cst.Parse(rel, res.Output)
		checkQuotedCommand(t, rel, before, after, fixed)
		if n := len(Check(after, []*Rule{GTR020_1})); n > 0 {
			t.Errorf("%s: GTR020.1 still fires %d times after its fix", rel, n)
		}
		if n := len(Check(after, []*Rule{GTR020_2})); n != residual {
			t.Errorf("%s: the GTR020.2 residual changed from %d to %d findings", rel, residual, n)
		}
	}
	t.Logf("%d tools: GTR020.1 touches %d (%d quotes, %d placeholders), GTR020.2 reports %d in %d tools",
		tools, touched, quotes, sites1, sites2, toolsWith2)
	for _, k := range keysOf(kinds1) {
		t.Logf("  GTR020.1 %-14s %6d", k, kinds1[k])
	}
	for _, k := range keysOf(kinds2) {
		t.Logf("  GTR020.2 %-14s %6d", k, kinds2[k])
	}
}

// checkPartition020 runs both halves as rules and checks that they report
// disjoint placeholders, covering exactly the predicate's sites.
func checkPartition020(t *testing.T, rel string, tree *cst.Tree, sites []quoteSite) {
	t.Helper()
	d1, d2 := Check(tree, []*Rule{GTR020_1}), Check(tree, []*Rule{GTR020_2})
	seen := map[cst.Span]string{}
	for _, d := range d1 {
		if d.Fix == nil || d.Advisory {
			t.Errorf("%s: GTR020.1 finding without a fix at %v", rel, d.Pos)
		}
		seen[d.Span] = d.Code
	}
	for _, d := range d2 {
		if d.Fix != nil || !d.Advisory {
			t.Errorf("%s: GTR020.2 finding with a fix at %v", rel, d.Pos)
		}
		if code, ok := seen[d.Span]; ok {
			t.Errorf("%s: %s and GTR020.2 both report %v", rel, code, d.Pos)
		}
		seen[d.Span] = d.Code
	}
	if len(seen) != len(sites) || len(d1)+len(d2) != len(sites) {
		t.Errorf("%s: the halves report %d+%d placeholders, the predicate has %d", rel, len(d1), len(d2), len(sites))
	}
	src := tree.Source()
	for _, s := range sites {
		if s.verdict == quoteFixable && string(src[s.span.Start:s.span.End]) != s.text {
			t.Errorf("%s: fixable %s has source bytes %q", rel, s.text, src[s.span.Start:s.span.End])
		}
	}
}

// checkQuotedCommand compares the command before and after GTR020.1.
func checkQuotedCommand(t *testing.T, rel string, before, after *cst.Tree, fixed map[int]bool) {
	t.Helper()
	db, _ := commandOf(before)
	da, ok := commandOf(after)
	if !ok {
		t.Errorf("%s: the command is gone after GTR020.1", rel)
		return
	}
	tb, ta := cheetah.Parse(db.Text), cheetah.Parse(da.Text)
	if ta.Errors().Len() > 0 {
		t.Errorf("%s: the quoted command no longer parses: %v", rel, ta.Errors())
		return
	}
	if !slices.Equal(placeholderPaths(tb), placeholderPaths(ta)) {
		t.Errorf("%s: placeholders changed:\n%v\n%v", rel, placeholderPaths(tb), placeholderPaths(ta))
		return
	}
	rb, ra := renderShell(tb), renderShell(ta)
	if !slices.Equal(rb.phs, ra.phs) {
		t.Errorf("%s: shell placeholders changed:\n%v\n%v", rel, rb.phs, ra.phs)
		return
	}
	n := 0
	for i, start := range rb.starts {
		if !fixed[db.Map.SourceSpan(cst.Span{Start: start, End: start + len(rb.phs[i])}).Start] {
			continue
		}
		n++
		pre, post := ra.texts[i], ra.texts[i+1]
		if !strings.HasSuffix(pre, "'") || !strings.HasPrefix(post, "'") {
			t.Errorf("%s: %s is not quoted after the fix", rel, rb.phs[i])
			return
		}
		ra.texts[i], ra.texts[i+1] = pre[:len(pre)-1], post[1:]
	}
	if n != len(fixed) {
		t.Errorf("%s: %d fixed placeholders found in the rendered text, want %d", rel, n, len(fixed))
	}
	if !slices.Equal(rb.texts, ra.texts) {
		for i := range rb.texts {
			if rb.texts[i] != ra.texts[i] {
				t.Errorf("%s: rendered text differs beyond the quotes: %q vs %q", rel, rb.texts[i], ra.texts[i])
				return
			}
		}
	}
}
