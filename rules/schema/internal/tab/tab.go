// Package tab defines the tables that describe Galaxy's tool schemas: the
// data the generator in ../gen writes and package schema compiles into
// validators.
//
// Every table is a slice whose entry 0 is unused, so that index 0 means
// "none" and keyed literals can leave zero fields out. Entries are shared by
// every profile whose schema defines an identical component (after resolving
// names, so two entries are merged only when everything they reach is equal
// too).
package tab

// Tables is the full set of tables for a list of profiles.
type Tables struct {
	Profiles  []Profile  // oldest first
	Elems     []Elem     // element declarations
	Complex   []Complex  // complex type definitions
	Simple    []Simple   // simple type definitions
	Particles []Particle // content-model particles
	Attrs     []Attr     // attribute uses
}

// Profile is one Galaxy release's schema. Profiles whose schemas are
// equal have equal Elems (the same entries, in the same order).
type Profile struct {
	Name    string  // the release: "16.10", …, "24.1", "24.2", …
	Elems   []int32 // the global element declarations, by name
	File    string  // the XSD, relative to the shared folder: "xsd/profiles/21.09.xsd"
	StandIn string  // "" for the release's own schema, else what File is: "the upstream dev schema of about May 2026"
}

// Elem is an element declaration. Exactly one of Simple and Complex is set.
type Elem struct {
	Name     string
	Simple   int32 // type when it is a simple type
	Complex  int32 // type when it is a complex type
	Default  string
	Fixed    string
	HasFixed bool
	Abstract bool
	Nillable bool
	Uniques  []Unique // identity constraints (xs:unique), in declaration order
}

// Unique is an xs:unique identity constraint of the one form the schemas
// use: its selector picks child elements by name ("variable|secret") and
// its one field is an attribute of theirs ("@name"). Among the children
// of one element so declared, no two picked ones may have equal values of
// the attribute.
type Unique struct {
	Name     string   // the constraint's name, for messages
	Children []string // the selector's element names
	Attr     string   // the field's attribute name
}

// Content is the kind of content a complex type allows.
type Content uint8

// Content kinds, as XSD 1.0 defines them.
const (
	Empty       Content = iota // no character or element children, not even whitespace
	SimpleText                 // character data valid against Complex.Simple, no elements
	ElementOnly                // elements; whitespace only between them
	Mixed                      // elements and character data
)

// Complex is a complex type definition with derivation already applied:
// Particle and Attrs are the effective content model and attribute uses.
type Complex struct {
	Name     string    // "" when anonymous; "xs:anyType" for the built-in
	Content  Content   // what children and text are allowed
	Simple   int32     // simple type of the text when Content is SimpleText
	Particle int32     // the content model; 0 when none (Empty, or Mixed text only)
	Attrs    []int32   // attribute uses, sorted by name
	AnyAttr  *Wildcard // attribute wildcard (xs:anyAttribute); nil when none
	Abstract bool
}

// Kind is the kind of a particle.
type Kind uint8

// Particle kinds.
const (
	Element  Kind = iota // one element declaration (Particle.Elem)
	Sequence             // Kids in order
	Choice               // one of Kids
	All                  // Kids in any order, each at most once
	Any                  // an element wildcard (Particle.Wild)
)

// Unbounded is Particle.Max for maxOccurs="unbounded".
const Unbounded = -1

// Particle is one term of a content model with its occurrence range.
type Particle struct {
	Kind Kind
	Min  int32
	Max  int32 // Unbounded for no upper limit
	Elem int32 // the declaration when Kind is Element
	Kids []int32
	Wild *Wildcard // when Kind is Any
}

// Process is a wildcard's processContents.
type Process uint8

// processContents values.
const (
	Strict Process = iota
	Lax
	Skip
)

// Wildcard is xs:any or xs:anyAttribute. The schemas have no target
// namespace, so "##local" and "##targetNamespace" both mean "no namespace".
type Wildcard struct {
	Namespaces []string // the namespace attribute's tokens ("##any" when absent)
	Process    Process
}

// Attr is an attribute use. Prohibited uses are left out of the tables.
type Attr struct {
	Name     string
	Simple   int32
	Required bool
	Default  string
	Fixed    string
	HasFixed bool
}

// Variety tells how a simple type is built.
type Variety uint8

// Simple type varieties.
const (
	Builtin     Variety = iota // a built-in datatype, named by Simple.Name ("xs:integer")
	Restriction                // Base restricted by this entry's facets
	List                       // whitespace-separated list of Item
	Union                      // the first of Members that accepts the value
)

// Whitespace is the whiteSpace facet.
type Whitespace uint8

// whiteSpace values; Inherit means the facet is not set on this entry.
const (
	Inherit Whitespace = iota
	Preserve
	Replace
	Collapse
)

// Simple is a simple type definition. Facets are those given on this
// derivation step only; a value must satisfy them and the Base's.
type Simple struct {
	Name     string // "" when anonymous; "xs:…" for built-ins
	Variety  Variety
	Base     int32      // Restriction
	Item     int32      // List
	Members  []int32    // Union
	WS       Whitespace // whiteSpace facet
	Enum     []string   // enumeration facet
	Patterns []string   // pattern facets of this step (a value must match one)

	MinLength    int32 // minLength facet, in characters; 0 when not set
	MaxLength    int32 // maxLength facet, in characters, when HasMaxLength
	HasMaxLength bool
}

// CompareProfiles orders Galaxy profile names by release: it returns -1, 0 or
// +1 as a is older than, the same as or newer than b. Names are dotted
// numbers ("16.10", "23.0", "23.0.1") with an optional ".devN" suffix that
// sorts before the release it precedes ("24.2.dev0" < "24.2"). It reports
// ok=false when either name is not of that form.
func CompareProfiles(a, b string) (c int, ok bool) {
	va, oka := parseProfile(a)
	vb, okb := parseProfile(b)
	if !oka || !okb {
		return 0, false
	}
	for i := 0; i < len(va) || i < len(vb); i++ {
		x, y := 0, 0
		if i < len(va) {
			x = va[i]
		}
		if i < len(vb) {
			y = vb[i]
		}
		switch {
		case x < y:
			return -1, true
		case x > y:
			return +1, true
		}
	}
	return 0, true
}

// devBase offsets a ".devN" component so that it sorts below every release
// component (which are >= 0) but above shorter versions' padding.
const devBase = -1 << 20

// parseProfile splits a profile name into numbers; ".devN" becomes
// devBase+N so "24.2.dev0" < "24.2" (padded with 0) < "24.2.1".
func parseProfile(s string) ([]int, bool) {
	var v []int
	for len(s) > 0 {
		dot := len(s)
		for i := 0; i < len(s); i++ {
			if s[i] == '.' {
				dot = i
				break
			}
		}
		part := s[:dot]
		base := 0
		if len(v) >= 2 && len(part) > 3 && part[:3] == "dev" {
			base, part = devBase, part[3:]
		}
		if part == "" || len(part) > 6 {
			return nil, false
		}
		n := 0
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return nil, false
			}
			n = n*10 + int(part[i]-'0')
		}
		v = append(v, base+n)
		if dot == len(s) {
			break
		}
		s = s[dot+1:]
		if s == "" {
			return nil, false
		}
	}
	return v, len(v) > 0
}
