package macros

import (
	"bytes"
	"slices"
	"strings"
	"unsafe"

	"github.com/galaxy-gtr/gtr/cst"
)

// tokenTable is an ordered token dictionary (a Python dict in Galaxy):
// assigning an existing name keeps its place and replaces its value.
type tokenTable struct {
	list []tokenDef
	// first marks the first bytes of the names, so that strings holding
	// none of them are skipped without a search per token. nFirst counts
	// them; when it is one, as when every name is quoted with "@", that
	// byte is only and strings.IndexByte finds it fastest.
	first    [256]bool
	nFirst   int
	only     byte
	hasEmpty bool
	// res holds the sources of the files, to tell whether a piece of a
	// substituted string maps exactly onto source bytes.
	res *Result
}

type tokenDef struct {
	name    string
	value   string
	written string // the value as defined, before nested substitution
	origin  Origin
	def     Loc // the <token> element, or the attribute giving a parameter's value

	// exact caches, once cached is set, whether an origin without parts
	// maps exactly onto its source (see Origin.parts), which costs a scan
	// of the source; a token is substituted into many strings.
	exact, cached bool
}

// valueParts returns the origin of d.value as a list of parts; one holds
// the single part of an origin without parts.
func (d *tokenDef) valueParts(res *Result, one *[1]Part) []Part {
	if d.origin.Parts != nil {
		return d.origin.Parts
	}
	if !d.cached {
		d.exact = d.origin.parts(len(d.value), res, one)[0].exact
		d.cached = true
	}
	one[0] = Part{Loc: d.origin.Loc, exact: d.exact}
	return one[:]
}

func (t *tokenTable) set(d tokenDef) {
	for i := range t.list {
		if t.list[i].name == d.name {
			t.list[i] = d
			return
		}
	}
	t.list = append(t.list, d)
	if d.name == "" {
		t.hasEmpty = true
	} else if b := d.name[0]; !t.first[b] {
		t.first[b] = true
		t.nFirst++
		t.only = b
	}
}

func (t *tokenTable) get(name string) *tokenDef {
	for i := range t.list {
		if t.list[i].name == name {
			return &t.list[i]
		}
	}
	return nil
}

func (t *tokenTable) len() int { return len(t.list) }

