package schema

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// set is a compiled tables value: every profile's declarations, sharing
// the compiled form of components the profiles share.
type set struct {
	names       []string // profile names, oldest first
	newestFirst []string
	profiles    map[string]*profile // by name; profiles with equal schemas share one
}

// profile is one compiled schema, of every profile whose schema it is.
type profile struct {
	name    string // the oldest profile with this schema
	globals map[string]*elemDecl
}

type elemDecl struct {
	name     string
	st       *stype
	ct       *ctype
	fixed    string
	hasFixed bool
	abstract bool
	uniques  []uniqueDecl // identity constraints on the children; nil when none
}

type ctype struct {
	name      string // "" when anonymous
	content   tab.Content
	st        *stype
	model     *lazyModel // content model; nil when none
	all       *allModel  // content model when it is an xs:all group
	attrNames names      // the attribute uses' names, attrs[i] named attrNames[i]
	attrs     []attrUse
	required  []*attrUse // into attrs, in declaration order
	anyAttr   *wildcard
	abstract  bool
	anyType   bool
}

type attrUse struct {
	name     string
	st       *stype
	required bool
	bit      uint64 // for the r'th of the type's required uses, 1<<r; else 0
	fixed    string
	hasFixed bool
}

type wildcard struct {
	any     bool     // ##any
	other   bool     // ##other: any namespace, but not none
	ns      []string // listed namespaces; "" is no namespace
	process tab.Process
}

// allows reports whether the wildcard admits a name in namespace ns ("" for none).
func (w *wildcard) allows(ns string) bool {
	if w.any || (w.other && ns != "") {
		return true
	}
	for _, n := range w.ns {
		if n == ns {
			return true
		}
	}
	return false
}

func newWildcard(w *tab.Wildcard) *wildcard {
	if w == nil {
		return nil
	}
	c := &wildcard{process: w.Process}
	for _, n := range w.Namespaces {
		switch n {
		case "##any":
			c.any = true
		case "##other":
			c.other = true
		case "##local", "##targetNamespace":
			c.ns = append(c.ns, "")
		default:
			c.ns = append(c.ns, n)
		}
	}
	return c
}

// compile builds the validators for every profile in t.
func compile(t *tab.Tables) (*set, error) {
	return newCompiler(t).compile()
}

func newCompiler(t *tab.Tables) *compiler {
	return &compiler{
		t:       t,
		elems:   make([]*elemDecl, len(t.Elems)),
		complex: make([]*ctype, len(t.Complex)),
		simple:  make([]*stype, len(t.Simple)),
	}
}

// compile compiles every component of c.t and gathers each profile's
// global declarations.
func (c *compiler) compile() (*set, error) {
	t := c.t
	// The validator looks a name up as written before it splits off a
	// prefix (see validator.attributes), which finds only declared names
	// that have none and are not namespace declarations.
	for i := 1; i < len(t.Elems); i++ {
		if e := t.Elems[i]; strings.Contains(e.Name, ":") {
			return nil, fmt.Errorf("element %q: a declared name must have no prefix", e.Name)
		}
	}
	for i := 1; i < len(t.Attrs); i++ {
		if a := t.Attrs[i]; !plainName(a.Name) {
			return nil, fmt.Errorf("attribute %q: a declared name must have no prefix and not be xmlns", a.Name)
		}
	}
	for i := 1; i < len(t.Simple); i++ {
		if _, err := c.simpleType(int32(i)); err != nil {
			return nil, err
		}
	}
	for i := 1; i < len(t.Elems); i++ {
		c.elem(int32(i))
	}
	for i := 1; i < len(t.Complex); i++ {
		if err := c.fill(int32(i)); err != nil {
			return nil, err
		}
	}
	s := &set{profiles: map[string]*profile{}}
	// Equal schemas have equal global declarations (the generator stores
	// equal components once), so one compiled profile serves them all and
	// a caller can tell that validating at one is validating at each.
	byElems := map[string]*profile{}
	for _, p := range t.Profiles {
		key := fmt.Sprint(p.Elems)
		cp := byElems[key]
		if cp == nil {
			cp = &profile{name: p.Name, globals: map[string]*elemDecl{}}
			for _, e := range p.Elems {
				d := c.elem(e)
				cp.globals[d.name] = d
			}
			byElems[key] = cp
		}
		s.names = append(s.names, p.Name)
		s.profiles[p.Name] = cp
	}
	if len(s.names) == 0 {
		return nil, fmt.Errorf("no profiles")
	}
	s.newestFirst = slices.Clone(s.names)
	slices.Reverse(s.newestFirst)
	return s, nil
}

