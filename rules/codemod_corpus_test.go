package rules

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/xmlorder"
)

// elemView is an element as Galaxy's parser sees it (lxml with comments
// removed): attributes by name with their parsed values, the text before
// the first child, the children, and the text after the element.
type elemView struct {
	Tag      string
	Attrs    map[string]string
	Text     string
	Children []*elemView
	Tail     string
}

// viewOf builds the parsed view of an element.
func viewOf(el cst.Node) *elemView {
	v := &elemView{Tag: el.Name(), Attrs: map[string]string{}}
	for a := range el.Attrs() {
		v.Attrs[a.Name()] = a.Value()
	}
	var text strings.Builder
	for c := range el.Content() {
		switch c.Kind() {
		case cst.KindElement:
			if len(v.Children) == 0 {
				v.Text = text.String()
			} else {
				v.Children[len(v.Children)-1].Tail = text.String()
			}
			text.Reset()
			v.Children = append(v.Children, viewOf(c))
		case cst.KindText:
			for tok := range c.Tokens() {
				if tok.Kind() == cst.TokEntityRef || tok.Kind() == cst.TokCharRef {
					r, _ := resolveReference(tok.Text())
					text.WriteString(r)
					continue
				}
				text.WriteString(normalizeLineEnds(tok.Text()))
			}
		case cst.KindCDATA:
			raw := c.Text()
			text.WriteString(normalizeLineEnds(raw[len("<![CDATA[") : len(raw)-len("]]>")]))
		}
	}
	if len(v.Children) == 0 {
		v.Text = text.String()
	} else {
		v.Children[len(v.Children)-1].Tail = text.String()
	}
	return v
}

