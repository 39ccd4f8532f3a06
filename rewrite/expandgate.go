package rewrite

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Gate names reported in [GateError.Gate] by the expansion-equality gate.
const (
	// GateExpansion: Galaxy's macro-expanded view of the file changed
	// beyond layout whitespace and the declared changes.
	GateExpansion = "expansion"
	// GateUnresolvedImport: an imported macro file could not be read, so
	// the gate could not prove that the rewrite keeps what Galaxy reads.
	GateUnresolvedImport = "unresolved-import"
)

// ViewChange is one kind of difference of Galaxy's expanded view that a
// rule declares its fixes make on purpose, such as quotes inserted around
// file placeholders in <command>. The expansion-equality gate accepts a
// difference only when a hook of an allowed ViewChange accepts it, and
// reports which ViewChanges it needed. Hooks see the element before and
// after the rewrite (the same element of both views); a nil hook accepts
// nothing.
type ViewChange struct {
	// Name names the change in messages, e.g. "command-quotes".
	Name string
	// Normalize rewrites a view in place into a form Galaxy reads the
	// same way (such as <output type="data"> into <data>) and returns how
	// many rewrites it made. It runs on both views; the change counts as
	// used when the two counts differ.
	Normalize func(root *macros.Element) int
	// Rename accepts an element's tag (attr false) or one of its
	// attribute names (attr true, with the value unchanged) going from
	// from to to.
	Rename func(before, after *macros.Element, attr bool, from, to string) bool
	// Attr accepts the attribute called name differing: its value
	// changed, or it is present on one side only.
	Attr func(before, after *macros.Element, name string) bool
	// Text accepts the elements' texts (before their first child)
	// differing.
	Text func(before, after *macros.Element) bool
	// WrittenText, when set, is Text for the proof from the parses
	// ([Expansion.Proved]): it accepts the text of an element called tag
	// (a child of the root <tool> when top is set) that has no child
	// element and holds no token, going from before to after. It must
	// accept only what Text accepts of the same elements in the views.
	WrittenText func(tag string, top bool, before, after string) bool
	// Revalue, when set, returns the values this change may give the
	// attribute called name of before, so that the gate can explain a
	// difference as this change followed by another declared one (a
	// misspelt value repaired, then the attribute dropped).
	Revalue func(before *macros.Element, name string) []string
}