// plainName reports whether a declared name is found as written: it has
// no prefix and is not xmlns.
func plainName(name string) bool {
	return name != "xmlns" && !strings.Contains(name, ":")
}

type compiler struct {
	t       *tab.Tables
	elems   []*elemDecl
	complex []*ctype
	simple  []*stype
}

func (c *compiler) elem(i int32) *elemDecl {
	if d := c.elems[i]; d != nil {
		return d
	}
	e := c.t.Elems[i]
	d := &elemDecl{name: e.Name, fixed: e.Fixed, hasFixed: e.HasFixed, abstract: e.Abstract, uniques: newUniqueDecls(e.Uniques)}
	c.elems[i] = d
	if e.Simple != 0 {
		d.st = c.simple[e.Simple]
	}
	if e.Complex != 0 {
		d.ct = c.ctype(e.Complex)
	}
	return d
}

// ctype returns the (possibly not yet filled) compiled complex type i.
func (c *compiler) ctype(i int32) *ctype {
	if ct := c.complex[i]; ct != nil {
		return ct
	}
	ct := &ctype{}
	c.complex[i] = ct
	return ct
}

func (c *compiler) fill(i int32) error {
	x := c.t.Complex[i]
	ct := c.ctype(i)
	ct.name, ct.content, ct.abstract = x.Name, x.Content, x.Abstract
	ct.anyType = x.Name == "xs:anyType"
	if x.Simple != 0 {
		ct.st = c.simple[x.Simple]
	}
	ct.attrs = make([]attrUse, 0, len(x.Attrs))
	for _, a := range x.Attrs {
		ta := c.t.Attrs[a]
		ct.attrs = append(ct.attrs, attrUse{name: ta.Name, st: c.simple[ta.Simple], required: ta.Required, fixed: ta.Fixed, hasFixed: ta.HasFixed})
	}
	declared := make([]string, len(ct.attrs))
	for j := range ct.attrs {
		declared[j] = ct.attrs[j].name
	}
	ct.attrNames = newNames(declared)
	for j, name := range declared {
		// find returns the first of names declared twice.
		if ct.attrNames.find(name) != j {
			return fmt.Errorf("complex type %d (%q): attribute %q declared twice", i, x.Name, name)
		}
	}
	for _, a := range x.Attrs {
		if c.t.Attrs[a].Required {
			j := ct.attrNames.find(c.t.Attrs[a].Name)
			// The validator tracks the required uses given in one word.
			if len(ct.required) == 64 {
				return fmt.Errorf("complex type %d (%q): more than 64 required attributes", i, x.Name)
			}
			ct.attrs[j].bit = 1 << len(ct.required)
			ct.required = append(ct.required, &ct.attrs[j])
		}
	}
	ct.anyAttr = newWildcard(x.AnyAttr)
	if x.Particle == 0 {
		return nil
	}
	if p := c.t.Particles[x.Particle]; p.Kind == tab.All {
		all, err := c.allModel(p)
		ct.all = all
		return err
	}
	m, err := c.model(x.Particle)
	if err != nil {
		return fmt.Errorf("complex type %d (%q): %w", i, x.Name, err)
	}
	ct.model = m
	return nil
}

// names is a set of names searched by [names.find]: the attribute uses of
// a complex type, the transitions of a content model state, the items of
// an xs:all group, the values of an enumeration. They are few (at most a
// few dozen) and looked up for every attribute and child, where a map's
// hashing of the whole name and its scattered groups, cold in cache, cost
// more than the search: a small open-addressed table of its own, whose
// slots hold each name's length and key (its first and last eight bytes,
// see nameKey), which for a name of up to sixteen bytes is the name, so
// that a lookup reads one slot and only longer names are compared byte by
// byte.
type names struct {
	list  []string   // the names, in the order given to newNames
	slots []nameSlot // a power of two of them, at least twice len(list)
	shift uint8      // a name's first slot is nameHash(...) >> shift
}

