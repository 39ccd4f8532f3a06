package rules

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// schemaRepair is one change of a name or value that takes a schema
// error away: a misspelt element name, attribute name or enumerated value
// (GTR006) or a Python-style boolean (GTR017).
type schemaRepair struct {
	code  string
	span  cst.Span       // where to report it in the tool file
	msg   string         // what is wrong and the repair
	edits []rewrite.Edit // the byte edits, nil when the bytes are not the tool file's own
	why   string         // why it is not fixed here, for advisory findings
}

// schemaRepairs returns the repairs GTR006 and GTR017 make together, once
// per run over a tree. A repair is fixable only when the bytes at fault
// are written in the tool file itself, and fixed only when the tool is
// valid at no profile before and the fixable repairs together make it
// valid at some profile; the others are reported as advisory.
func schemaRepairs(p *Pass) []schemaRepair {
	return shared(p, "schema-repairs", func() []schemaRepair { return planSchemaRepairs(p) })
}

// reportRepairs reports the repairs of the pass's rule.
func reportRepairs(p *Pass) {
	for _, r := range schemaRepairs(p) {
		switch {
		case r.code != p.Rule.Code:
		case r.edits != nil:
			p.FixSpan(r.span, r.msg, r.edits...)
		default:
			p.ReportHelp(r.span, r.msg+" ("+r.why+")", "Correct the name or value by hand; `gtr validate` lists the schema errors and the profiles at which the tool is valid.")
		}
	}
}

// schemaAttributeNames and schemaEnumValueNames list schemaAttribute and
// schemaEnumValue, for candidate searches.
var (
	schemaAttributeNames = sortedNames(schemaAttribute)
	schemaEnumValueNames = sortedNames(schemaEnumValue)
	// schemaAttributeIndex answers for schemaAttributeNames, which every
	// undeclared attribute of a tool is compared with.
	schemaAttributeIndex = newTypoIndex(schemaAttributeNames)
)

