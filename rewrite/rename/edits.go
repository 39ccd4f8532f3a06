package rename

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/refs"
)

// A <param> defined by argument= alone gets its name from the argument
// (--min-len: min_len). Renaming it adds name="NEW" right after the
// argument, one space before it, in the argument's quotes
// ([rewrite.InsertAttr]); renaming a param whose name= is written in
// that shape to the name its argument gives removes the name= with its
// space. Every other name= is renamed in place, even one the argument
// makes redundant. The two rules undo each other, so that renaming back
// restores the bytes, with one exception: a name= in that shape that
// repeats the argument's name already would be removed by renaming back,
// so renaming it is refused ([NotInvertible]).

// insertShape returns the name= attribute of r's <param> and the span of
// it with the space before it, when it follows the param's argument=
// after exactly one space and in the same quotes; and the argument's
// name.
func insertShape(x *refs.Index, r refs.Ref) (span cst.Span, argName string, ok bool) {
	arg, has := r.At.Elem.Get("argument")
	if !has || r.At.Elem.Tag != "param" || r.At.Attr != "name" || r.Token != "" {
		return cst.Span{}, "", false
	}
	el := x.View.Node(r.At.Elem.Loc)
	name, a := el.Attr("name"), el.Attr("argument")
	if !name.IsValid() || !a.IsValid() || name.ValueSpan() != r.Loc.Span {
		return cst.Span{}, "", false
	}
	sp := name.FirstToken().Prev()
	if sp.Kind() != cst.TokSpace || string(sp.Bytes()) != " " || sp.Prev() != a.LastToken() || name.Quote() != a.Quote() {
		return cst.Span{}, "", false
	}
	return cst.Span{Start: sp.Span().Start, End: name.Span().End}, cst.ArgumentName(arg), true
}
