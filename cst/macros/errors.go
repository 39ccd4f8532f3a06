package macros

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst"
)

// ErrorKind classifies expansion errors.
type ErrorKind uint8

// Error kinds. The comment of each names the exception Galaxy raises.
const (
	ErrSyntax          ErrorKind = iota + 1 // the tool or a macro file is not well-formed (lxml XMLSyntaxError)
	ErrImport                               // an imported file cannot be read (OSError)
	ErrImportCycle                          // a macro file imports itself, directly or not (RecursionError)
	ErrEmptyImport                          // an <import> without a file name (AssertionError)
	ErrUnnamed                              // a <token> or <xml> macro without a name (AssertionError)
	ErrSelfToken                            // a token whose value contains its own name (Exception)
	ErrNoMacroAttr                          // an <expand> without macro= (AssertionError)
	ErrUndefinedMacro                       // <expand macro=X> with no macro X (AssertionError)
	ErrCycle                                // a macro expanded inside its own expansion (AssertionError)
	ErrNonTerminating                       // a macro that re-creates its own <expand>: Galaxy loops forever
	ErrUnnamedYieldArg                      // a <token> child of <expand> without a name (AssertionError)
	ErrNoNamedYield                         // a <token name=X> child of <expand> with no <yield name=X> (AssertionError)
	ErrYieldName                            // a yield name ElementPath cannot quote (SyntaxError)
	ErrMissingParam                         // a required macro parameter not given (ValueError)
	ErrAttrName                             // a token makes an invalid attribute name (ValueError)
	ErrTooLarge                             // the expanded view grows past its bound (Galaxy would grind on)
	ErrCanceled                             // Options.Context was canceled or its deadline passed
	ErrUnsupported                          // a construct this package does not expand (DTD entities)
)

var kindNames = [...]string{
	ErrSyntax:          "syntax",
	ErrImport:          "import",
	ErrImportCycle:     "import-cycle",
	ErrEmptyImport:     "empty-import",
	ErrUnnamed:         "unnamed-macro",
	ErrSelfToken:       "self-token",
	ErrNoMacroAttr:     "no-macro-attribute",
	ErrUndefinedMacro:  "undefined-macro",
	ErrCycle:           "cycle",
	ErrNonTerminating:  "non-terminating",
	ErrUnnamedYieldArg: "unnamed-yield-token",
	ErrNoNamedYield:    "no-named-yield",
	ErrYieldName:       "yield-name",
	ErrMissingParam:    "missing-parameter",
	ErrAttrName:        "attribute-name",
	ErrTooLarge:        "expansion-too-large",
	ErrCanceled:        "canceled",
	ErrUnsupported:     "unsupported",
}

// String returns the kind's short name, such as "undefined-macro".
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "invalid"
}

// Error is an expansion error: where to fix it, what is wrong, and what
// Galaxy says about it.
type Error struct {
	Kind ErrorKind
	Pos  cst.Position // the element, attribute or file at fault
	Msg  string       // lower-case, without a final period
	// Galaxy is the exception Galaxy's loader raises, "Class: message"
	// (for syntax errors the message is ours, not libxml2's), or "" when
	// Galaxy raises nothing comparable (it loops forever, or expands what
	// this package refuses).
	Galaxy string
	Err    error // the underlying error, if any
}

// Error returns "file:line:col: msg".
func (e *Error) Error() string {
	if p := e.Pos.String(); p != "" {
		return p + ": " + e.Msg
	}
	return e.Msg
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// GalaxyClass returns the class of the exception Galaxy raises, such as
// "AssertionError", or "".
func (e *Error) GalaxyClass() string {
	c, _, _ := strings.Cut(e.Galaxy, ":")
	return c
}

func errorf(kind ErrorKind, pos cst.Position, galaxy string, format string, args ...any) *Error {
	return &Error{Kind: kind, Pos: pos, Msg: fmt.Sprintf(format, args...), Galaxy: galaxy}
}

// pyRepr returns Python's repr of a str.
func pyRepr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x80 || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// pyList returns Python's repr of a list of str.
func pyList(xs []string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = pyRepr(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// pyAttrib returns Python's repr of an element's attributes as a dict.
func pyAttrib(attrs []Attr) string {
	parts := make([]string, len(attrs))
	for i, a := range attrs {
		parts[i] = pyRepr(a.Name) + ": " + pyRepr(a.Value)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// pyUpper returns Python's str.upper of s: full case mapping, so that "ß"
// becomes "SS" as in Python.
func pyUpper(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		if m, ok := specialUpper[r]; ok {
			b.WriteString(m)
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// specialUpper holds the unconditional one-to-many upper-case mappings of
// Unicode's SpecialCasing.txt that a Latin-script name may meet.
var specialUpper = map[rune]string{
	'ß': "SS", 'ŉ': "ʼN", 'ǰ': "J̌", 'ﬀ': "FF", 'ﬁ': "FI", 'ﬂ': "FL", 'ﬃ': "FFI", 'ﬄ': "FFL", 'ﬅ': "ST", 'ﬆ': "ST",
}

// suggest returns ", did you mean X?" for a near miss among names.
func suggest(name string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := distance(strings.ToLower(name), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return ": did you mean " + best + "?"
}

// distance returns the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
