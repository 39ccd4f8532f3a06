package rename

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// checkCopies refuses a plan whose source edits reach a place of Galaxy's
// view the plan does not rename: bytes of a macro Galaxy expands more
// than once, or of a token or macro parameter used more than once, that
// are a reference in one place and something else in another (a label, a
// longer name). The expansion gate would refuse such a plan; this says
// where and why. The places to look at are the copies of the elements
// the plan edits (elements written at the same source) and, when a token
// supplies a name renamed, every string the token makes.
func (p *Plan) checkCopies() *Bail {
	type key struct {
		e    *macros.Element
		attr string
		src  macros.Loc
	}
	planned := map[key]bool{}
	var srcs []macros.Loc
	edited := map[macros.Loc]bool{} // the source of every element the plan edits
	elems := map[macros.Loc]bool{}  // those that get or lose a name=
	for e, ves := range p.view {
		edited[e.Loc] = true
		for _, ve := range ves {
			planned[key{e, ve.attr, ve.src}] = true
			if ve.insert || ve.remove {
				elems[e.Loc] = true
				continue
			}
			srcs = append(srcs, ve.src)
		}
	}
	tokens := map[string]bool{}
	for _, r := range p.x.Find(p.Old) {
		if r.Token != "" {
			tokens[r.Token] = true
		}
	}
	check := func(e *macros.Element, attr string, o macros.Origin, tail bool) *Bail {
		covered := []macros.Loc{o.Loc}
		if o.Parts != nil {
			covered = covered[:0]
			for _, part := range o.Parts {
				covered = append(covered, part.Loc)
			}
		}
		for _, c := range covered {
			for _, src := range srcs {
				if src.File != c.File || src.Span.Start < c.Span.Start || src.Span.End > c.Span.End || !tail && planned[key{e, attr, src}] {
					continue
				}
				what := "the text"
				switch {
				case tail:
					what = "the text after"
				case attr != "":
					what = "the " + attr + " attribute"
				}
				return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: these bytes (in a macro or token Galaxy expands more than once) also make %s of <%s> at %s, which does not name %s",
					position(p.x, src), what, e.Tag, position(p.x, e.Loc), p.Old)}
			}
		}
		return nil
	}
	usesToken := func(o macros.Origin) bool {
		for _, part := range o.Parts {
			if tokens[part.Token] {
				return true
			}
		}
		return false
	}
	for e := range p.x.View.Root.Descendants() {
		if elems[e.Loc] && !planned[key{e, "name", p.elemSrc(e)}] {
			return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: the <%s> that defines %s is expanded more than once, as other names too", position(p.x, e.Loc), e.Tag, p.Old)}
		}
		copyOf := edited[e.Loc]
		if !copyOf && len(tokens) == 0 {
			continue
		}
		if o := e.TextOrigin(); copyOf || usesToken(o) {
			if b := check(e, "", o, false); b != nil {
				return b
			}
		}
		if copyOf {
			if b := check(e, "", e.TailOrigin(), true); b != nil {
				return b
			}
		}
		for _, a := range e.Attrs {
			if o := e.ValueOrigin(a.Name); copyOf || usesToken(o) {
				if b := check(e, a.Name, o, false); b != nil {
					return b
				}
			}
		}
	}
	return nil
}

// elemSrc returns the source span of the name= edit planned for e, or the
// zero Loc.
func (p *Plan) elemSrc(e *macros.Element) macros.Loc {
	for _, ve := range p.view[e] {
		if ve.insert || ve.remove {
			return ve.src
		}
	}
	return macros.Loc{}
}
