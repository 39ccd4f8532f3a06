package refs

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// scope is where a binding holds: from start to end of the template text.
type scope struct {
	name       string
	start, end int
}

// template indexes sec, a Cheetah template (or, with sec.Python, a Python
// expression), whose text l locates, with the references a template of
// that kind reads. base is the offset of the template in sec.Text (the
// expression, past its leading blanks); t is its parse.
func (b *builder) template(sec *Section, l *locator, t *cheetah.Template, base int) {
	if errs := t.Errors(); len(errs) > 0 {
		sec.Err = errs[0].Msg
	}
	kind := KindCheetah
	if sec.Python {
		kind = KindPython
	}
	members := slices.Collect(t.Members())
	scopes, aliases := b.bindings(sec, l, t, base, members)
	add := func(list *[]Ref, name string, start, end int, ref string, member bool) {
		loc, exact, tok := l.locate(base+start, base+end)
		*list = append(*list, Ref{Name: name, Kind: kind, Section: sec.Name, Reference: ref, Loc: loc, Exact: exact,
			Token: tok, Member: member, At: View{Elem: sec.At.Elem, Attr: sec.At.Attr, Start: base + start, End: base + end}})
	}
	for r := range t.References() {
		list := &b.x.Refs
		if bound(scopes, r.Name, r.Span.Start) {
			list = &b.x.Local
		}
		add(list, r.Name, r.Span.Start, r.Span.End, refText(r.Node, r.Name), false)
	}
	for _, m := range members {
		if m.Lookup {
			b.lookup(sec, t, m, scopes, aliases, add)
			continue
		}
		list, ok := b.member(m.Name, m.Receiver, m.Span.Start, scopes, aliases)
		if !ok {
			continue
		}
		add(list, m.Name, m.Span.Start, m.Span.End, memberText(t, m), true)
	}
	if sec.Python {
		b.pyStrings(t, members, add)
	}
}

// member decides what a member called name, read from recv at offset off,
// is: a reference to a parameter of a group (listed in Refs), a member a
// group does not hold (Stray), a member of something that cannot be
// resolved (Unresolved), or none of the index's business (false).
func (b *builder) member(name, recv string, off int, scopes []scope, aliases map[string][]string) (*[]Ref, bool) {
	groups := aliases[recv]
	if !bound(scopes, recv, off) {
		groups = nil
		if b.members[recv] != nil {
			groups = []string{recv}
		}
	}
	for _, g := range groups {
		if b.members[g][name] {
			return &b.x.Refs, true
		}
	}
	if len(groups) > 0 {
		// Read from a group that holds no such parameter.
		return &b.x.Stray, true
	}
	if recv != "" && !bound(scopes, recv, off) && (b.known[recv] || wrapperAttrs[recv] || Reserved(recv) || recv == "tool") {
		// A member of a parameter that is not a group (the ext of a
		// dataset), of what Galaxy's wrappers give ($x.metadata.y) or
		// of an object Galaxy provides ($tool.name).
		return nil, false
	}
	return &b.x.Unresolved, true
}

// lookup indexes the name a lookup function is given: its first segment
// is a reference, the others members of the segment before.
func (b *builder) lookup(sec *Section, t *cheetah.Template, m cheetah.Member, scopes []scope, aliases map[string][]string,
	add func(*[]Ref, string, int, int, string, bool)) {
	text := t.Source()[m.Span.Start-1 : m.Span.End+1]
	off := m.Span.Start
	prev := ""
	for i, seg := range strings.Split(m.Name, ".") {
		start, end := off, off+len(seg)
		off = end + 1
		if i == 0 {
			list := &b.x.Refs
			if bound(scopes, seg, start) {
				list = &b.x.Local
			}
			add(list, seg, start, end, text, false)
			prev = seg
			continue
		}
		if list, ok := b.member(seg, prev, start, scopes, aliases); ok {
			add(list, seg, start, end, text, true)
		}
		prev = seg
	}
}

// pyStrings lists the string literals of a Python expression whose value
// is a name and that are not keys of a group.
func (b *builder) pyStrings(t *cheetah.Template, members []cheetah.Member, add func(*[]Ref, string, int, int, string, bool)) {
	keys := map[int]bool{}
	for _, m := range members {
		if m.Key && m.Receiver != "" {
			keys[m.Span.Start] = true
		}
	}
	src := t.Source()
	for tok := range t.Tokens() {
		if tok.Kind != cheetah.TokString {
			continue
		}
		lit := src[tok.Span.Start:tok.Span.End]
		if len(lit) < 3 {
			continue
		}
		q := lit[len(lit)-1]
		i := strings.IndexByte(lit, q)
		val := lit[i+1 : len(lit)-1]
		if !IsName(val) || keys[tok.Span.Start+i+1] {
			continue
		}
		start := tok.Span.Start + i + 1
		add(&b.x.Strings, val, start, start+len(val), lit, false)
	}
}