// mayHold reports whether s could contain a token name.
func (t *tokenTable) mayHold(s string) bool {
	if t.hasEmpty {
		return true
	}
	if t.nFirst == 1 {
		if len(s) >= 16 {
			return strings.IndexByte(s, t.only) >= 0
		}
		// Most names and values are short, and a plain loop beats the
		// call to the vectorised search.
		for i := 0; i < len(s); i++ {
			if s[i] == t.only {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(s); i++ {
		if t.first[s[i]] {
			return true
		}
	}
	return false
}

// apply substitutes the tokens in s in table order, each one everywhere at
// once, as Galaxy's _expand_tokens_str does. changed reports whether any
// token occurred, which is what Galaxy's identity test ("is not") sees.
// bad is the token whose substitution the budget b refused (then s is
// left as it was), nil otherwise.
func (t *tokenTable) apply(s string, o Origin, b *budget, mem *subMem) (out string, oo Origin, changed bool, bad *tokenDef) {
	if len(t.list) == 0 || !t.mayHold(s) {
		return s, o, false, nil
	}
	return t.applyAll(s, o, b, mem)
}

// applyAll is apply for a non-empty table and a string that mayHold a
// token. The strings and parts it makes are cut from mem, or allocated
// when mem is nil.
func (t *tokenTable) applyAll(s string, o Origin, b *budget, mem *subMem) (out string, oo Origin, changed bool, bad *tokenDef) {
	// Every token is searched for in s: with many tokens and many strings
	// that is work in their product, which the budget bounds.
	if !b.spend(len(t.list) * (1 + len(s)>>scanShift)) {
		return s, o, false, &t.list[0]
	}
	var one [1]Part
	for i := range t.list {
		d := &t.list[i]
		if strings.Contains(s, d.name) {
			var ok bool
			if s, o, ok = substitute(s, o, d.name, d.value, d.valueParts(t.res, &one), t.res, b, mem); !ok {
				return s, o, changed, d
			}
			changed = true
		}
	}
	return s, o, changed, nil
}

// expandNested substitutes token names inside other tokens' values exactly
// as Galaxy's expand_nested_tokens does: for each name in order, in every
// value in order, using the values as they stand at that moment. A token
// found in its own value is an error, returned as the offending index
// self; a value whose substitution b refuses is returned as over (a token
// that holds another twice, which holds another twice, ... grows
// exponentially). Either is -1 when there is none.
func (t *tokenTable) expandNested(b *budget) (self, over int) {
	var one [1]Part
	for i := range t.list {
		name := t.list[i].name
		// Each name is searched for in every value: work in the square of
		// the tokens, which the budget bounds.
		if !b.spend(len(t.list)) {
			return -1, i
		}
		for j := range t.list {
			cur := &t.list[j]
			if !strings.Contains(cur.value, name) {
				continue
			}
			if i == j {
				return i, -1
			}
			v, o, ok := substitute(cur.value, cur.origin, name, t.list[i].value, t.list[i].valueParts(t.res, &one), t.res, b, nil)
			if !ok {
				return -1, j
			}
			cur.value, cur.origin = v, o
		}
	}
	return -1, -1
}

// substitute replaces every occurrence of key in s by val (Python's
// str.replace) and works out the origin of the result piece by piece; vp
// is the origin of val as parts (see tokenDef.valueParts). The result is
// charged to b before it is built; ok is false, and s returned as it is,
// when b refuses it. The result is cut from mem, or allocated when mem is
// nil.
func substitute(s string, o Origin, key, val string, vp []Part, res *Result, b *budget, mem *subMem) (_ string, _ Origin, ok bool) {
	if key == "" {
		// Python inserts val between every two characters; keep the origin
		// coarse rather than tracking each insertion.
		if !b.spend((len(s)+1)*len(val) + len(s) + partCost) {
			return s, o, false
		}
		return strings.ReplaceAll(s, key, val), Origin{Loc: o.Loc, Parts: []Part{{Loc: o.Loc}}}, true
	}
	// An origin without parts becomes one part, kept on the stack: cutParts
	// copies what it needs.
	var sOne [1]Part
	sp := o.parts(len(s), res, &sOne)
	// Every occurrence adds the parts of val and may split one of s.
	n := strings.Count(s, key)
	size, nParts := len(s)+n*(len(val)-len(key)), len(sp)+n*(len(vp)+1)
	if !b.spend(size + nParts*partCost) {
		return s, o, false
	}
	var own strings.Builder
	sb, base := &own, 0
	var out []Part
	if mem != nil {
		sb, base = mem.text(size), mem.texts.Len()
		out = mem.partSlice(nParts)
	} else {
		sb.Grow(size)
		out = make([]Part, 0, nParts)
	}
	pos := 0
	for {
		j := strings.Index(s[pos:], key)
		if j < 0 {
			break
		}
		j += pos
		out = cutParts(out, sp, len(s), pos, j, sb.Len()-base, "")
		sb.WriteString(s[pos:j])
		out = cutParts(out, vp, len(val), 0, len(val), sb.Len()-base, key)
		sb.WriteString(val)
		pos = j + len(key)
	}
	out = cutParts(out, sp, len(s), pos, len(s), sb.Len()-base, "")
	sb.WriteString(s[pos:])
	return sb.String()[base:], Origin{Loc: o.Loc, Parts: out}, true
}

// subMem is where the substitutions of one expansion cut the strings,
// parts and part lists of their results from, in a few chunks rather than
// an allocation or three for every string changed. The chunks stay with
// the Result, whose strings and origins they hold; a strings.Builder
// never changes the bytes of a string it returned.
type subMem struct {
	texts strings.Builder
	parts []Part
	lists [][]Part
}

// text returns the builder to write a string of n bytes to, after what
// it holds.
func (m *subMem) text(n int) *strings.Builder {
	if m.texts.Cap()-m.texts.Len() < n {
		size := nextChunk(m.texts.Cap(), 1)
		m.texts = strings.Builder{}
		m.texts.Grow(max(n, size))
	}
	return &m.texts
}

// partSlice returns an empty slice of capacity n; appending past n
// reallocates.
func (m *subMem) partSlice(n int) []Part {
	if cap(m.parts)-len(m.parts) < n {
		m.parts = make([]Part, 0, max(n, nextChunk(cap(m.parts), int(unsafe.Sizeof(Part{})))))
	}
	s := m.parts[len(m.parts) : len(m.parts) : len(m.parts)+n]
	m.parts = m.parts[:len(m.parts)+n]
	return s
}

// origin returns the compact form of o, its list of parts kept in m.
func (m *subMem) origin(o Origin) origin {
	out := originAt(o.Loc.Span)
	if o.Parts != nil {
		if len(m.lists) == cap(m.lists) {
			m.lists = make([][]Part, 0, nextChunk(cap(m.lists), int(unsafe.Sizeof([]Part(nil)))))
		}
		m.lists = append(m.lists, o.Parts)
		out.parts = &m.lists[len(m.lists)-1]
	}
	return out
}

// nextChunk returns the length of the chunk that follows one of length n,
// of items of size bytes: most expansions substitute a few strings, some
// thousands, so chunks start small and double.
func nextChunk(n, size int) int {
	return min(max(2*n, 128/size), 2048/size)
}

// parts returns the origin of a string of length n as a list of parts;
// one holds the single part of an origin without parts.
func (o Origin) parts(n int, res *Result, one *[1]Part) []Part {
	if o.Parts != nil {
		return o.Parts
	}
	exact := false
	if res != nil {
		exact = exactSpan(res.source(o.Loc.File), o.Loc.Span, n)
	}
	one[0] = Part{Off: 0, Loc: o.Loc, exact: exact}
	return one[:]
}

// exactSpan reports whether a decoded string of length n maps byte for
// byte onto the source span sp: same length, and no reference, CDATA,
// comment or carriage return in between.
func exactSpan(src []byte, sp cst.Span, n int) bool {
	if sp.Len() != n || sp.Start < 0 || sp.End > len(src) {
		return false
	}
	raw := src[sp.Start:sp.End]
	if len(raw) < 32 {
		for _, b := range raw {
			if b == '&' || b == '<' || b == '\r' {
				return false
			}
		}
		return true
	}
	// Three vectorised searches beat IndexAny, which tests byte by byte,
	// on the long texts (commands, help) that tokens are substituted into.
	return bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '<') < 0 && bytes.IndexByte(raw, '\r') < 0
}

// cutParts appends the pieces of parts (covering a string of length n) that
// fall in [a, b), placed at offset base of the new string. Pieces without a
// token are attributed to tok.
func cutParts(out, parts []Part, n, a, b, base int, tok string) []Part {
	for k, p := range parts {
		end := n
		if k+1 < len(parts) {
			end = parts[k+1].Off
		}
		lo, hi := max(a, p.Off), min(b, end)
		if lo >= hi {
			continue
		}
		q := p
		q.Off = base + lo - a
		if q.Token == "" {
			q.Token = tok
		}
		if p.exact {
			d := lo - p.Off
			q.Loc.Span = spanOf(p.Loc.Span.Start+d, p.Loc.Span.Start+d+hi-lo)
		}
		out = append(out, q)
	}
	return out
}

// substitute replaces tokens in the text, attribute values and attribute
// names of el and its descendants, not in tails (_expand_tokens_for_el).
func (x *expander) substitute(el *Element, t *tokenTable) error {
	if t.len() == 0 {
		// Nothing can change: the walk is skipped.
		return nil
	}
	return x.substituteTree(el, t, nil)
}

// substituteTree is substitute for a table with at least one token. The
// origin of a string is only built for a string that may hold a token.
// With u, the walk passes over the subtrees u skips (and marks no
// element as changed: it is the last); without, it marks the elements
// whose strings it changes.
// The walk keeps its own stack: a macro body may be deeper than the call
// stack should go before the expansion's depth is checked.
func (x *expander) substituteTree(el *Element, t *tokenTable, u *untouched) error {
	// The stack holds the children lists being gone through, as deep as
	// the tree rather than as wide.
	var buf [32][]*Element
	stack := buf[:0]
	for {
		if u == nil || !u.skips(el) {
			if el.Text != "" && t.mayHold(el.Text) {
				s, o, changed, bad := t.applyAll(el.Text, el.TextOrigin(), x.budget, &x.sub)
				if bad != nil {
					return x.tokenOver(bad)
				}
				if changed {
					el.Text, el.text = s, x.sub.origin(o)
					if u == nil {
						x.touch(el)
					}
				}
			}
			if len(el.Attrs) > 0 {
				if err := x.substituteAttrs(el, t, u == nil); err != nil {
					return err
				}
			}
			// In document order, as Galaxy goes: an error names the first.
			if len(el.Children) > 0 {
				stack = append(stack, el.Children)
			}
		}
		for len(stack) > 0 && len(stack[len(stack)-1]) == 0 {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return nil
		}
		top := &stack[len(stack)-1]
		el = (*top)[0]
		*top = (*top)[1:]
	}
}

// tokenOver reports a token whose substitution the budget refused.
func (x *expander) tokenOver(d *tokenDef) error {
	return x.budget.over(x.res.pos(d.def), "token "+d.name)
}

// substituteAttrs follows Galaxy's loop over a snapshot of the attributes:
// a changed value is stored; a changed name stores the current value under
// the new name (in place when that name exists, else at the end) and then
// deletes the old name, even when both names are equal.
func (x *expander) substituteAttrs(el *Element, t *tokenTable, mark bool) error {
	names := false
	for i := range el.Attrs {
		if t.mayHold(el.Attrs[i].Name) {
			names = true
			break
		}
	}
	file := el.Loc.File
	if !names {
		// No name changes, so the attributes keep their places (their names
		// are distinct: the parser rejects duplicates) and only values are
		// stored; a snapshot would equal the attributes as they are read.
		for i := range el.Attrs {
			a := &el.Attrs[i]
			if !t.mayHold(a.Value) {
				continue
			}
			v, o, changed, bad := t.applyAll(a.Value, a.value.export(file), x.budget, &x.sub)
			if bad != nil {
				return x.tokenOver(bad)
			}
			if changed {
				a.Value, a.value = v, x.sub.origin(o)
				if mark {
					x.touch(el)
				}
			}
		}
		return nil
	}
	if mark {
		x.touch(el) // names may change: marked whether or not they do
	}
	snapshot := slices.Clone(el.Attrs)
	for _, a := range snapshot {
		v, o, changed, bad := t.apply(a.Value, a.value.export(file), x.budget, &x.sub)
		if bad != nil {
			return x.tokenOver(bad)
		}
		if changed {
			i := el.attrIndex(a.Name)
			el.Attrs[i].Value, el.Attrs[i].value = v, x.sub.origin(o)
		}
		name, no, changed, bad := t.apply(a.Name, a.name.export(file), x.budget, &x.sub)
		if bad != nil {
			return x.tokenOver(bad)
		}
		if !changed {
			continue
		}
		if !validAttrName(name) {
			return errorf(ErrAttrName, x.res.pos(Loc{file, a.name.span()}), "ValueError: Invalid attribute name "+pyRepr(name),
				"token substitution turns attribute %s into the invalid name %q", a.Name, name)
		}
		cur := el.Attrs[el.attrIndex(a.Name)]
		cur.Name, cur.name = name, x.sub.origin(no)
		if j := el.attrIndex(name); j >= 0 {
			el.Attrs[j].Value, el.Attrs[j].value = cur.Value, cur.value
		} else {
			el.Attrs = append(el.Attrs, cur)
		}
		i := el.attrIndex(a.Name)
		el.Attrs = slices.Delete(el.Attrs, i, i+1)
	}
	return nil
}

// validAttrName reports whether lxml accepts name for an attribute: an XML
// name without a colon.
func validAttrName(name string) bool {
	if name == "" || strings.ContainsRune(name, ':') {
		return false
	}
	t := cst.Parse("", []byte("<x "+name+"=''/>"))
	if !t.WellFormed() {
		return false
	}
	n := 0
	for a := range t.RootElement().Attrs() {
		if a.Name() != name {
			return false
		}
		n++
	}
	return n == 1
}
