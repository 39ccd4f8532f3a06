package rename

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// Plan is a rename of one tool: the edits, and what they change in
// Galaxy's expanded view, for the gates.
type Plan struct {
	Old, New string
	// Edits change the tool and the macro files it imports; they apply
	// together or not at all.
	Edits []rewrite.FileEdit
	// Sites counts the places renamed: the distinct edits (a macro
	// element Galaxy expands twice is renamed once).
	Sites int
	// Files lists the files the edits change, the tool first, then the
	// macro files in the order Galaxy reads them.
	Files []string

	x    *refs.Index
	view map[*macros.Element][]viewEdit
}

// viewEdit is one change the plan makes to a string of the expanded
// view: the bytes [start, end) of an element's text (attr "") or of an
// attribute's value become text; for a definition, the name attribute is
// added (insert) or removed (remove).
type viewEdit struct {
	attr           string
	start, end     int
	text           string
	insert, remove bool
	src            macros.Loc // the source bytes the edit replaces (an insertion's point)
}

// PlanRename plans renaming old to new in the tool x indexes, or says why
// it cannot be made safely.
func PlanRename(x *refs.Index, old, new string) (*Plan, *Bail) {
	return planRename(x, old, new, false)
}

// planRename is PlanRename; back says the plan renames back a rename the
// gates have checked, whose places it need not check again.
func planRename(x *refs.Index, old, new string, back bool) (*Plan, *Bail) {
	// Only names Cheetah and Python read as names can be renamed.
	if !refs.IsName(old) || !refs.IsName(new) {
		return nil, &Bail{Reason: InvalidName, Detail: fmt.Sprintf("OLD and NEW must be valid identifiers (ASCII, not a Python keyword); got %q and %q", old, new)}
	}
	// Galaxy fills these names itself.
	if refs.Reserved(old) {
		return nil, &Bail{Reason: InvalidName, Detail: fmt.Sprintf("Galaxy provides %s to the tool's templates itself; renaming it would break the tool", old)}
	}
	// A rename to itself changes nothing.
	if old == new {
		return nil, &Bail{Reason: NoOp}
	}
	if b := checkSections(x, old); b != nil {
		return nil, b
	}
	if b := checkBindings(x, old, new); b != nil {
		return nil, b
	}
	// Only a parameter the tool defines is renamed.
	if !x.Defined(old) {
		n := len(x.Find(old))
		if n == 0 {
			return nil, &Bail{Reason: NotFound}
		}
		return nil, &Bail{Reason: NotFound, Detail: fmt.Sprintf("no input, output or config file is called %s; the %d reference(s) to it are not to a parameter", old, n)}
	}
	if b := checkTaken(x, new); b != nil {
		return nil, b
	}
	if b := checkResidual(x, old); b != nil {
		return nil, b
	}
	p := &Plan{Old: old, New: new, x: x, view: map[*macros.Element][]viewEdit{}}
	if b := p.build(); b != nil {
		return nil, b
	}
	// Renaming back runs on a rename the expansion gate has proved: its
	// edits are the same places'.
	if !back {
		if b := p.checkCopies(); b != nil {
			return nil, b
		}
	}
	return p, nil
}

// position renders where l starts, as file:line:col.
func position(x *refs.Index, l macros.Loc) string {
	p := x.View.Position(l)
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// hasWord reports whether s holds name as a whole identifier.
func hasWord(s, name string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], name)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(name)
		if (k == 0 || !identChar(s[k-1])) && (end == len(s) || !identChar(s[end])) {
			return true
		}
		i = k + 1
	}
}

func identChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// sectionLoc returns where a section's text is written.
func sectionLoc(s refs.Section) macros.Loc {
	if s.At.Attr != "" {
		return s.At.Elem.ValueOrigin(s.At.Attr).Loc
	}
	return s.At.Elem.Loc
}

