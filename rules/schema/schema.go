package schema

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// Element is one element of a tree to validate. Implementations should be
// cheap to call: the validator calls each method a few times per element.
type Element interface {
	// Name is the element's tag as written, "prefix:local" or "local".
	Name() string
	// NumAttrs is the number of attributes, namespace declarations included.
	NumAttrs() int
	// Attr returns the i'th attribute in document order: its name as
	// written and its value with entity references decoded and attribute
	// value normalisation applied, as an XML parser reports it.
	Attr(i int) (name, value string)
	// NumChildren is the number of child elements.
	NumChildren() int
	// Child returns the i'th child element.
	Child(i int) Element
	// Text is the element's character data: every text and CDATA child
	// concatenated in order, comments and processing instructions left out.
	Text() string
	// Pos is where the element is, in whatever form the caller maps to a
	// location (a byte offset, a cst node, a file and line with macro
	// provenance, …). The validator copies it into [Error.Pos] untouched.
	Pos() any
}

// Kind classifies an [Error].
type Kind uint8

// Error kinds.
const (
	KindProfile        Kind = iota // the profile is not known
	KindNoDeclaration              // the root element is not declared
	KindUnexpected                 // a child element is not allowed there
	KindMissing                    // required child elements are missing
	KindText                       // character content is not allowed
	KindChildren                   // child elements are not allowed (simple or empty content)
	KindAttrNotAllowed             // an attribute is not declared
	KindAttrMissing                // a required attribute is missing
	KindValue                      // an attribute value or text is not valid for its type
	KindAbstract                   // the element's declaration or type is abstract
	KindDuplicate                  // a value repeats where an identity constraint (xs:unique) wants it unique
)

// Error is one schema violation.
type Error struct {
	Pos      any      // the element's Pos
	Kind     Kind     // what is wrong
	Element  string   // the element's name
	Attr     string   // the attribute's name for attribute errors, else ""
	Value    string   // the offending value for KindValue, else ""
	Expected []string // for KindUnexpected and KindMissing: the elements allowed there
	Msg      string   // what is wrong, phrased as xmllint does ("This element is not expected.")
}

// Error returns the message with its subject, the way xmllint prints it:
// "Element 'param', attribute 'optional': 'True' is not a valid value of
// the atomic type 'xs:boolean'."
func (e Error) Error() string {
	if e.Attr != "" {
		return fmt.Sprintf("Element '%s', attribute '%s': %s", e.Element, e.Attr, e.Msg)
	}
	if e.Element == "" {
		return e.Msg
	}
	return fmt.Sprintf("Element '%s': %s", e.Element, e.Msg)
}

// Profiles returns the profiles with a schema, oldest first: "16.10" …
// "24.1" with their releases' own schemas, then "24.2", "25.0", "25.1",
// "26.0" and "26.1", whose release schemas are not available and which
// are validated with stand-ins (see [StandIn]; the last four share one).
func Profiles() []string {
	names := make([]string, len(tables.Profiles))
	for i, p := range tables.Profiles {
		names[i] = p.Name
	}
	return names
}

// Newest returns the newest profile with a schema, the last of
// [Profiles].
func Newest() string {
	return tables.Profiles[len(tables.Profiles)-1].Name
}

// LegacyProfile is the profile Galaxy runs a tool without a profile
// attribute as. Galaxy shipped no schema for it; it is validated with the
// oldest schema.
const LegacyProfile = "16.01"

// Resolve returns the profile whose schema validates a tool that declares
// profile: the newest profile with a schema that is not newer than it. An
// empty profile means [LegacyProfile]; profiles older than every schema
// (16.01, 16.04, 16.07) use the oldest, and profiles newer than every
// schema use the newest, "26.1". "24.2.dev0", the version of the dev
// schema that stands in for 24.2 (once a profile of its own), is 24.2.
func Resolve(profile string) (string, error) {
	return resolveIn(Profiles(), profile)
}

// aliases maps other names of profiles to theirs.
var aliases = map[string]string{"24.2.dev0": "24.2"}

// resolveIn is [Resolve] over a list of profile names, oldest first.
func resolveIn(names []string, profile string) (string, error) {
	if profile == "" {
		profile = LegacyProfile
	}
	if a, ok := aliases[profile]; ok {
		profile = a
	}
	if _, ok := tab.CompareProfiles(profile, profile); !ok {
		return "", fmt.Errorf("schema: %q is not a profile (want a release such as 21.09)", profile)
	}
	best := names[0]
	for _, n := range names {
		if c, _ := tab.CompareProfiles(n, profile); c <= 0 {
			best = n
		}
	}
	return best, nil
}

var (
	compiledOnce sync.Once
	compiled     *set
)

// defaultSet compiles the generated tables on first use.
func defaultSet() *set {
	compiledOnce.Do(func() {
		s, err := compile(tables)
		if err != nil {
			// The tables are generated and tested: failing here is a bug.
			panic("schema: compiling the generated tables: " + err.Error())
		}
		compiled = s
	})
	return compiled
}

// Prepare compiles the schema tables now rather than on the first
// validation, so that a caller can do it while it does other work. It is
// safe to call more than once and concurrently.
//
// Content models are otherwise built on first use (most belong to
// profiles a run does not validate at); Prepare builds those of the
// newest profile, the one tools are validated at first.
func Prepare() {
	s := defaultSet()
	s.profiles[s.newestFirst[0]].buildModels()
}

