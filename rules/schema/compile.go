package schema

import (
	"cmp"
	"fmt"
	"math"
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
	var perm []int
	ct.attrNames, perm = newNames(declared)
	ct.attrs = permute(ct.attrs, perm)
	for j := 1; j < len(ct.attrs); j++ {
		if ct.attrs[j-1].name == ct.attrs[j].name {
			return fmt.Errorf("complex type %d (%q): attribute %q declared twice", i, x.Name, ct.attrs[j].name)
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
// an xs:all group. They are few (at most a few dozen) and looked up for
// every attribute and child, where a map's hashing of the whole name and
// its scattered groups, cold in cache, cost more than the search: a small
// hash table of its own over a key of a name's first and last four bytes
// (see nameKey), which for a name of up to eight bytes is the name, so
// that only longer names are compared byte by byte.
type names struct {
	list  []string // the names, grouped by bucket in bucket order
	keys  []uint64 // keys[i] is nameKey(list[i])
	start []uint16 // bucket b holds list[start[b]:start[b+1]]
	shift uint8    // a name's bucket is bucketOf(key, len) >> shift
}

// nameKey packs a name's first and last four bytes, overlapping when it
// is shorter than eight (its first, middle and last byte when shorter
// than four), so that the cost does not grow with the name. Two names of
// one length up to eight bytes have one key only if they are equal.
func nameKey(s string) uint64 {
	if n := len(s); n >= 4 {
		return uint64(le32(s)) | uint64(le32(s[n-4:]))<<32
	} else if n > 0 {
		return uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return 0
}

// le32 reads the first four bytes of s, little-endian: the compiler
// makes it one load.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// bucketOf hashes the key and length of a name; its top bits are the
// name's bucket.
func bucketOf(k uint64, n int) uint64 {
	k ^= uint64(n) << 24
	k ^= k >> 29
	return k * 0x9e3779b97f4a7c15
}

// newNames returns the set of list, which must not repeat a name, and
// the permutation that orders list as the set: set.list[i] is
// list[perm[i]]. Callers order their parallel slices with [permute].
func newNames(list []string) (set names, perm []int) {
	if len(list) >= math.MaxUint16 {
		panic("schema: too many names in one set")
	}
	// At least twice as many buckets as names, so that few share one.
	bits := 1
	for 1<<bits < 2*len(list) {
		bits++
	}
	set.shift = uint8(64 - bits)
	bucket := func(i int) int { return int(bucketOf(nameKey(list[i]), len(list[i])) >> set.shift) }
	perm = make([]int, len(list))
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(a, b int) int { return cmp.Compare(bucket(a), bucket(b)) })
	set.list = make([]string, len(list))
	set.keys = make([]uint64, len(list))
	set.start = make([]uint16, 1<<bits+1)
	for i, j := range perm {
		set.list[i], set.keys[i] = list[j], nameKey(list[j])
		set.start[bucket(j)+1]++
	}
	for b := 1; b < len(set.start); b++ {
		set.start[b] += set.start[b-1]
	}
	return set, perm
}

// permute returns s ordered by perm: the result's i'th element is s[perm[i]].
func permute[T any](s []T, perm []int) []T {
	out := make([]T, len(perm))
	for i, j := range perm {
		out[i] = s[j]
	}
	return out
}

// find returns the index of name in n, or -1 when it is not there.
func (n *names) find(name string) int {
	if n.start == nil {
		return -1 // the zero set
	}
	// nameKey, too large to inline, with its common case written out.
	var k uint64
	if len(name) >= 4 {
		k = uint64(le32(name)) | uint64(le32(name[len(name)-4:]))<<32
	} else {
		k = nameKey(name)
	}
	b := bucketOf(k, len(name)) >> (n.shift & 63)
	start := n.start[b : b+2 : b+2]
	for i := int(start[0]); i < int(start[1]); i++ {
		// Equal keys and lengths are equal names up to eight bytes.
		if n.keys[i] == k && len(n.list[i]) == len(name) && (len(name) <= 8 || n.list[i] == name) {
			return i
		}
	}
	return -1
}
