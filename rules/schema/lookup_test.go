package schema

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// TestNamesFind checks the hash table of [names] against a map over
// random name sets, probing members and non-members alike.
func TestNamesFind(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Few letters and lengths around the four and eight bytes
		// nameKey reads at each end, so that names often share a key
		// or a slot; long names that differ only in the middle share a
		// key too.
		name := rapid.OneOf(
			rapid.StringOfN(rapid.RuneFrom([]rune("ab:")), 0, 20, -1),
			rapid.Custom(func(t *rapid.T) string {
				return strings.Repeat("a", rapid.IntRange(254, 258).Draw(t, "long")) + rapid.StringOfN(rapid.RuneFrom([]rune("ab")), 0, 2, -1).Draw(t, "tail")
			}),
		)
		set := rapid.SliceOfDistinct(name, func(s string) string { return s }).Draw(t, "set")
		n := newNames(set)
		want := map[string]int{}
		for i, s := range set {
			want[s] = i
		}
		probes := append(rapid.SliceOf(name).Draw(t, "probes"), set...)
		for _, p := range probes {
			i, ok := want[p]
			if !ok {
				i = -1
			}
			if got := n.find(p); got != i {
				t.Fatalf("find(%q) = %d, want %d in %q", p, got, i, set)
			}
		}
	})
}

// schemaNames lists every element and attribute name in the tables, and
// a few that are none, as lookup probes.
func schemaNames() []string {
	probes := []string{"", "x", "nope", "xmlns", "param "}
	for _, e := range tables.Elems[1:] {
		probes = append(probes, e.Name)
	}
	for _, a := range tables.Attrs[1:] {
		probes = append(probes, a.Name)
	}
	return probes
}

// TestAttrLookup checks every complex type's sorted attribute uses against
// a map built from the tables, as the validator used to look them up.
func TestAttrLookup(t *testing.T) {
	c := newCompiler(tables)
	if _, err := c.compile(); err != nil {
		t.Fatal(err)
	}
	probes := schemaNames()
	for i := 1; i < len(tables.Complex); i++ {
		ct := c.complex[i]
		want := map[string]bool{}
		var required []string
		for _, a := range tables.Complex[i].Attrs {
			ta := tables.Attrs[a]
			want[ta.Name] = ta.Required
			if ta.Required {
				required = append(required, ta.Name)
			}
		}
		for _, p := range probes {
			j := ct.attrNames.find(p)
			req, ok := want[p]
			if ok != (j >= 0) || (ok && (ct.attrs[j].name != p || ct.attrs[j].required != req)) {
				t.Fatalf("complex type %d: attribute %q found at %d, want declared %v", i, p, j, ok)
			}
		}
		var got []string
		for _, u := range ct.required {
			got = append(got, u.name)
		}
		if !slices.Equal(got, required) {
			t.Fatalf("complex type %d: required %q, want %q", i, got, required)
		}
	}
}

// TestModelsAgree determinises every content model of the tables and
// compares the automaton with the one the previous construction built
// (refDeterminise: maps keyed by fmt.Sprint of position sets), probing
// every state with every name of the schema.
func TestModelsAgree(t *testing.T) {
	c := newCompiler(tables)
	if _, err := c.compile(); err != nil {
		t.Fatal(err)
	}
	probes := schemaNames()
	models := 0
	for i := 1; i < len(tables.Complex); i++ {
		lm := c.complex[i].model
		if lm == nil {
			continue
		}
		models++
		ref := refDeterminise(lm.g, lm.nullable, lm.first, lm.last)
		m := lm.get()
		if len(m.states) != len(ref) {
			t.Fatalf("complex type %d: %d states, want %d", i, len(m.states), len(ref))
		}
		for si, rs := range ref {
			st := &m.states[si]
			if st.final != rs.final || !slices.Equal(st.expected, rs.expected) || st.expectedText != expectedText(rs.expected) {
				t.Fatalf("complex type %d state %d: final %v expected %q, want %v %q", i, si, st.final, st.expected, rs.final, rs.expected)
			}
			if len(st.wild) != len(rs.wild) {
				t.Fatalf("complex type %d state %d: %d wildcard classes, want %d", i, si, len(st.wild), len(rs.wild))
			}
			for ns, e := range rs.wild {
				if st.wild[ns] != e {
					t.Fatalf("complex type %d state %d: wildcard edge %q differs", i, si, ns)
				}
			}
			for _, p := range probes {
				got, gok := m.step(int32(si), "", p)
				want, wok := rs.next[p]
				if !wok && rs.wild != nil {
					want, wok = rs.wild[""]
				}
				if gok != wok || got != want {
					t.Fatalf("complex type %d state %d: step(%q) = %v %v, want %v %v", i, si, p, got, gok, want, wok)
				}
			}
		}
	}
	if models == 0 {
		t.Fatal("no content models")
	}
}