// nameSlot is a slot of a [names] table.
type nameSlot struct {
	lo, hi uint64 // the name's key (see nameKey)
	n      int32  // the name's length
	i      int32  // 1 + the name's index in list; 0 for an empty slot
}

// maxKeyed is the length up to which names with equal keys are equal.
const maxKeyed = 16

// nameKey packs a name's first and last eight bytes, overlapping when it
// is shorter than sixteen (its first and last four when shorter than
// eight, its first, middle and last byte when shorter than four), so that
// the cost does not grow with the name. Two names of one length up to
// maxKeyed bytes have one key only if they are equal.
func nameKey(s string) (lo, hi uint64) {
	switch n := len(s); {
	case n >= 8:
		return le64(s), le64(s[n-8:])
	case n >= 4:
		return uint64(le32(s)), uint64(le32(s[n-4:]))
	case n > 0:
		return uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16, 0
	}
	return 0, 0
}

// le32 reads the first four bytes of s, little-endian: the compiler
// makes it one load.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// le64 reads the first eight bytes of s, little-endian, in one load.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// nameHash hashes the key and length of a name; its top bits are the
// name's first slot.
func nameHash(lo, hi uint64, n int) uint64 {
	return (lo ^ bits.RotateLeft64(hi, 29) ^ uint64(n)<<56) * 0x9e3779b97f4a7c15
}

// newNames returns the set of list, which must not repeat a name and is
// kept, not copied: [names.find] returns indexes in list.
func newNames(list []string) names {
	if len(list) >= math.MaxInt32 {
		panic("schema: too many names in one set")
	}
	if len(list) == 0 {
		return names{}
	}
	// At least twice as many slots as names, so that few are probed.
	b := 1
	for 1<<b < 4*len(list) {
		b++
	}
	set := names{list: list, slots: make([]nameSlot, 1<<b), shift: uint8(64 - b)}
	mask := len(set.slots) - 1
	for i, name := range list {
		lo, hi := nameKey(name)
		j := int(nameHash(lo, hi, len(name)) >> set.shift)
		for set.slots[j].i != 0 {
			j = (j + 1) & mask
		}
		set.slots[j] = nameSlot{lo: lo, hi: hi, n: int32(len(name)), i: int32(i + 1)}
	}
	return set
}

// find returns the index of name in n, or -1 when it is not there.
//
// A name of up to maxKeyed bytes is its key and length: the search
// compares words and calls nothing, so that it keeps its values in
// registers; longer names are left to findLong.
func (n *names) find(name string) int {
	if len(n.slots) == 0 {
		return -1 // the zero set
	}
	var lo, hi uint64
	switch l := len(name); {
	case l > maxKeyed:
		return n.findLong(name)
	case l >= 8: // nameKey, too large to inline, written out
		lo, hi = le64(name), le64(name[l-8:])
	case l >= 4:
		lo, hi = uint64(le32(name)), uint64(le32(name[l-4:]))
	case l > 0:
		lo = uint64(name[0]) | uint64(name[l/2])<<8 | uint64(name[l-1])<<16
	}
	mask := uint(len(n.slots) - 1)
	for j := uint(nameHash(lo, hi, len(name)) >> (n.shift & 63)); ; j++ {
		s := &n.slots[j&mask]
		if s.i == 0 {
			return -1
		}
		if s.lo == lo && s.hi == hi && int(s.n) == len(name) {
			return int(s.i - 1)
		}
	}
}

// findLong is find for a name longer than maxKeyed bytes, which equal
// keys and lengths do not tell apart: the names are compared too.
func (n *names) findLong(name string) int {
	lo, hi := nameKey(name)
	mask := uint(len(n.slots) - 1)
	for j := uint(nameHash(lo, hi, len(name)) >> (n.shift & 63)); ; j++ {
		s := &n.slots[j&mask]
		if s.i == 0 {
			return -1
		}
		if s.lo == lo && s.hi == hi && int(s.n) == len(name) && n.list[s.i-1] == name {
			return int(s.i - 1)
		}
	}
}