// buildModels builds the content models of every complex type the
// profile's global declarations reach.
func (p *profile) buildModels() {
	seen := map[*ctype]bool{}
	var walk func(d *elemDecl)
	walk = func(d *elemDecl) {
		ct := d.ct
		if ct == nil || seen[ct] {
			return
		}
		seen[ct] = true
		if ct.model != nil {
			for _, st := range ct.model.get().states {
				for _, e := range st.next {
					walk(e.decl)
				}
			}
		}
		if ct.all != nil {
			for _, it := range ct.all.items {
				walk(it.decl)
			}
		}
	}
	for _, n := range slices.Sorted(maps.Keys(p.globals)) {
		walk(p.globals[n])
	}
}

// Validate checks the tree rooted at root against the schema for profile
// (resolved with [Resolve], so "" validates as the legacy profile with the
// 16.10 schema) and returns every violation in document order. A profile
// that [Resolve] rejects gives one error of [KindProfile].
func Validate(root Element, profile string) []Error {
	return defaultSet().validate(root, profile, false)
}

// ValidateContext is [Validate] under ctx: once ctx is done it stops and
// returns an error wrapping ctx's, with the violations found so far.
func ValidateContext(ctx context.Context, root Element, profile string) ([]Error, error) {
	return defaultSet().validateContext(ctx, root, profile, false)
}

// Valid reports whether the tree rooted at root is valid for profile. It
// stops at the first violation, so it is cheaper than [Validate].
func Valid(root Element, profile string) bool {
	return len(defaultSet().validate(root, profile, true)) == 0
}

// NewestValid returns the newest of profiles (all of [Profiles] when nil)
// whose schema the tree is valid against, checking newest first: validity
// is not contiguous across releases, so every candidate may be tried,
// though each schema once (profiles that share a schema, as the stand-ins
// for 25.0 to 26.1 do, are one candidate). It reports false when none is
// valid. Each name is used as given (see [Resolve] for how names without
// a schema are mapped).
func NewestValid(root Element, profiles []string) (string, bool) {
	p, ok, _ := NewestValidContext(nil, root, profiles)
	return p, ok
}

// NewestValidContext is [NewestValid] under ctx (nil for none): once ctx
// is done it stops and returns an error wrapping ctx's.
func NewestValidContext(ctx context.Context, root Element, profiles []string) (string, bool, error) {
	s := defaultSet()
	order := s.newestFirst
	if profiles != nil {
		order = slices.Clone(profiles)
		slices.SortStableFunc(order, func(a, b string) int {
			c, _ := tab.CompareProfiles(b, a)
			return c
		})
	}
	// The schemas found invalid, so that a profile sharing one is not
	// validated again; the newest profiles share theirs, so most calls
	// that get here skip a few.
	var buf [8]*profile
	tried := buf[:0]
	for _, p := range order {
		sp, _ := s.lookup(p)
		if sp != nil && slices.Contains(tried, sp) {
			continue
		}
		errs, err := s.validateContext(ctx, root, p, true)
		if err != nil {
			return "", false, err
		}
		if len(errs) == 0 {
			return p, true, nil
		}
		tried = append(tried, sp)
	}
	return "", false, nil
}

// lookup returns the compiled schema profile is validated with, resolved
// as [Resolve] does.
func (s *set) lookup(profile string) (*profile, error) {
	if p := s.profiles[profile]; p != nil {
		return p, nil
	}
	name, err := resolveIn(s.names, profile)
	if err != nil {
		return nil, err
	}
	return s.profiles[name], nil
}

// validate resolves profile and validates root against it.
func (s *set) validate(root Element, profile string, first bool) []Error {
	errs, _ := s.validateContext(nil, root, profile, first)
	return errs
}

// validateContext is validate under ctx (nil for none): once ctx is done
// it stops, with an error wrapping ctx's.
func (s *set) validateContext(ctx context.Context, root Element, profile string, first bool) ([]Error, error) {
	return s.validateWith(ctx, root, profile, first, nil)
}

// validateWith is validateContext that fills probes (nil for none) with
// the probes of the errors; first must then be false.
func (s *set) validateWith(ctx context.Context, root Element, profile string, first bool, probes *Probes) ([]Error, error) {
	// A context that can never end (context.Background) is not looked at.
	if ctx != nil && ctx.Done() == nil {
		ctx = nil
	}
	if ctx != nil {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("schema validation at %s stopped: %w", profile, err)
		}
	}
	p, err := s.lookup(profile)
	if err != nil {
		return []Error{{Kind: KindProfile, Msg: strings.TrimPrefix(err.Error(), "schema: ")}}, nil
	}
	v := validator{set: s, prof: p, first: first, ctx: ctx, probes: probes}
	if probes != nil {
		probes.set, probes.prof = s, p
	}
	sc := scratchPool.Get().(*scratch)
	v.kids, v.scope, v.attrs = sc.kids[:0], sc.scope[:0], sc.attrs[:0]
	v.root(root)
	// Keep nothing of the tree alive in the pool: v.kids is already
	// cleared (see dropKids); the bindings, few if any, and every
	// attribute listed (see attrsOf) are cleared here.
	clear(v.scope[:cap(v.scope)])
	clear(v.attrs[:cap(v.attrs)])
	sc.kids, sc.scope, sc.attrs = v.kids[:0], v.scope[:0], v.attrs[:0]
	scratchPool.Put(sc)
	if v.canceled {
		return v.errs, fmt.Errorf("schema validation at %s stopped after %d elements: %w", profile, v.elements, ctx.Err())
	}
	return v.errs, nil
}

// scratch holds a validator's working buffers between validations, so
// that [NewestValid], which may validate one tree 25 times, and callers
// validating many trees do not grow them afresh each time.
type scratch struct {
	kids  []Element
	scope []nsBinding
	attrs []attrPair
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}