// Expansion is the expansion-equality gate: a behaviour-preserving
// rewrite must leave Galaxy's macro-expanded view of a tool equal, in
// this sense:
//
//   - both files are expanded as Galaxy's tool loader does
//     ([macros.Expand]: comments gone, CDATA read as text, references
//     decoded, attribute values normalised, imports, tokens and <expand>s
//     resolved); a file whose root is not <tool> (a macro library) is
//     compared as its canonical tree ([macros.FromTree]);
//   - tags are equal, and attributes are equal as a set of name=value
//     pairs: attribute order does not count;
//   - the children of the root <tool> are compared by tag: for every tag,
//     the children with that tag are equal in order, while the order
//     between different tags does not count (<tool> is an xs:all group
//     and Galaxy finds its children by tag); everywhere else children are
//     equal one by one, in order;
//   - texts and tails are equal byte for byte, except layout whitespace:
//     a text or tail made of XML whitespace only (space, tab, CR, LF, or
//     nothing) inside an element whose text Galaxy does not read (Data
//     reports false for its tag) equals any other whitespace-only one. The
//     text of a data element (<command>, <help>, <token>, <option>, …)
//     and the tails of its children are always compared exactly;
//   - beyond that, a difference passes only when a hook of a [ViewChange]
//     in Allow accepts it.
//
// When the tool does not expand before the rewrite because an imported
// file cannot be read, the gate fails closed with [GateUnresolvedImport].
// When it fails to expand for another reason (an undefined macro, a
// malformed macro file, …) Galaxy cannot load it either way: the gate
// then requires the rewrite to fail the same way and compares the
// canonical trees of the tool file itself by the same rules.
type Expansion struct {
	File   string          // the file's name, the base for its imports
	Macros macros.Options  // how imports resolve
	After  *macros.Options // how imports resolve for the rewritten side; nil: as Macros
	// Data reports whether Galaxy reads the text of elements with the
	// given tag, so whitespace in it is never layout; nil treats every
	// text as data.
	Data  func(tag string) bool
	Allow []*ViewChange // the declared changes the gate accepts
	// ExactTail, when set, reports whether the text after child, in
	// parent, of the before view is compared exactly whatever Data says of
	// parent: for text that Galaxy moves elsewhere, such as the text after
	// the children of a macro definition.
	ExactTail func(parent, child *macros.Element) bool
	// WrittenTail, when set, is ExactTail for the proof from the parses
	// ([Expansion.Proved]) of a file compared as its canonical tree: it
	// reports whether the tail of child, an element or processing
	// instruction of before's parse, in its parent element parent, is
	// compared exactly. It must report true wherever ExactTail does for
	// the same elements of before's canonical tree; without it, a set
	// ExactTail leaves every rewrite to the full comparison.
	WrittenTail func(parent, child cst.Node) bool

	// Parse and Expand, when set, replace cst.Parse and
	// macros.ExpandTree, so that a caller that has parsed and expanded the
	// same bytes already can share its work. Expand must honour the options
	// it is given, and the gate never modifies what it returns.
	Parse  func(src []byte) *cst.Tree
	Expand func(t *cst.Tree, opts macros.Options) (*macros.Result, error)
	// Convert, when set, replaces macros.FromTree for the files compared
	// as their canonical trees, on the same terms.
	Convert func(t *cst.Tree) (*macros.Element, error)
}

func (x *Expansion) convert(t *cst.Tree) (*macros.Element, error) {
	if x.Convert != nil {
		return x.Convert(t)
	}
	return macros.FromTree(t)
}

func (x *Expansion) parse(src []byte) *cst.Tree {
	if x.Parse != nil {
		return x.Parse(src)
	}
	return cst.Parse(x.File, src)
}

func (x *Expansion) expand(t *cst.Tree, opts macros.Options) (*macros.Result, error) {
	if x.Expand != nil {
		return x.Expand(t, opts)
	}
	return macros.ExpandTree(t, opts)
}

// Gate returns x as a [Gate] for [Options.Gates].
func (x *Expansion) Gate() Gate {
	return func(before, after []byte) error {
		_, err := x.Compare(before, after)
		return err
	}
}

// Compare checks that after keeps Galaxy's expanded view of before, as
// [Expansion] defines it. It returns the declared changes it needed, and
// a *[GateError] when the views differ otherwise or the comparison cannot
// be made. A rewrite that [Expansion.Proved] proves equal passes without
// after being expanded; any other goes to [Expansion.CompareExpanded].
func (x *Expansion) Compare(before, after []byte) ([]*ViewChange, error) {
	if used, ok := x.Proved(before, after); ok {
		return used, nil
	}
	return x.CompareExpanded(before, after)
}

