package schema

import (
	"context"
	"slices"
)

// Probes keeps, for the errors of one validation that another name may
// take away, what the validator knew where it found them: for an element
// that is not expected ([KindUnexpected]), its parent's content model and
// the state the preceding siblings left it in; for an attribute that is
// not allowed ([KindAttrNotAllowed]), the type the element's attributes
// were checked against; for both, the namespace declarations in scope.
// [Probes.Recheck] then tells what validating the whole tree again would
// report there after such a change, in time proportional to the element
// rather than to the tree, so that a caller trying candidate names for
// many errors (GTR006) does not validate the tree once per candidate.
type Probes struct {
	set  *set
	prof *profile
	at   map[int]*probe // by index in the errors
}

// probe is what [Probes.Recheck] needs for one error.
type probe struct {
	elem  Element
	scope []nsBinding // the declarations in scope at elem, its own included
	attrs bool        // an attribute error: checked against ct (nil: elem has a simple type)
	ct    *ctype
	// For an unexpected element: its parent's content model and the state
	// reached before it, or the xs:all group and the items seen before it;
	// with neither, the parent takes no children.
	model *model
	state int32
	all   *allModel
	seen  []bool
}

// ValidateProbes is [ValidateContext] that also returns the [Probes] of
// the violations found. The validation costs the same; each error of
// [KindUnexpected] or [KindAttrNotAllowed] costs a small record more.
func ValidateProbes(ctx context.Context, root Element, profile string) ([]Error, *Probes, error) {
	pr := &Probes{}
	errs, err := defaultSet().validateWith(ctx, root, profile, false, pr)
	return errs, pr, err
}

// Recheck returns what validating the tree again would report about the
// element of error i (an index in the errors [ValidateProbes] returned)
// in the respect that error is about, provided that since the validation
// only that element's name changed (for an error of [KindUnexpected]) or
// only the names and values of its attributes other than namespace
// declarations (for [KindAttrNotAllowed]): whether the parent's content
// model takes it under its current name (an error of KindUnexpected or
// none), or every error about its attributes. The errors' Pos is the
// element's. ok is false when error i has no probe: it is of another
// kind, or was found where no name change can take it away.
func (p *Probes) Recheck(i int) (errs []Error, ok bool) {
	pr := p.at[i]
	if pr == nil {
		return nil, false
	}
	v := validator{set: p.set, prof: p.prof, scope: pr.scope}
	c := pr.elem
	switch {
	case pr.attrs && pr.ct == nil:
		v.attrsOf(c)
		v.simpleAttributes(c)
	case pr.attrs:
		v.attrsOf(c)
		v.attributes(c, pr.ct)
	case pr.model != nil:
		ns, local := v.split(c.Name(), false)
		if _, ok := pr.model.step(pr.state, ns, local); !ok {
			v.unexpected(c, pr.model, pr.state)
		}
	case pr.all != nil:
		ns, local := v.split(c.Name(), false)
		j, ok := pr.all.index(local)
		if ns != "" || !ok || pr.seen[j] {
			v.unexpectedInAll(c, pr.all, pr.seen, ok && ns == "")
		}
	default:
		v.report(c, KindUnexpected, "This element is not expected.")
	}
	return v.errs, true
}

// unexpected records the probe of error i, an element not expected. The
// scope and seen slices are the validator's buffers, which it goes on
// changing: the probe keeps copies.
func (p *Probes) unexpected(i int, pr *probe) {
	pr.scope = cloneScope(pr.scope)
	pr.seen = slices.Clone(pr.seen)
	p.add(i, pr)
}

// attributes records the probe of error i, an attribute of e not allowed
// by ct (nil when e has a simple type).
func (p *Probes) attributes(i int, e Element, scope []nsBinding, ct *ctype) {
	p.add(i, &probe{elem: e, scope: cloneScope(scope), attrs: true, ct: ct})
}

func (p *Probes) add(i int, pr *probe) {
	if p.at == nil {
		p.at = map[int]*probe{}
	}
	p.at[i] = pr
}

// cloneScope copies scope, nil when it is empty (as it nearly always is:
// tools seldom declare namespaces).
func cloneScope(scope []nsBinding) []nsBinding {
	if len(scope) == 0 {
		return nil
	}
	return slices.Clone(scope)
}
