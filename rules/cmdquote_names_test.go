package rules

import (
	"reflect"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// TestInputDeclWalkCorpus checks that the input declarations quoteNamesOf
// collects with its own walk are those it collected from [cst.Inputs.Walk]
// and [enclosedBy], over every corpus tool with every name wanted.
func TestInputDeclWalkCorpus(t *testing.T) {
	tools := 0
	for _, f := range CorpusForTest(t) {
		tree := cst.Parse(f.Rel, f.Src)
		tool, ok := cst.ToolOf(tree)
		if !ok || !tool.Inputs().IsValid() {
			continue
		}
		tools++
		wanted := map[string]bool{}
		for i := range tool.Inputs().Walk() {
			wanted[inputNameOf(i.Node())] = true
		}
		got := quoteNames{top: map[string]quoteDecls{}, nested: map[string]cst.Input{}}
		w := inputDeclWalk{names: got, wanted: wanted, direct: tool.Inputs().Node().Parent() == tool.Node()}
		w.walk(tool.Inputs().Node(), false, true, false)
		want := inputDeclsByWalk(tool, wanted)
		if !reflect.DeepEqual(got.top, want.top) || !reflect.DeepEqual(got.nested, want.nested) {
			t.Errorf("%s: walk finds %v, nested %v; Inputs.Walk finds %v, nested %v", f.Rel, got.top, got.nested, want.top, want.nested)
		}
	}
	if tools == 0 {
		t.Skip("no corpus tools")
	}
}

// inputDeclsByWalk is the input half of quoteNamesOf as it was written
// over [cst.Inputs.Walk], the reference for [inputDeclWalk].
func inputDeclsByWalk(tool cst.Tool, wanted map[string]bool) quoteNames {
	names := quoteNames{top: map[string]quoteDecls{}, nested: map[string]cst.Input{}}
	in := tool.Inputs()
	direct := in.Node().Parent() == tool.Node()
	for i := range in.Walk() {
		name := inputNameOf(i.Node())
		if name == "" || !wanted[name] {
			continue
		}
		a := declAttrsOf(i.Node())
		top, viaExpand := enclosedBy(i.Node())
		if !top {
			if !names.nested[name].IsValid() {
				names.nested[name] = i
			}
			continue
		}
		d := quoteDecl{elem: i.Node().Name(), direct: direct && !viaExpand}
		d.kind = d.elem
		if d.elem == "param" {
			d.ptype, d.multiple = attrText(a.typ), galaxyBool(attrText(a.multiple))
			d.kind = d.ptype
			if d.multiple {
				d.kind = "multiple-" + d.kind
			}
		}
		names.declare(name, d)
	}
	return names
}

// enclosedBy reads the elements [cst.Input.Enclosing] returns for the
// declaration n, without collecting them: top says that only <expand>
// elements enclose it (no conditional, when, repeat, section or upload
// group), viaExpand that an <expand> does.
func enclosedBy(n cst.Node) (top, viaExpand bool) {
	top = true
	for p := n.Parent(); p.Kind() == cst.KindElement; p = p.Parent() {
		switch p.Name() {
		case "expand":
			viaExpand = true
			continue
		case "conditional", "when", "repeat", "section", "upload_dataset":
			top = false
			continue
		case "page":
			continue
		case "token":
			if p.Parent().Is("expand") {
				continue
			}
		}
		break
	}
	return top, viaExpand
}