func normalizeLineEnds(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// walkViews calls f on v and every element below it, with the element's
// ancestors' tags.
func walkViews(v *elemView, path []string, f func(v *elemView, path []string)) {
	f(v, path)
	for _, c := range v.Children {
		walkViews(c, append(path, v.Tag), f)
	}
}

func underInputs(path []string) bool {
	return len(path) >= 2 && path[0] == "tool" && path[1] == "inputs"
}

// normalizers rewrite a view so that a rule's intended change disappears:
// after normalizing, the views before and after the rule must be equal.
var normalizers = map[string]func(root *elemView){
	"GTR002":   nil, // attribute order is not part of the view
	"GTR005":   nil,
	"GTR018.1": nil, // CDATA reads as the same text
	"GTR019.1": nil,
	"GTR013.1": sortToolChildren,
	"GTR035.1": func(root *elemView) {
		walkViews(root, nil, func(v *elemView, path []string) {
			if v.Tag == "requirement" && len(path) > 0 && path[len(path)-1] == "requirements" {
				if ver, ok := v.Attrs["version"]; ok && pyStrip(ver) != "" {
					v.Attrs["version"] = pyStrip(ver)
				}
			}
		})
	},
	"GTR037.1": func(root *elemView) {
		walkViews(root, nil, func(v *elemView, path []string) {
			if v.Tag == "param" && underInputs(path) {
				if _, ok := v.Attrs["name"]; !ok {
					if arg, ok := v.Attrs["argument"]; ok {
						v.Attrs["name"] = lint.NameFromArgument(arg)
					}
				}
			}
		})
	},
	"GTR106": func(root *elemView) {
		walkViews(root, nil, func(v *elemView, path []string) {
			if v.Tag == "param" && underInputs(path) && v.Attrs["display"] == "checkboxes" {
				delete(v.Attrs, "display")
			}
		})
	},
}

// sortToolChildren puts the root's listed children in IUC order around the
// unlisted ones and drops the whitespace between them, which moves with the
// elements: what remains is what Galaxy reads (children by tag).
func sortToolChildren(root *elemView) {
	iucRank := func(tag string) int { r, _ := xmlorder.IUCRank(tag); return r }
	var slots []int
	var listed []*elemView
	for i, c := range root.Children {
		if _, ok := xmlorder.IUCRank(c.Tag); ok {
			slots = append(slots, i)
			listed = append(listed, c)
		}
	}
	// Stable insertion sort by rank.
	for i := 1; i < len(listed); i++ {
		for j := i; j > 0 && iucRank(listed[j].Tag) < iucRank(listed[j-1].Tag); j-- {
			listed[j], listed[j-1] = listed[j-1], listed[j]
		}
	}
	for k, i := range slots {
		root.Children[i] = listed[k]
	}
	if strings.TrimSpace(root.Text) == "" {
		root.Text = ""
	}
	for _, c := range root.Children {
		if strings.TrimSpace(c.Tail) == "" {
			c.Tail = ""
		}
	}
}

// TestCorpusCodemodsPreserveParsedView formats every corpus tool with each
// codemod alone and checks that the tree Galaxy's parser reads changes only
// as the rule intends. It also checks the CDATA partitions: after the fix
// no .1 finding is left, and the .2 residual is the same before and after.
func TestCorpusCodemodsPreserveParsedView(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping corpus view check in -short mode")
	}
	type file struct {
		rel string
		src []byte
	}
	var files []file
	for _, f := range CorpusForTest(t) {
		files = append(files, file{f.Rel, f.Src})
	}
	advisory := map[string]int{}
	for _, code := range keysOf(normalizers) {
		norm := normalizers[code]
		rs := []*Rule{Lookup(code)}
		changed := 0
		for _, f := range files {
			before := cst.Parse(f.rel, f.src)
			if Classify(before) != TargetTool || !before.WellFormed() {
				continue
			}
			res, err := Format(f.rel, f.src, rs)
			if err != nil {
				t.Errorf("%s %s: %v", code, f.rel, err)
				continue
			}
			if !res.Changed {
				continue
			}
			changed++
			a, b := viewOf(before.RootElement()), viewOf(cst.Parse(f.rel, res.Output).RootElement())
			if norm != nil {
				norm(a)
				norm(b)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s changed what Galaxy reads in %s:\n%s", code, f.rel, firstDifference(a, b))
			}
		}
		t.Logf("%-8s alone changes %d tool files", code, changed)
	}
	for _, parent := range []string{"GTR018", "GTR019"} {
		fix, residual := Lookup(parent+".1"), Lookup(parent+".2")
		for _, f := range files {
			before := cst.Parse(f.rel, f.src)
			if Classify(before) != TargetTool || !before.WellFormed() {
				continue
			}
			r1 := Check(before, []*Rule{residual})
			if n := len(Check(before, []*Rule{fix})); n > 0 && len(r1) > 0 {
				t.Errorf("%s: %s and %s both fire", f.rel, fix.Code, residual.Code)
			}
			advisory[residual.Code] += len(r1)
			res, err := Format(f.rel, f.src, []*Rule{fix})
			if err != nil {
				continue
			}
			after := cst.Parse(f.rel, res.Output)
			if n := len(Check(after, []*Rule{fix})); n > 0 {
				t.Errorf("%s: %s still fires after its fix", f.rel, fix.Code)
			}
			if r2 := Check(after, []*Rule{residual}); len(r2) != len(r1) {
				t.Errorf("%s: the %s residual changed from %d to %d findings", f.rel, residual.Code, len(r1), len(r2))
			}
		}
	}
	for _, f := range files {
		tr := cst.Parse(f.rel, f.src)
		if Classify(tr) == TargetTool {
			advisory["GTR035.2"] += len(Check(tr, []*Rule{GTR035_2}))
		}
	}
	t.Logf("advisory findings: GTR018.2 %d, GTR019.2 %d, GTR035.2 %d",
		advisory["GTR018.2"], advisory["GTR019.2"], advisory["GTR035.2"])
}

// firstDifference describes where two views first differ.
func firstDifference(a, b *elemView) string {
	var walk func(a, b *elemView, path string) string
	walk = func(a, b *elemView, path string) string {
		path += "/" + a.Tag
		switch {
		case a.Tag != b.Tag:
			return fmt.Sprintf("%s: tag %q vs %q", path, a.Tag, b.Tag)
		case !reflect.DeepEqual(a.Attrs, b.Attrs):
			return fmt.Sprintf("%s: attributes %v vs %v", path, a.Attrs, b.Attrs)
		case a.Text != b.Text:
			return fmt.Sprintf("%s: text %q vs %q", path, a.Text, b.Text)
		case a.Tail != b.Tail:
			return fmt.Sprintf("%s: tail %q vs %q", path, a.Tail, b.Tail)
		case len(a.Children) != len(b.Children):
			return fmt.Sprintf("%s: %d vs %d children", path, len(a.Children), len(b.Children))
		}
		for i := range a.Children {
			if d := walk(a.Children[i], b.Children[i], path); d != "" {
				return d
			}
		}
		return ""
	}
	return walk(a, b, "")
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
