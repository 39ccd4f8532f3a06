// Package inputs holds the advisory checks of a tool's <inputs>: its
// <param> elements, their names and types, and the ways a select defines
// its options. They port the classes of Galaxy's linters/inputs.py that
// read params and selects (planemo lint's Inputs* linters), over Galaxy's
// macro-expanded view, so that a finding agrees with Galaxy's on the same
// tool. Galaxy's inputs module lints every tool type, and so do these.
package inputs

import (
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// inputParams yields the <param> elements Galaxy's linters go through,
// its findall("./inputs//param") ([lint.Ctx.InputParams]).
func inputParams(c *lint.Ctx) iter.Seq[*macros.Element] {
	return slices.Values(c.InputParams())
}

// param is an input <param> with the name Galaxy gives it.
type param struct {
	el   *macros.Element
	name string
	// from is the attribute the name comes from, "name" or "argument".
	from string
	// typ is the type attribute, "" when absent or empty.
	typ string
}

// namedParams yields the input params that have a name or an argument, as
// Galaxy's _iter_param does: the others are InputsName's business, and no
// other linter looks at them.
func namedParams(c *lint.Ctx) iter.Seq[param] {
	return slices.Values(namedParamList(c))
}

// namedParamList lists namedParams, once for every check of the file.
func namedParamList(c *lint.Ctx) []param {
	return lint.Memo(c, "inputs.namedParams", func() []param {
		// At the size of the params, nearly all named: appending grew the
		// list through copies of params that are seven words each.
		params := c.InputParams()
		out := make([]param, 0, len(params))
		for _, el := range params {
			p := param{el: el, from: "name"}
			var ok bool
			if p.name, ok = el.Get("name"); !ok {
				arg, ok := el.Get("argument")
				if !ok {
					continue
				}
				p.name, p.from = lint.NameFromArgument(arg), "argument"
			}
			p.typ = lint.Get(el, "type")
			out = append(out, p)
		}
		return out
	})
}

// typedParams yields the named params of type typ. Galaxy's
// _iter_param_type skips params whose type is absent or empty, which no
// type equals.
func typedParams(c *lint.Ctx, typ string) iter.Seq[param] {
	return func(yield func(param) bool) {
		for _, p := range namedParamList(c) {
			if p.typ == typ && !yield(p) {
				return
			}
		}
	}
}

// selectParam is a named select param with its static and dynamic
// option children.
type selectParam struct {
	param
	option  []*macros.Element // its <option> children
	options []*macros.Element // its <options> children
}

// firstOptions returns the select's first <options> child
// (find("options")), nil when it has none.
func (s selectParam) firstOptions() *macros.Element {
	if len(s.options) == 0 {
		return nil
	}
	return s.options[0]
}

// selects returns the named params of type select (typedParams(c,
// "select")) with their <option> and <options> children, listed once per
// file for the seven checks of selects: a select may have thousands of
// options, which each check went through again to find its <options>.
func selects(c *lint.Ctx) []selectParam {
	return lint.Memo(c, "inputs.selects", func() []selectParam {
		var out []selectParam
		for p := range typedParams(c, "select") {
			s := selectParam{param: p}
			// Counted first, so that each list is allocated once at its size.
			var nOption, nOptions int
			for _, k := range p.el.Children {
				switch {
				case k.PI:
				case k.Tag == "option":
					nOption++
				case k.Tag == "options":
					nOptions++
				}
			}
			if nOption > 0 {
				s.option = make([]*macros.Element, 0, nOption)
			}
			if nOptions > 0 {
				s.options = make([]*macros.Element, 0, nOptions)
			}
			if nOption+nOptions > 0 {
				for _, k := range p.el.Children {
					switch {
					case k.PI:
					case k.Tag == "option":
						s.option = append(s.option, k)
					case k.Tag == "options":
						s.options = append(s.options, k)
					}
				}
			}
			out = append(out, s)
		}
		return out
	})
}

// reportName reports a finding about p's name at the attribute that gives
// it, so that a name from a token is reported at the token's definition.
func reportName(c *lint.Ctx, linter string, p param, msg, fix string) {
	c.ReportAttr(linter, p.el, p.from, msg, fix)
}

// validPlaceholder reports whether name is a valid Cheetah placeholder as
// Galaxy tests it, with Python's re.match(r"^[a-zA-Z_]\w*$"): an ASCII
// letter or underscore, then Unicode word characters; Python's $ also
// matches before a final newline.
func validPlaceholder(name string) bool {
	name = strings.TrimSuffix(name, "\n")
	if name == "" {
		return false
	}
	if b := name[0]; !(b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z') {
		return false
	}
	// Byte by byte while the name is ASCII, as names nearly always are:
	// decoding runes and asking unicode's tables cost more.
	for i := 1; i < len(name); i++ {
		b := name[i]
		if b >= utf8.RuneSelf {
			return unicodeWord(name[i:])
		}
		if !(b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z') {
			return false
		}
	}
	return true
}

// unicodeWord reports whether s is Unicode word characters, as Python's
// \w reads them: letters, numbers and underscores.
func unicodeWord(s string) bool {
	for _, r := range s {
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return false
		}
	}
	return true
}

// pyBlank reports whether s is empty once Python's str.strip() has taken
// the whitespace off both ends: Python counts the information separators
// U+001C to U+001F as whitespace, Go does not.
func pyBlank(s string) bool {
	// A printable ASCII first byte is not whitespace: no need to trim.
	if s != "" && ' ' < s[0] && s[0] < utf8.RuneSelf {
		return false
	}
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f
	}) == ""
}

// pyCapitalize is Python's str.capitalize: the first character in title
// case, the rest in lower case.
func pyCapitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToTitle(r)) + strings.ToLower(s[n:])
}