func sortedNames(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

func planSchemaRepairs(p *Pass) []schemaRepair {
	// Only tools are validated.
	if p.Kind != TargetTool {
		return nil
	}
	// A version of this file earlier in the run needed no repair: the
	// other rules keep Galaxy's view but for their declared changes, none
	// of which touches what the schema checks (the gate sees to it), so
	// this one needs none either.
	if p.views != nil && p.views.settled {
		return nil
	}
	newest := schema.Newest()
	// A tool without <macros> is its own expanded view (macros.ExpandTree
	// returns its tree as it is): when it is valid at the newest profile,
	// as most tools are, validating it as written spares building the
	// view. Any error, repairable or not, is left to the expanded view.
	opts := macros.Options{NoDisk: true}
	if p.Macros != nil {
		opts = *p.Macros
	}
	if len(p.Tree.Errors()) == 0 && !hasMacrosChild(p.Tree) {
		errs, err := schema.ValidateContext(opts.Context, schema.Written(p.Tree.RootElement()), newest)
		if p.stop(err) {
			return nil
		}
		if len(errs) == 0 {
			p.remember(newestErrorsKey, []schema.Error{})
			p.views.settle()
			return nil
		}
	}
	res, err := expandedView(p, opts)
	// Galaxy cannot load a tool that does not expand: nothing to
	// validate. One too large to expand, or a run past its deadline,
	// stops the file (Pass.stop).
	if err != nil {
		p.stop(err)
		return nil
	}
	view := schema.Expanded(res)
	// The probes let each candidate name be checked where its error is,
	// rather than by validating the whole view again: a tool of many
	// misspellings costs their number plus its size, not their product.
	errs, probes, err := schema.ValidateProbes(opts.Context, view, newest)
	if p.stop(err) {
		return nil
	}
	p.remember(newestErrorsKey, errs)
	// Valid at the newest profile, or nothing that looks repairable, or
	// valid at some other profile (the tool is not globally invalid).
	memo := typoMemo{}
	if len(errs) == 0 || !slices.ContainsFunc(errs, memo.mayRepair) {
		p.views.settle()
		return nil
	}
	if _, ok, err := schema.NewestValidContext(opts.Context, view, nil); p.stop(err) {
		return nil
	} else if ok {
		p.views.settle()
		return nil
	}
	pl := &repairPlanner{p: p, res: res, probes: probes, memo: memo, seen: map[string]bool{}}
	for i, e := range errs {
		pl.repair(i, e)
	}
	var edits []rewrite.Edit
	for _, r := range pl.out {
		edits = append(edits, r.edits...)
	}
	// Keep the fixes only when they make the tool valid somewhere.
	if len(edits) > 0 && !validAfter(p, opts, edits) {
		for i := range pl.out {
			if pl.out[i].edits != nil {
				pl.out[i].edits = nil
				pl.out[i].why = "not fixed: the tool would still be valid at no profile"
			}
		}
	}
	return pl.out
}

// hasMacrosChild reports whether the root element of t has a <macros>
// child, the only place Galaxy reads macros and tokens from.
func hasMacrosChild(t *cst.Tree) bool {
	for c := range t.RootElement().Elements() {
		if c.Name() == "macros" {
			return true
		}
	}
	return false
}

// typoMemo remembers the close matches of the words a run over one tree
// looks up: a tool that misspells one name many times asks the same
// question as often, and an answer measures the word against up to a few
// hundred names. It holds an entry for each distinct question, so no more
// than the tool has misspellings.
type typoMemo map[string][]string

// closeMatches is [closeMatches], remembered.
func (m typoMemo) closeMatches(word string, candidates []string) []string {
	// The schema's attribute names, asked about most, are known by a
	// short key; other lists (the names a content model expects, an
	// enumeration) are short and spelled out.
	var key string
	schemaList := len(candidates) == len(schemaAttributeNames) && &candidates[0] == &schemaAttributeNames[0]
	if schemaList {
		key = "\x01" + word
	} else {
		key = word + "\x00" + strings.Join(candidates, "\x00")
	}
	if out, ok := m[key]; ok {
		return out
	}
	var out []string
	if schemaList {
		out = schemaAttributeIndex.closeMatches(word)
	} else {
		out = closeMatches(word, candidates)
	}
	m[key] = out
	return out
}

// mayRepair reports whether e is an error GTR006 or GTR017 may repair.
func (m typoMemo) mayRepair(e schema.Error) bool {
	el, ok := e.Pos.(*macros.Element)
	if !ok || el == nil {
		return false
	}
	switch e.Kind {
	case schema.KindUnexpected:
		return len(m.closeMatches(el.Tag, e.Expected)) > 0
	case schema.KindAttrNotAllowed:
		return len(m.closeMatches(e.Attr, schemaAttributeNames)) > 0
	case schema.KindValue:
		if e.Attr == "" {
			return false
		}
		if booleanType(e.Msg) {
			_, ok := canonicalBool(e.Value)
			return ok
		}
		return len(m.closeMatches(e.Value, enumSet(e.Msg))) > 0
	}
	return false
}

// validAfter reports whether the tool is valid at some profile once the
// edits are applied.
func validAfter(p *Pass, opts macros.Options, edits []rewrite.Edit) bool {
	out, err := rewrite.Apply(p.Tree.Source(), edits)
	if err != nil {
		return false
	}
	t := cst.Parse(p.Tree.File(), out)
	if !t.WellFormed() {
		return false
	}
	res, err := macros.ExpandTree(t, opts)
	if err != nil {
		p.stop(err)
		return false
	}
	_, ok, err := schema.NewestValidContext(opts.Context, schema.Expanded(res), nil)
	if p.stop(err) {
		return false
	}
	return ok
}

// repairPlanner turns schema errors into repairs.
type repairPlanner struct {
	p      *Pass
	res    *macros.Result
	probes *schema.Probes // of the errors, to try candidate names
	memo   typoMemo
	seen   map[string]bool // repairs already planned, by code and place
	out    []schemaRepair
}

// repair plans the repair of e, the i'th error of the validation.
func (pl *repairPlanner) repair(i int, e schema.Error) {
	if !pl.memo.mayRepair(e) {
		return
	}
	el := e.Pos.(*macros.Element)
	switch {
	case e.Kind == schema.KindUnexpected:
		if to := pl.elementName(i, el, e.Expected); to != "" {
			pl.renameElement(el, to)
		}
	case e.Kind == schema.KindAttrNotAllowed:
		if to := pl.attributeName(i, el, e.Attr); to != "" {
			pl.renameAttr(el, e.Attr, to)
		}
	case booleanType(e.Msg):
		to, _ := canonicalBool(e.Value)
		pl.setValue("GTR017", el, e.Attr, to,
			fmt.Sprintf("%s=%q is not an XSD boolean; write %q", e.Attr, e.Value, to))
	default:
		if isToolProfile(el, e.Attr) {
			return
		}
		to := pl.memo.closeMatches(e.Value, enumSet(e.Msg))[0]
		pl.setValue("GTR006", el, e.Attr, to,
			fmt.Sprintf("%s=%q is not a value <%s> allows; did you mean %q?", e.Attr, e.Value, el.Tag, to))
	}
}

// elementName returns the allowed name el's tag, the subject of error i,
// is a misspelling of: the closest that the schema then accepts in its
// place, or "".
func (pl *repairPlanner) elementName(i int, el *macros.Element, expected []string) string {
	from := el.Tag
	defer func() { el.Tag = from }()
	for _, to := range pl.memo.closeMatches(from, expected) {
		el.Tag = to
		errs, ok := pl.probes.Recheck(i)
		if !ok {
			return ""
		}
		if !slices.ContainsFunc(errs, func(e schema.Error) bool {
			return e.Pos == any(el) && e.Kind == schema.KindUnexpected
		}) {
			return to
		}
	}
	return ""
}

// attributeName returns the attribute name that attr, the subject of
// error i, is a misspelling of: the closest schema attribute name that el
// then allows with its value, or "". The tool's profile is never a
// candidate, and neither is a name el already has.
func (pl *repairPlanner) attributeName(i int, el *macros.Element, attr string) string {
	j := slices.IndexFunc(el.Attrs, func(a macros.Attr) bool { return a.Name == attr })
	if j < 0 || isToolProfile(el, attr) {
		return ""
	}
	defer func() { el.Attrs[j].Name = attr }()
	for _, to := range pl.memo.closeMatches(attr, schemaAttributeNames) {
		if _, dup := el.Get(to); dup || isToolProfile(el, to) {
			continue
		}
		el.Attrs[j].Name = to
		errs, ok := pl.probes.Recheck(i)
		if !ok {
			return ""
		}
		if !slices.ContainsFunc(errs, func(e schema.Error) bool {
			return e.Pos == any(el) && e.Attr == to
		}) {
			return to
		}
	}
	return ""
}

func (pl *repairPlanner) renameElement(el *macros.Element, to string) {
	msg := fmt.Sprintf("<%s> is not allowed here; did you mean <%s>?", el.Tag, to)
	r := schemaRepair{code: "GTR006", msg: msg}
	node := pl.node(el.Loc)
	switch {
	case el.Loc.File != pl.p.Tree.File():
		r.why = pl.elsewhere(el.Loc.File)
	case !node.IsValid() || node.Kind() != cst.KindElement || node.Name() != el.Tag:
		r.why = "not fixed: gtr cannot tell where the tag is written"
	default:
		r.edits = []rewrite.Edit{rewrite.ReplaceSpan(node.StartTag().NameToken().Span(), to)}
		if end := node.EndTag(); end.IsValid() {
			r.edits = append(r.edits, rewrite.ReplaceSpan(end.NameToken().Span(), to))
		}
		r.span = node.StartTag().NameToken().Span()
	}
	pl.add(r, el)
}

func (pl *repairPlanner) renameAttr(el *macros.Element, from, to string) {
	msg := fmt.Sprintf("attribute %q is not allowed on <%s>; did you mean %q?", from, el.Tag, to)
	r := schemaRepair{code: "GTR006", msg: msg}
	if span, why := pl.ownBytes(el.NameOrigin(from), from); why != "" {
		r.why = why
	} else {
		r.span, r.edits = span, []rewrite.Edit{rewrite.ReplaceSpan(span, to)}
	}
	pl.add(r, el)
}

func (pl *repairPlanner) setValue(code string, el *macros.Element, attr, to, msg string) {
	r := schemaRepair{code: code, msg: msg}
	o := el.ValueOrigin(attr)
	v, _ := el.Get(attr)
	if span, why := pl.ownValue(o, v); why != "" {
		r.why = why
	} else {
		r.span = span
		r.edits = []rewrite.Edit{rewrite.ReplaceSpan(span, rewrite.EscapeAttr(to, pl.quoteAt(span)))}
	}
	pl.add(r, el)
}

// ownBytes returns where the string s of origin o is written in the tool
// file, or why it cannot be rewritten there.
func (pl *repairPlanner) ownBytes(o macros.Origin, s string) (cst.Span, string) {
	switch {
	case o.Parts != nil:
		return cst.Span{}, "not fixed: a macro token spells it"
	case o.Loc.File != pl.p.Tree.File():
		return cst.Span{}, pl.elsewhere(o.Loc.File)
	}
	src := pl.p.Tree.Source()
	if sp := o.Loc.Span; sp.End > len(src) || string(src[sp.Start:sp.End]) != s {
		return cst.Span{}, "not fixed: gtr cannot tell where it is written"
	}
	return o.Loc.Span, ""
}

// ownValue is ownBytes for an attribute value, whose raw bytes may hold
// references: the whole raw value is replaced.
func (pl *repairPlanner) ownValue(o macros.Origin, v string) (cst.Span, string) {
	switch {
	case o.Parts != nil:
		return cst.Span{}, "not fixed: a macro token spells it"
	case o.Loc.File != pl.p.Tree.File():
		return cst.Span{}, pl.elsewhere(o.Loc.File)
	}
	n := pl.node(o.Loc)
	if !n.IsValid() || n.Kind() != cst.KindAttribute || n.ValueSpan() != o.Loc.Span || n.Value() != v {
		return cst.Span{}, "not fixed: gtr cannot tell where it is written"
	}
	return o.Loc.Span, ""
}

// node returns the node of the tool file at l, or the zero Node.
func (pl *repairPlanner) node(l macros.Loc) cst.Node {
	if l.File != pl.p.Tree.File() {
		return cst.Node{}
	}
	// The expansion may come from another parse of the same bytes.
	n := pl.res.Node(l)
	if !n.IsValid() || n.Tree() != pl.p.Tree && string(n.Tree().Source()) != string(pl.p.Tree.Source()) {
		return cst.Node{}
	}
	return n
}

// quoteAt returns the quote character of the attribute value at span.
func (pl *repairPlanner) quoteAt(span cst.Span) byte {
	src := pl.p.Tree.Source()
	if span.Start > 0 && src[span.Start-1] == '\'' {
		return '\''
	}
	return '"'
}

func (pl *repairPlanner) elsewhere(file string) string {
	return "written in " + filepath.Base(file) + ", not fixed here"
}

// add records r once, reported where the tool holds it: its own span, or
// the <expand> of the tool that brought the element.
func (pl *repairPlanner) add(r schemaRepair, el *macros.Element) {
	if r.edits == nil {
		r.span = pl.toolSpan(el)
	}
	key := fmt.Sprint(r.code, r.span, r.msg, r.edits)
	if pl.seen[key] {
		return
	}
	pl.seen[key] = true
	pl.out = append(pl.out, r)
}

// toolSpan returns where in the tool file el comes from: the element, or
// the outermost <expand> that brought it, or the root's start tag.
func (pl *repairPlanner) toolSpan(el *macros.Element) cst.Span {
	if l := pl.res.ToolLoc(el); l.IsValid() && l.File == pl.p.Tree.File() {
		if n := pl.node(l); n.IsValid() && n.Kind() == cst.KindElement {
			return n.StartTag().Span()
		}
		return l.Span
	}
	return pl.p.Tree.RootElement().StartTag().Span()
}

// enumSet returns the values of an enumeration error message, "…
// [facet 'enumeration'] The value 'x' is not an element of the set {'a',
// 'b'}.", or nil.
func enumSet(msg string) []string {
	if !strings.Contains(msg, "[facet 'enumeration']") {
		return nil
	}
	i, j := strings.LastIndex(msg, "{"), strings.LastIndex(msg, "}")
	if i < 0 || j < i {
		return nil
	}
	var out []string
	for part := range strings.SplitSeq(msg[i+1:j], ", ") {
		if len(part) >= 2 && part[0] == '\'' && part[len(part)-1] == '\'' {
			out = append(out, part[1:len(part)-1])
		}
	}
	return out
}

// booleanType reports whether a value error is about a boolean type:
// xs:boolean or Galaxy's PermissiveBoolean.
func booleanType(msg string) bool {
	return strings.Contains(msg, "type 'xs:boolean'") || strings.Contains(msg, "type 'PermissiveBoolean'")
}
