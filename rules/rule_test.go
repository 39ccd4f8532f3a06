package rules

import (
	"reflect"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

func TestFixEditIsFixSpan(t *testing.T) {
	tree := cst.Parse("t.xml", []byte(`<tool id="t" name="T" version="1"/>`))
	span := cst.Span{Start: 5, End: 11}
	edit := rewrite.Edit{Start: 5, End: 11, New: `id="u"`}
	a := &Pass{Tree: tree, Kind: TargetTool, Rule: GTR203}
	b := &Pass{Tree: tree, Kind: TargetTool, Rule: GTR203}
	a.FixSpan(span, "msg", edit)
	b.fixEdit(span, "msg", edit)
	if !reflect.DeepEqual(a.diags, b.diags) {
		t.Fatalf("fixEdit gives %+v, FixSpan %+v", b.diags, a.diags)
	}
}