// wrapperAttrs are attributes of the values Galaxy gives parameters and
// outputs in templates (datasets, collections, selects), read as
// "$x.metadata.y": what is read from them is not a parameter.
var wrapperAttrs = map[string]bool{
	"metadata": true, "ext": true, "extension": true, "name": true, "element_identifier": true, "file_name": true,
	"files_path": true, "extra_files_path": true, "dataset": true, "dbkey": true, "hid": true, "id": true,
	"value": true, "fields": true, "is_collection": true, "is_input_supplied": true, "datatype": true,
	"history": true, "user": true, "config": true, "app": true, "creating_job": true,
}

// bindings records the names t binds and returns where each holds, and
// the aliases of groups: names bound to a group or to its items ("#for
// $r in $repeat", "#set $c = $cond").
func (b *builder) bindings(sec *Section, l *locator, t *cheetah.Template, base int, members []cheetah.Member) ([]scope, map[string][]string) {
	var scopes []scope
	var aliases map[string][]string
	var dirs map[int]cheetah.Node
	for bd := range t.Bindings() {
		if dirs == nil {
			dirs = map[int]cheetah.Node{}
			for d := range t.Directives() {
				dirs[d.Span().Start] = d
			}
		}
		loc, _, _ := l.locate(base+bd.Span.Start, base+bd.Span.End)
		b.x.Bindings = append(b.x.Bindings, Binding{Name: bd.Name, Directive: bd.Kind.String(), Section: sec.Name, Loc: loc})
		d := dirs[bd.Directive]
		sc := scope{name: bd.Name, start: d.Span().End, end: len(t.Source())}
		switch bd.Kind {
		case cheetah.BindDef:
			sc.start = 0
		case cheetah.BindParam:
			if blk := enclosing(d); blk.Kind() == cheetah.KindBlock {
				sc.start, sc.end = blk.Span().Start, blk.Span().End
			}
		case cheetah.BindSetGlobal:
		default:
			if blk := method(d); blk.Kind() == cheetah.KindBlock {
				sc.end = blk.Span().End
			}
		}
		scopes = append(scopes, sc)
		if bd.Kind != cheetah.BindFor && bd.Kind != cheetah.BindSet || len(b.members) == 0 {
			continue
		}
		for r := range d.References() {
			if b.members[r.Name] != nil && r.Name != bd.Name {
				if aliases == nil {
					aliases = map[string][]string{}
				}
				aliases[bd.Name] = append(aliases[bd.Name], r.Name)
			}
		}
		for _, m := range members {
			if d.Span().Start <= m.Span.Start && m.Span.End <= d.Span().End && b.members[m.Name] != nil {
				if aliases == nil {
					aliases = map[string][]string{}
				}
				aliases[bd.Name] = append(aliases[bd.Name], m.Name)
			}
		}
	}
	return scopes, aliases
}

// bound reports whether a binding of name holds at offset off.
func bound(scopes []scope, name string, off int) bool {
	for _, s := range scopes {
		if s.name == name && s.start <= off && off < s.end {
			return true
		}
	}
	return false
}

// enclosing returns the block whose heading directive d is.
func enclosing(d cheetah.Node) cheetah.Node {
	if br := d.Parent(); br.Kind() == cheetah.KindBranch {
		return br.Parent()
	}
	return cheetah.Node{}
}

// method returns the #def, #block or #closure block holding d, which
// Cheetah compiles to a method of its own, or the zero Node at the top.
func method(d cheetah.Node) cheetah.Node {
	for n := d.Parent(); n.Kind() != cheetah.KindInvalid; n = n.Parent() {
		if n.Kind() == cheetah.KindBlock {
			switch n.Name() {
			case "def", "block", "closure":
				return n
			}
		}
	}
	return cheetah.Node{}
}

// maxRefText bounds the text a reference is shown as.
const maxRefText = 80

// refText returns how a reference to name held by n is shown: the
// placeholder as written, or the bare name in a directive.
func refText(n cheetah.Node, name string) string {
	if n.Kind() != cheetah.KindPlaceholder {
		return name
	}
	return clip(n.Text())
}

// memberText returns how a member is shown: its placeholder, or the
// receiver and the member as the directive writes them.
func memberText(t *cheetah.Template, m cheetah.Member) string {
	if m.Node.Kind() == cheetah.KindPlaceholder {
		return clip(m.Node.Text())
	}
	if m.Key {
		return m.Receiver + "[" + t.Source()[m.Span.Start-1:m.Span.End+1] + "]"
	}
	if m.Receiver == "" {
		return "." + m.Name
	}
	return m.Receiver + "." + m.Name
}

// clip shortens s to maxRefText bytes, on a character boundary.
func clip(s string) string {
	if len(s) <= maxRefText {
		return s
	}
	i := maxRefText
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}