// checkSections refuses a rename that a template or expression mentioning
// old keeps from being read exactly.
func checkSections(x *refs.Index, old string) *Bail {
	for _, s := range x.Sections {
		if s.Mixed && (hasWord(s.Text, old) || hasWord(s.Rest, old)) {
			return &Bail{Reason: MixedContent, Detail: fmt.Sprintf("%s: the %s mentions %s and holds child elements, which split its text", position(x, sectionLoc(s)), s.Name, old)}
		}
		if s.Err == "" || !hasWord(s.Text, old) {
			continue
		}
		if s.Python {
			return &Bail{Reason: FilterBareRef, Detail: fmt.Sprintf("%s: the expression of %s mentions %s and does not parse (%s)", position(x, sectionLoc(s)), s.Name, old, s.Err)}
		}
		return &Bail{Reason: LexerBail, Detail: fmt.Sprintf("%s: the %s mentions %s and does not parse as Cheetah (%s)", position(x, sectionLoc(s)), s.Name, old, s.Err)}
	}
	for _, r := range x.Strings {
		if r.Name == old {
			return &Bail{Reason: FilterBareRef, Detail: fmt.Sprintf("%s: the %s holds the string %s, a key or a value gtr cannot tell apart", position(x, r.Loc), r.Section, r.Reference)}
		}
	}
	return nil
}

// checkBindings refuses a rename of a name a directive binds, or to one.
func checkBindings(x *refs.Index, old, new string) *Bail {
	for _, b := range x.Bindings {
		switch b.Name {
		case old:
			return &Bail{Reason: Shadowed, Detail: fmt.Sprintf("%s: #%s binds %s in the %s, so its references there may not be to the parameter", position(x, b.Loc), b.Directive, old, b.Section)}
		case new:
			return &Bail{Reason: Shadowed, Detail: fmt.Sprintf("%s: #%s binds %s in the %s, which the renamed references would read", position(x, b.Loc), b.Directive, new, b.Section)}
		}
	}
	return nil
}

// checkTaken refuses a new name that already means something in the
// tool.
func checkTaken(x *refs.Index, new string) *Bail {
	if x.Defined(new) {
		return &Bail{Reason: NameTaken, Detail: fmt.Sprintf("the tool already defines %s", new)}
	}
	if refs.Reserved(new) {
		return &Bail{Reason: NameTaken, Detail: fmt.Sprintf("Galaxy provides %s to every template", new)}
	}
	for _, list := range [][]refs.Ref{x.Refs, x.Local, x.Unresolved, x.Stray, x.Strings} {
		for _, r := range list {
			if r.Name == new {
				return &Bail{Reason: NameTaken, Detail: fmt.Sprintf("%s: the %s already reads %s", position(x, r.Loc), r.Section, r.Reference)}
			}
		}
	}
	// An attribute gtr does not know that holds NEW may name it already;
	// renaming back would meet it as checkResidual does and refuse.
	if at, ok := unknownAttr(x, new); ok {
		return &Bail{Reason: NameTaken, Detail: fmt.Sprintf("%s: <%s %s=%q> may name %s already, and gtr does not know this attribute",
			position(x, at.Elem.ValueOrigin(at.Attr).Loc), at.Elem.Tag, at.Attr, new, new)}
	}
	return nil
}

// checkResidual refuses a rename that would leave a name gtr cannot
// account for: a member it cannot resolve, or an attribute holding old
// that the index does not model.
func checkResidual(x *refs.Index, old string) *Bail {
	for _, r := range x.Unresolved {
		if r.Name == old {
			return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: %s in the %s reads %s from something gtr cannot resolve to a group", position(x, r.Loc), r.Reference, r.Section, old)}
		}
	}
	for _, r := range x.Stray {
		if r.Name == old {
			return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: %s in the %s reads %s from a group that holds no parameter of that name", position(x, r.Loc), r.Reference, r.Section, old)}
		}
	}
	if b := checkByName(x, old); b != nil {
		return b
	}
	if at, ok := unknownAttr(x, old); ok {
		return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: <%s %s=%q> may name the parameter, and gtr does not know this attribute",
			position(x, at.Elem.ValueOrigin(at.Attr).Loc), at.Elem.Tag, at.Attr, old)}
	}
	return nil
}

// unknownAttr returns an attribute whose value is name and that is
// neither literal text (literalAttrs) nor a reference to name the index
// models, if there is one.
func unknownAttr(x *refs.Index, name string) (refs.View, bool) {
	modeled := map[refs.View]bool{}
	for _, r := range x.Refs {
		if r.Name == name {
			modeled[refs.View{Elem: r.At.Elem, Attr: r.At.Attr}] = true
		}
	}
	for at := range x.Attributes(name) {
		if !literalAttrs[at.Attr] && !modeled[at] {
			return at, true
		}
	}
	return refs.View{}, false
}