// CompareExpanded is [Expansion.Compare] without the shortcut of
// [Expansion.Unchanged]: it expands both versions and compares the views.
func (x *Expansion) CompareExpanded(before, after []byte) ([]*ViewChange, error) {
	if x.After == nil && bytes.Equal(before, after) {
		return nil, nil
	}
	aopts := x.Macros
	if x.After != nil {
		aopts = *x.After
	}
	tb, ta := x.parse(before), (*cst.Tree)(nil)
	if bytes.Equal(before, after) { // only the imports differ
		ta = tb
	} else {
		ta = x.parse(after)
	}
	var vb, va *macros.Element
	if tb.RootElement().Name() == "tool" {
		rb, errB := x.expand(tb, x.Macros)
		ra, errA := x.expand(ta, aopts)
		switch {
		case unresolved(errB) || unresolved(errA):
			err := errB
			if !unresolved(err) {
				err = errA
			}
			return nil, &GateError{Gate: GateUnresolvedImport, Detail: err.Error() +
				"; without it the gate cannot prove that the rewrite keeps what Galaxy reads"}
		case errB == nil && errA != nil:
			return nil, &GateError{Gate: GateExpansion, Detail: "the rewritten tool no longer expands: " + errA.Error()}
		case errB != nil && errA == nil:
			return nil, &GateError{Gate: GateExpansion, Detail: "the tool did not expand before the rewrite and does after: " + errB.Error()}
		case errB != nil:
			if kindOf(errB) != kindOf(errA) {
				return nil, &GateError{Gate: GateExpansion, Detail: fmt.Sprintf("the rewrite changes why the tool does not expand: %v, then %v", errB, errA)}
			}
			// Galaxy cannot load the tool either way; compare what
			// it would parse of the file itself.
		default:
			vb, va = rb.Root, ra.Root
		}
	}
	if vb == nil {
		var err error
		if vb, err = x.convert(tb); err != nil {
			return nil, &GateError{Gate: GateExpansion, Detail: "the input does not parse: " + err.Error()}
		}
		if va, err = x.convert(ta); err != nil {
			return nil, &GateError{Gate: GateExpansion, Detail: "the output does not parse: " + err.Error()}
		}
	}
	c := &comparer{data: x.Data, exactTail: x.ExactTail, allow: x.Allow, used: make([]bool, len(x.Allow))}
	d := c.element(vb, va, &viewPath{tag: vb.Tag}, true)
	// Only when the views differ are they normalised, on copies.
	if d != "" && slices.ContainsFunc(x.Allow, func(ch *ViewChange) bool { return ch.Normalize != nil }) {
		c = &comparer{data: x.Data, exactTail: x.ExactTail, allow: x.Allow, used: make([]bool, len(x.Allow))}
		vb, va = vb.Clone(), va.Clone()
		for i, ch := range x.Allow {
			if ch.Normalize != nil && ch.Normalize(vb) != ch.Normalize(va) {
				c.used[i] = true
			}
		}
		d = c.element(vb, va, &viewPath{tag: vb.Tag}, true)
	}
	if d != "" {
		return nil, &GateError{Gate: GateExpansion, Detail: "Galaxy's expanded view changed at " + d}
	}
	var used []*ViewChange
	for i, u := range c.used {
		if u {
			used = append(used, x.Allow[i])
		}
	}
	return used, nil
}

// unresolved reports whether err is an import that could not be read.
func unresolved(err error) bool {
	var me *macros.Error
	return errors.As(err, &me) && me.Kind == macros.ErrImport
}

func kindOf(err error) macros.ErrorKind {
	var me *macros.Error
	if errors.As(err, &me) {
		return me.Kind
	}
	return 0
}

// comparer compares two views and records the declared changes used.
type comparer struct {
	data      func(tag string) bool
	exactTail func(parent, child *macros.Element) bool
	allow     []*ViewChange
	used      []bool
}

func (c *comparer) isData(tag string) bool { return c.data == nil || c.data(tag) }

// viewPath is where an element sits in a view, such as
// /tool/inputs[1]/param[3], rendered only when a difference is reported.
type viewPath struct {
	up    *viewPath
	pairs [][2]*macros.Element // the parent's children, paired; nil at the root
	i     int                  // the element's index in pairs
	tag   string               // the root's tag
}

func (p *viewPath) String() string {
	if p.up == nil {
		return "/" + p.tag
	}
	tag, n := p.pairs[p.i][0].Tag, 0
	for _, q := range p.pairs[:p.i+1] {
		if q[0].Tag == tag {
			n++
		}
	}
	return fmt.Sprintf("%s/%s[%d]", p.up, tag, n)
}

