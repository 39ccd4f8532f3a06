package version

import (
	"bytes"
	"errors"
	"maps"
	"reflect"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// overlaid returns opts with the files of overlay read from memory
// instead of where opts reads them.
func overlaid(opts macros.Options, overlay map[string][]byte) macros.Options {
	if len(overlay) == 0 {
		return opts
	}
	files := maps.Clone(opts.Files)
	if files == nil {
		files = map[string][]byte{}
	}
	maps.Copy(files, overlay)
	opts.Files = files
	return opts
}

// gate runs the expansion-equality gate of package rewrite on r's tool,
// from its bytes to after with the macro files of overlay rewritten: the
// view may change only as allow declares. It returns the declared changes
// the difference needed, or why the gate refuses.
func (r *reading) gate(after []byte, overlay map[string][]byte, allow []*rewrite.ViewChange) ([]*rewrite.ViewChange, error) {
	before := r.tree.Source()
	ao := overlaid(r.opts, overlay)
	x := &rewrite.Expansion{File: r.file, Macros: r.opts, After: &ao, Allow: allow}
	x.Parse = func(src []byte) *cst.Tree {
		if bytes.Equal(src, before) {
			return r.tree
		}
		return cst.Parse(r.file, src)
	}
	x.Expand = func(t *cst.Tree, o macros.Options) (*macros.Result, error) {
		if t == r.tree && sameFiles(o.Files, r.opts.Files) {
			return r.view, nil
		}
		return macros.ExpandTree(t, o)
	}
	used, err := x.CompareExpanded(before, after)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(before, after) {
		if t := cst.Parse(r.file, after); !t.WellFormed() {
			return nil, &rewrite.GateError{Gate: "well-formed", Detail: "the rewritten tool is not well-formed: " + t.Errors()[0].Error()}
		}
	}
	return used, nil
}

// sameFiles reports whether two import maps are the same map.
func sameFiles(a, b map[string][]byte) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// gateDetail returns what a gate error says about the difference, without
// the gate's preamble.
func gateDetail(err error) string {
	var ge *rewrite.GateError
	if errors.As(err, &ge) {
		return ge.Detail
	}
	return err.Error()
}
