package schema

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// probeElem is a tree to change names in: its Pos is the element itself,
// so that errors tell elements apart (corpus lines do not).
type probeElem struct {
	name  string
	attrs [][2]string
	kids  []*probeElem
	text  string
}

func (e *probeElem) Name() string                { return e.name }
func (e *probeElem) NumAttrs() int               { return len(e.attrs) }
func (e *probeElem) Attr(i int) (string, string) { return e.attrs[i][0], e.attrs[i][1] }
func (e *probeElem) NumChildren() int            { return len(e.kids) }
func (e *probeElem) Child(i int) Element         { return e.kids[i] }
func (e *probeElem) Text() string                { return e.text }
func (e *probeElem) Pos() any                    { return e }

// probeTree copies a testElem tree and lists its elements in document order.
func probeTree(t *testElem, all *[]*probeElem) *probeElem {
	e := &probeElem{name: t.name, attrs: slices.Clone(t.attrs), text: t.text}
	*all = append(*all, e)
	for _, k := range t.kids {
		e.kids = append(e.kids, probeTree(k, all))
	}
	return e
}

// misspell drops one character of s, or doubles it when s has one.
func misspell(r *rand.Rand, s string) string {
	if len(s) < 2 {
		return s + s
	}
	i := r.IntN(len(s))
	return s[:i] + s[i+1:]
}

// about returns the errors of a full validation that Recheck(i) stands
// for: those at el of the kind of errs[i] (an element not expected), or
// every error about el's attributes.
func about(errs []Error, el *probeElem, kind Kind) []string {
	var out []string
	for _, e := range errs {
		if e.Pos != any(el) {
			continue
		}
		attrErr := e.Kind == KindAttrNotAllowed || e.Kind == KindAttrMissing || e.Kind == KindValue && e.Attr != ""
		if kind == KindUnexpected && e.Kind == KindUnexpected || kind == KindAttrNotAllowed && attrErr {
			out = append(out, fmt.Sprintf("%s %q", e.Error(), e.Expected))
		}
	}
	return out
}

func rendered(errs []Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%s %q", e.Error(), e.Expected))
	}
	return out
}

// checkProbes validates root, then for every error a name change may take
// away tries the names cands returns and compares Recheck with what
// validating the whole tree again reports there. It returns how many
// names it tried.
func checkProbes(t *testing.T, s *set, root *probeElem, profile string, cands func(e Error) []string) int {
	t.Helper()
	probes := &Probes{}
	errs, _ := s.validateWith(nil, root, profile, false, probes)
	if want := s.validate(root, profile, false); !slices.Equal(rendered(errs), rendered(want)) {
		t.Fatalf("with probes, the errors differ:\n%q\nwithout:\n%q", rendered(errs), rendered(want))
	}
	tried := 0
	for i, e := range errs {
		if e.Kind != KindUnexpected && e.Kind != KindAttrNotAllowed {
			continue
		}
		el := e.Pos.(*probeElem)
		if _, ok := probes.Recheck(i); !ok {
			t.Fatalf("%s: no probe", e.Error())
		}
		j := slices.IndexFunc(el.attrs, func(a [2]string) bool { return a[0] == e.Attr })
		for _, name := range cands(e) {
			if e.Kind == KindUnexpected {
				el.name = name
			} else {
				if j < 0 {
					t.Fatalf("%s: no attribute %q", e.Error(), e.Attr)
				}
				el.attrs[j][0] = name
			}
			got, _ := probes.Recheck(i)
			want := about(s.validate(root, profile, false), el, e.Kind)
			if !slices.Equal(rendered(got), want) {
				t.Errorf("%s, renamed %q: Recheck says\n%q\nvalidating again says\n%q", e.Error(), name, rendered(got), want)
			}
			tried++
			if e.Kind == KindUnexpected {
				el.name = e.Element
			} else {
				el.attrs[j][0] = e.Attr
			}
		}
	}
	return tried
}