// checkByName refuses to rename a parameter of a tool that hands its
// parameters to code reading them by name, out of gtr's sight: a
// <configfiles><inputs> JSON file (its keys are the parameter names) or a
// <code> file of Python hooks.
func checkByName(x *refs.Index, old string) *Bail {
	for c := range x.View.Root.Elements() {
		switch c.Tag {
		case "code":
			return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: the tool's <code> file reads its parameters by name, and may read %s", position(x, c.Loc), old)}
		case "configfiles":
			for f := range c.Elements() {
				if f.Tag == "inputs" {
					return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: <configfiles><inputs> hands the job every parameter by name, as JSON keys a script may read (%s among them)", position(x, f.Loc), old)}
				}
			}
		}
	}
	return nil
}

// literalAttrs are attributes whose value is literal text, a datatype, a
// number or a display string: one equal to a parameter's name is a
// coincidence, not a reference. Attributes that do name parameters are
// modeled by the index; any other holding the name refuses the rename.
var literalAttrs = map[string]bool{
	"argument": true, "checked": true, "column": true, "compare": true, "default": true, "delta": true,
	"collection_type": true, "description": true, "designation": true, "detect_errors": true, "directory": true,
	"display": true, "ext": true, "falsevalue": true, "from_work_dir": true, "remote_name": true,
	"file": true, "format": true, "from_data_table": true, "ftype": true, "help": true, "hidden": true,
	"id": true, "key": true, "label": true, "lines_diff": true, "macro": true, "max": true, "min": true,
	"multiple": true, "name": true, "optional": true, "profile": true, "selected": true, "separator": true,
	"size": true, "sort": true, "text": true, "title": true, "token": true, "truevalue": true, "type": true,
	"value": true, "value_json": true, "version": true,
}

// build makes the edits and the view changes of the rename.
func (p *Plan) build() *Bail {
	x := p.x
	var edits []rewrite.FileEdit
	for _, r := range x.Find(p.Old) {
		ve := viewEdit{attr: r.At.Attr, start: r.At.Start, end: r.At.End, text: p.New}
		var e rewrite.FileEdit
		switch {
		case r.Kind == refs.KindDefinition && r.Derived:
			el := x.View.Node(r.At.Elem.Loc)
			if el.Kind() != cst.KindElement {
				return &Bail{Reason: CrossRefResidual, Detail: fmt.Sprintf("%s: the <%s> that defines %s is not written where gtr can add a name", position(x, r.Loc), r.At.Elem.Tag, p.Old)}
			}
			e = rewrite.In(r.At.Elem.Loc.File, rewrite.InsertAttr(el, "name", p.New, "argument"))
			ve = viewEdit{attr: "name", insert: true, text: p.New}
		case !r.Exact:
			return &Bail{Reason: CrossRefResidual, Detail: notExact(x, r)}
		default:
			if sp, arg, ok := insertShape(x, r); ok && r.Kind == refs.KindDefinition {
				if arg == p.New {
					e = rewrite.In(r.Loc.File, rewrite.ReplaceSpan(sp, ""))
					ve = viewEdit{attr: "name", remove: true}
					break
				}
				if arg == p.Old {
					return &Bail{Reason: NotInvertible, Detail: fmt.Sprintf("%s: name=%q repeats the name argument= gives, right after it; renaming %s back would remove it rather than restore it",
						position(x, r.Loc), p.Old, p.New)}
				}
			}
			e = rewrite.In(r.Loc.File, rewrite.ReplaceSpan(r.Loc.Span, p.New))
		}
		edits = append(edits, e)
		ve.src = macros.Loc{File: e.File, Span: e.Span()}
		p.view[r.At.Elem] = append(p.view[r.At.Elem], ve)
	}
	slices.SortFunc(edits, func(a, b rewrite.FileEdit) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Start - b.Start
	})
	p.Edits = slices.Compact(edits)
	p.Sites = len(p.Edits)
	seen := map[string]bool{}
	for _, f := range append([]string{x.View.File()}, x.View.Imports...) {
		for _, e := range p.Edits {
			if e.File == f && !seen[f] {
				seen[f] = true
				p.Files = append(p.Files, f)
			}
		}
	}
	return nil
}

// notExact says why a reference cannot be renamed where it is written.
func notExact(x *refs.Index, r refs.Ref) string {
	if r.Token != "" {
		return fmt.Sprintf("%s: %s in the %s comes from %s, whose definition gtr cannot edit in place", position(x, r.Loc), r.Reference, r.Section, r.Token)
	}
	return fmt.Sprintf("%s: %s in the %s is not written as it reads (a character reference or an entity)", position(x, r.Loc), r.Reference, r.Section)
}