// element compares a and b and their subtrees (not their tails); it
// returns "" when they are equal, else where and how they first differ.
func (c *comparer) element(a, b *macros.Element, path *viewPath, root bool) string {
	if a.PI != b.PI || a.PI && (a.Tag != b.Tag || a.Text != b.Text) {
		return fmt.Sprintf("%s: processing instruction changed", path)
	}
	if a.Tag != b.Tag && !c.accept(func(ch *ViewChange) bool {
		return ch.Rename != nil && ch.Rename(a, b, false, a.Tag, b.Tag)
	}) {
		return fmt.Sprintf("%s: <%s> became <%s>", path, a.Tag, b.Tag)
	}
	if d := c.attrs(a, b); d != "" {
		return path.String() + ": " + d
	}
	data := c.isData(a.Tag) || c.isData(b.Tag)
	if !textEqual(a.Text, b.Text, data) && !c.accept(func(ch *ViewChange) bool {
		return ch.Text != nil && ch.Text(a, b)
	}) {
		return fmt.Sprintf("%s: text %s became %s", path, show(a.Text, b.Text), show(b.Text, a.Text))
	}
	var pairs [][2]*macros.Element
	if root && a.Tag == "tool" && b.Tag == "tool" {
		var d string
		if pairs, d = pairByTag(a.Children, b.Children); d != "" {
			return path.String() + ": " + d
		}
	} else {
		if len(a.Children) != len(b.Children) {
			return fmt.Sprintf("%s: %d children became %d", path, len(a.Children), len(b.Children))
		}
		pairs = make([][2]*macros.Element, len(a.Children))
		for i := range a.Children {
			pairs[i] = [2]*macros.Element{a.Children[i], b.Children[i]}
		}
	}
	for i, p := range pairs {
		sub := viewPath{up: path, pairs: pairs, i: i}
		if d := c.element(p[0], p[1], &sub, false); d != "" {
			return d
		}
		exact := data || c.exactTail != nil && c.exactTail(a, p[0])
		if !textEqual(p[0].Tail, p[1].Tail, exact) {
			return fmt.Sprintf("%s: text after it %s became %s", &sub, show(p[0].Tail, p[1].Tail), show(p[1].Tail, p[0].Tail))
		}
	}
	return ""
}

// pairByTag pairs the children of <tool> by tag, in order within each
// tag. Children left over on both sides (a tag renamed) pair up in
// document order, for the Rename hooks to judge.
func pairByTag(a, b []*macros.Element) ([][2]*macros.Element, string) {
	key := func(e *macros.Element) string {
		if e.PI {
			return "?" + e.Tag
		}
		return e.Tag
	}
	byTag := map[string][]*macros.Element{}
	for _, e := range b {
		byTag[key(e)] = append(byTag[key(e)], e)
	}
	var pairs [][2]*macros.Element
	var restA []*macros.Element
	for _, e := range a {
		k := key(e)
		if q := byTag[k]; len(q) > 0 {
			pairs = append(pairs, [2]*macros.Element{e, q[0]})
			byTag[k] = q[1:]
			continue
		}
		restA = append(restA, e)
	}
	var restB []*macros.Element
	for _, e := range b {
		if q := byTag[key(e)]; len(q) > 0 && q[0] == e {
			restB = append(restB, e)
			byTag[key(e)] = q[1:]
		}
	}
	if len(restA) != len(restB) {
		return nil, fmt.Sprintf("children %s became %s", tags(restA), tags(restB))
	}
	for i := range restA {
		pairs = append(pairs, [2]*macros.Element{restA[i], restB[i]})
	}
	return pairs, ""
}

func tags(es []*macros.Element) string {
	if len(es) == 0 {
		return "(none)"
	}
	var out []string
	for _, e := range es {
		out = append(out, "<"+e.Tag+">")
	}
	return strings.Join(out, " ")
}