// TestRecheckCorpus misspells element and attribute names of the
// expanded corpus tools, moves children and declares namespaces, then
// checks that Recheck agrees with validating the tree again for every
// candidate name of every error it can probe: the expected names, the
// name as it was, names of other elements and attributes, and names in a
// declared and an undeclared namespace.
func TestRecheckCorpus(t *testing.T) {
	tools := loadCorpus(t)
	if testing.Short() {
		tools = tools[:len(tools)/10]
	}
	s := defaultSet()
	profiles := s.names
	tried := 0
	for n, ct := range tools {
		r := rand.New(rand.NewPCG(uint64(n), 16))
		var all []*probeElem
		root := probeTree(ct.root, &all)
		if r.IntN(4) == 0 {
			root.attrs = append(root.attrs, [2]string{"xmlns:q", "urn:q"})
		}
		if r.IntN(8) == 0 {
			el := all[r.IntN(len(all))]
			el.attrs = append(el.attrs, [2]string{"xmlns", "urn:d"})
		}
		for range 3 {
			el := all[r.IntN(len(all))]
			switch r.IntN(4) {
			case 0:
				if el != root {
					el.name = misspell(r, el.name)
				}
			case 1:
				if len(el.kids) > 1 {
					a, b := r.IntN(len(el.kids)), r.IntN(len(el.kids))
					el.kids[a], el.kids[b] = el.kids[b], el.kids[a]
				}
			default:
				if len(el.attrs) > 0 {
					a := &el.attrs[r.IntN(len(el.attrs))]
					if a[0] != "xmlns:q" {
						a[0] = misspell(r, a[0])
					}
				}
			}
		}
		other := func() *probeElem { return all[r.IntN(len(all))] }
		cands := func(e Error) []string {
			if e.Kind == KindUnexpected {
				out := []string{e.Element, other().name, "q:" + e.Element, "z:" + e.Element}
				for _, x := range e.Expected[:min(len(e.Expected), 3)] {
					out = append(out, x, "q:"+x)
				}
				return out
			}
			out := []string{e.Attr, "q:" + e.Attr, "z:" + e.Attr}
			for range 3 {
				// Recheck does not stand for a change of namespace
				// declarations.
				if o := other(); len(o.attrs) > 0 {
					if a := o.attrs[r.IntN(len(o.attrs))][0]; !isNSDecl(a) {
						out = append(out, a)
					}
				}
			}
			return out
		}
		tried += checkProbes(t, s, root, profiles[r.IntN(len(profiles))], cands)
		if t.Failed() {
			t.Fatalf("in %s", ct.path)
		}
	}
	t.Logf("%d tools, %d candidate names checked", len(tools), tried)
	if tried == 0 {
		t.Error("no candidate names checked")
	}
}

// TestRecheckTiny checks Recheck against validating again on a small
// schema with what the Galaxy schemas seldom use: an xs:all group, a
// sequence, an element of simple type, a type with no content model, a
// strict attribute wildcard and namespaced names.
func TestRecheckTiny(t *testing.T) {
	s := tinySet(t, `
<xs:element name="r"><xs:complexType><xs:all>
  <xs:element name="a" minOccurs="0"><xs:complexType><xs:sequence>
    <xs:element name="x" minOccurs="0"/><xs:element name="y" maxOccurs="unbounded"/>
  </xs:sequence><xs:attribute name="id" type="xs:integer"/><xs:anyAttribute namespace="##other"/></xs:complexType></xs:element>
  <xs:element name="s" type="xs:string" minOccurs="0"/>
  <xs:element name="e" minOccurs="0"><xs:complexType><xs:attribute name="v" fixed="one"/></xs:complexType></xs:element>
  <xs:element name="m" minOccurs="0"><xs:complexType mixed="true"><xs:sequence/></xs:complexType></xs:element>
</xs:all></xs:complexType></xs:element>`)
	docs := []string{
		`<r><b><y/></b><s/></r>`,
		`<r><a/><a/><s/></r>`,
		`<r><a><z/><y/></a></r>`,
		`<r><a><y/><x/></a></r>`,
		`<r xmlns:q="urn:q"><a><q:y/></a><q:s/></r>`,
		`<r><a di="1"><y/></a></r>`,
		`<r xmlns:q="urn:q"><a q:id="1" z="2"><y/></a></r>`,
		`<r><s vv="1"/></r>`,
		`<r><e w="one"/></r>`,
		`<r><m><n/></m></r>`,
		`<r><b xmlns="urn:d"/><a><y xmlns="urn:d"/></a></r>`,
		`<r xmlns:q="urn:q"><a><y/><q:x xmlns:q="urn:x"/></a></r>`,
	}
	names := []string{"a", "b", "s", "e", "m", "x", "y", "z", "id", "v", "q:y", "q:id", "q:x", "w:y", "xsi:x"}
	tried := 0
	for _, doc := range docs {
		var all []*probeElem
		root := probeTree(parseXML(t, doc), &all)
		tried += checkProbes(t, s, root, tinyProfile, func(Error) []string { return names })
	}
	if tried == 0 {
		t.Error("no candidate names checked")
	}
}