// TestLazyModelConcurrent builds one model from many goroutines at once
// (run with -race): every caller must get the one automaton.
func TestLazyModelConcurrent(t *testing.T) {
	c := newCompiler(tables)
	if _, err := c.compile(); err != nil {
		t.Fatal(err)
	}
	var lm *lazyModel
	for _, ct := range c.complex[1:] {
		if ct.model != nil && (lm == nil || len(ct.model.g.pos) > len(lm.g.pos)) {
			lm = ct.model // the largest, so that the goroutines overlap
		}
	}
	if lm == nil {
		t.Fatal("no content model")
	}
	got := make([]*model, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = lm.get() })
	}
	wg.Wait()
	for _, m := range got {
		if m == nil || m != got[0] {
			t.Fatalf("concurrent get returned %p, want %p", m, got[0])
		}
	}
}

// refState is a state of refDeterminise's automaton.
type refState struct {
	final    bool
	next     map[string]edge
	wild     map[string]edge
	expected []string
}

// refDeterminise is the subset construction as it was before states kept
// sorted transition slices, kept as the reference for TestModelsAgree.
func refDeterminise(g *glushkov, nullable bool, first, last []int) []refState {
	uniqClone := func(s []int) []int {
		s = slices.Clone(s)
		slices.Sort(s)
		return slices.Compact(s)
	}
	isLast := make([]bool, len(g.pos))
	for _, l := range last {
		isLast[l] = true
	}
	var states []refState
	index := map[string]int32{}
	var sets [][]int
	add := func(set []int) int32 {
		set = uniqClone(set)
		key := fmt.Sprint(set)
		if i, ok := index[key]; ok {
			return i
		}
		i := int32(len(states))
		index[key] = i
		sets = append(sets, set)
		states = append(states, refState{})
		return i
	}
	add(nil)
	for i := 0; i < len(states); i++ {
		var succ []int
		final := false
		if i == 0 {
			succ = first
			final = nullable
		} else {
			for _, p := range sets[i] {
				succ = append(succ, g.follow[p]...)
				if isLast[p] {
					final = true
				}
			}
		}
		succ = uniqClone(succ)
		st := refState{final: final}
		var wilds []int
		for _, p := range succ {
			if g.pos[p].wild != nil {
				wilds = append(wilds, p)
			}
		}
		for _, p := range succ {
			d := g.pos[p].decl
			if d == nil {
				continue
			}
			if _, done := st.next[d.name]; done {
				continue
			}
			var target []int
			for _, q := range succ {
				if qd := g.pos[q].decl; qd != nil && qd.name == d.name {
					target = append(target, q)
				}
			}
			for _, q := range wilds {
				if g.pos[q].wild.allows("") {
					target = append(target, q)
				}
			}
			if st.next == nil {
				st.next = map[string]edge{}
			}
			st.next[d.name] = edge{to: add(target), decl: d}
			st.expected = append(st.expected, d.name)
		}
		if len(wilds) > 0 {
			st.wild = map[string]edge{}
			for _, ns := range nsClasses(g.pos, wilds) {
				var target []int
				for _, q := range wilds {
					if g.pos[q].wild.allows(ns) || (ns == otherNS && g.pos[q].wild.allowsOther()) {
						target = append(target, q)
					}
				}
				if len(target) > 0 {
					st.wild[ns] = edge{to: add(target), wild: g.pos[target[0]].wild}
				}
			}
			for _, q := range wilds {
				st.expected = append(st.expected, g.pos[q].wild.String())
			}
		}
		states[i] = st
	}
	return states
}

// TestPrepareBuildsNewest checks that Prepare leaves the content models of
// the newest profile built, so that validating at it builds none.
func TestPrepareBuildsNewest(t *testing.T) {
	Prepare()
	s := defaultSet()
	newest := s.profiles[s.newestFirst[0]]
	built, total := 0, 0
	for _, d := range newest.globals {
		if d.ct != nil && d.ct.all != nil {
			for _, it := range d.ct.all.items {
				if ct := it.decl.ct; ct != nil && ct.model != nil {
					total++
					if ct.model.g == nil {
						built++
					}
				}
			}
		}
	}
	if total == 0 || built != total {
		t.Fatalf("%d of the %d content models below the newest profile's xs:all roots are built", built, total)
	}
}

// TestClassPattern checks the fast matcher of class patterns against the
// regexp it stands in for, over values mostly of class bytes and commas.
func TestClassPattern(t *testing.T) {
	for _, p := range []string{
		"[0-9a-z._-]+",
		"([a-z0-9._-]+)(,([a-z0-9._-]+))*",
		"[a-c,]+",
		"[\\d]+", // an escape: no fast matcher
		"([a-c]+)(,([a-d]+))*",
		"([a-c,]+)(,([a-c,]+))*",
	} {
		g, err := translatePattern(p)
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(`^(?:` + g + `)$`)
		c := newClassPattern(p, re)
		t.Logf("%s: fast matcher %v", p, c != nil)
		if c == nil {
			continue
		}
		rapid.Check(t, func(t *rapid.T) {
			s := rapid.StringOfN(rapid.RuneFrom([]rune("abz09._-,,A \n\x00é")), 0, 12, -1).Draw(t, "s")
			ok, sure := c.match(s)
			if want := re.MatchString(s); sure && ok != want {
				t.Fatalf("%s: match(%q) = %v, regexp says %v", p, s, ok, want)
			}
			if !sure && utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) < 0 {
				t.Fatalf("%s: match(%q) not sure of ASCII", p, s)
			}
		})
	}
}