// attrs compares the attributes of a and b as sets; it returns "" when
// they are equal up to accepted changes.
func (c *comparer) attrs(a, b *macros.Element) string {
	var removed, added []string
	for _, at := range a.Attrs {
		v, ok := b.Get(at.Name)
		switch {
		case !ok:
			removed = append(removed, at.Name)
		case v != at.Value && !c.acceptAttr(a, b, at.Name):
			return fmt.Sprintf("attribute %s=%s became %s", at.Name, show(at.Value, v), show(v, at.Value))
		}
	}
	for _, at := range b.Attrs {
		if _, ok := a.Get(at.Name); !ok {
			added = append(added, at.Name)
		}
	}
	// A removed and an added attribute with one value may be a rename.
	for i := 0; i < len(removed); i++ {
		from := removed[i]
		fv, _ := a.Get(from)
		for j, to := range added {
			if tv, _ := b.Get(to); tv != fv || !c.accept(func(ch *ViewChange) bool {
				return ch.Rename != nil && ch.Rename(a, b, true, from, to)
			}) {
				continue
			}
			removed = append(removed[:i], removed[i+1:]...)
			added = append(added[:j], added[j+1:]...)
			i--
			break
		}
	}
	for _, name := range removed {
		if !c.acceptAttr(a, b, name) {
			v, _ := a.Get(name)
			return fmt.Sprintf("attribute %s=%s was removed", name, show(v, ""))
		}
	}
	for _, name := range added {
		if !c.acceptAttr(a, b, name) {
			v, _ := b.Get(name)
			return fmt.Sprintf("attribute %s=%s was added", name, show(v, ""))
		}
	}
	return ""
}

// acceptAttr reports whether a declared change accepts the attribute
// called name differing between a and b, or two in a row do: the first
// giving it a value that it may (Revalue), the second taking it from
// there.
func (c *comparer) acceptAttr(a, b *macros.Element, name string) bool {
	if c.accept(func(ch *ViewChange) bool { return ch.Attr != nil && ch.Attr(a, b, name) }) {
		return true
	}
	for i, first := range c.allow {
		if first.Revalue == nil || first.Attr == nil {
			continue
		}
		for _, v := range first.Revalue(a, name) {
			mid := *a
			mid.Attrs = make([]macros.Attr, len(a.Attrs))
			for k, at := range a.Attrs {
				if at.Name == name {
					at = macros.Attr{Name: name, Value: v}
				}
				mid.Attrs[k] = at
			}
			if !first.Attr(a, &mid, name) {
				continue
			}
			for j, second := range c.allow {
				if j != i && second.Attr != nil && second.Attr(&mid, b, name) {
					c.used[i], c.used[j] = true, true
					return true
				}
			}
		}
	}
	return false
}

// accept reports whether some allowed change accepts a difference, and
// records the first that does.
func (c *comparer) accept(f func(*ViewChange) bool) bool {
	for i, ch := range c.allow {
		if f(ch) {
			c.used[i] = true
			return true
		}
	}
	return false
}

// textEqual reports whether two texts are equal, up to layout whitespace
// when they are not data.
func textEqual(a, b string, data bool) bool {
	return a == b || !data && isLayout(a) && isLayout(b)
}

// isLayout reports whether s is XML whitespace only (or empty).
func isLayout(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return false
		}
	}
	return true
}

// show quotes the part of s around its first difference from other,
// with whitespace made visible (· space, → tab, ↵ newline), shortened to
// a readable length.
func show(s, other string) string {
	i := 0
	for i < len(s) && i < len(other) && s[i] == other[i] {
		i++
	}
	const ctx = 24
	start, end := max(0, i-ctx), min(len(s), i+ctx)
	for start > 0 && start < len(s) && s[start]&0xC0 == 0x80 {
		start--
	}
	for end < len(s) && s[end]&0xC0 == 0x80 {
		end++
	}
	r := strings.NewReplacer(" ", "·", "\t", "→", "\n", "↵", "\r", "␍")
	out := `"` + r.Replace(s[start:end]) + `"`
	if start > 0 {
		out = "…" + out
	}
	if end < len(s) {
		out += "…"
	}
	return out
}
