package macros_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// checkProvenance verifies that every location of an expanded tree points
// at source that produces what it claims: elements at their start tags,
// attribute names and values and texts at their bytes (when written without
// references), parts of substituted strings at their pieces, and steps at
// <expand>, <yield> and macro definitions.
func checkProvenance(res *macros.Result) []string {
	var errs []string
	report := func(format string, args ...any) {
		if len(errs) < 10 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}
	src := func(l macros.Loc) ([]byte, bool) {
		t := res.Tree(l.File)
		if t == nil || l.Span.Start < 0 || l.Span.End > len(t.Source()) || l.Span.End < l.Span.Start {
			return nil, false
		}
		return t.Source()[l.Span.Start:l.Span.End], true
	}
	plain := func(b []byte) bool { return !bytes.ContainsAny(b, "&<\r\n\t") }
	checkString := func(what string, o macros.Origin, s string) {
		raw, ok := src(o.Loc)
		if !ok {
			report("%s %q: origin %v is not in a file read", what, s, o.Loc)
			return
		}
		if o.Parts == nil {
			if plain(raw) && string(raw) != s {
				report("%s %q: source %s reads %q", what, s, res.Position(o.Loc), raw)
			}
			return
		}
		for i, p := range o.Parts {
			end := len(s)
			if i+1 < len(o.Parts) {
				end = o.Parts[i+1].Off
			}
			if p.Off > end || end > len(s) {
				report("%s %q: part %d at [%d,%d) is out of order", what, s, i, p.Off, end)
				return
			}
			praw, ok := src(p.Loc)
			if !ok {
				report("%s %q: part %d location %v is not in a file read", what, s, i, p.Loc)
				continue
			}
			if piece := s[p.Off:end]; plain(praw) && len(praw) == len(piece) && string(praw) != piece {
				report("%s %q: part %q points at %q (%s)", what, s, piece, praw, res.Position(p.Loc))
			}
		}
	}
	startsWith := func(l macros.Loc, prefixes ...string) bool {
		raw, ok := src(l)
		if !ok {
			return false
		}
		for _, p := range prefixes {
			if bytes.HasPrefix(raw, []byte(p)) {
				return true
			}
		}
		return false
	}
	for e := range res.Root.Descendants() {
		tag := "<" + e.Tag
		if e.PI {
			tag = "<?" + e.Tag
		}
		if !startsWith(e.Loc, tag, "<template", "<macro") {
			raw, _ := src(e.Loc)
			report("<%s> at %s: source reads %.20q", e.Tag, res.Position(e.Loc), raw)
		}
		// An element's Loc covers the whole element node, end tag included.
		if n := res.Node(e.Loc); n.Span() != e.Loc.Span || n.Kind() != cst.KindElement && n.Kind() != cst.KindPI {
			report("<%s> at %s: Loc %v is not the span %v of node %v", e.Tag, res.Position(e.Loc), e.Loc.Span, n.Span(), n.Kind())
		}
		for _, st := range e.Via.Trail() {
			if !startsWith(st.At, "<expand", "<yield") {
				report("<%s>: step %s %s at %s is not an <expand> or <yield>", e.Tag, st.Kind, st.Name, res.Position(st.At))
			}
			if st.Kind == macros.StepExpand && !startsWith(st.Def, "<xml", "<macro") {
				report("<%s>: macro %s defined at %s is not an <xml> or <macro>", e.Tag, st.Name, res.Position(st.Def))
			}
		}
		for _, a := range e.Attrs {
			// Galaxy adds type="template" to a <template> it renames; its
			// origin is the tag name.
			added := e.Tag == "macro" && a.Name == "type" && startsWith(e.Loc, "<template")
			if !added {
				checkString("attribute name", e.NameOrigin(a.Name), a.Name)
			}
			checkString("attribute "+a.Name, e.ValueOrigin(a.Name), a.Value)
		}
		checkString("text of <"+e.Tag+">", e.TextOrigin(), e.Text)
		if e != res.Root {
			checkString("tail of <"+e.Tag+">", e.TailOrigin(), e.Tail)
		}
	}
	return errs
}

// TestCorpusProvenance checks the provenance of every corpus expansion.
func TestCorpusProvenance(t *testing.T) {
	dir := sharedDir(t)
	tools := loadTools(t, dir)
	opts := corpusOptions(dir)
	substituted := 0
	for _, tool := range tools {
		res, err := macros.Expand(tool.name, tool.src, opts)
		if err != nil {
			continue
		}
		for e := range res.Root.Descendants() {
			if e.TextOrigin().Parts != nil {
				substituted++
			}
		}
		if errs := checkProvenance(res); len(errs) > 0 {
			t.Errorf("%s:\n\t%s", tool.row.path, strings.Join(errs, "\n\t"))
		}
	}
	t.Logf("%d texts carry token substitution parts", substituted)
}
