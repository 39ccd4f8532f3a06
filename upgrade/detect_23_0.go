package upgrade

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// inferredOptionalText: 23_0_consider_optional_text. A text parameter
// without optional= whose validators all accept the empty string is
// optional by inference (text_input_is_optional); from 23.0 Cheetah sees
// None for it when it is left empty, where a legacy tool saw "". It
// applies when the tool has such a <param type="text"> in its <inputs>.
// gtr rules a parameter out only when one of its validators rejects ""
// under every Galaxy that infers optionality: an empty_field validator, a
// length validator with min of 1 or more, or a regex validator that cannot
// match at the start of "" (checked only for patterns Go's regexp reads as
// Python's re does). An expression validator, a negated one, or any it
// cannot read counts as accepting "". Without the expanded view any
// <param> so written counts, and so do inputs that may come from a macro
// file.
//
// Galaxy's advisor looks for these parameters at the wrong place: its
// search helper ignores the path it is given and returns the <data
// from_work_dir> outputs, so it reports each of those without optional=
// instead.
func inferredOptionalText(d *Doc) bool {
	// Inputs from a macro file may hold one.
	if hidden(d) {
		return true
	}
	var scope []*macros.Element
	if d.View != nil {
		scope = children(d.Root, "inputs")
	} else {
		scope = []*macros.Element{d.Root}
	}
	for _, in := range scope {
		for _, p := range anywhere(in, "param") {
			if mayEqual(d, p, "type", "text") && !has(p, "optional") && !rejectsEmpty(d, p) {
				return true
			}
		}
	}
	return false
}

// rejectsEmpty reports whether one of p's validators surely refuses the
// empty string.
func rejectsEmpty(d *Doc, p *macros.Element) bool {
	return anyElement(children(p, "validator"), func(v *macros.Element) bool { return validatorRejectsEmpty(d, v) })
}

// validatorRejectsEmpty reports whether a validator surely refuses "".
func validatorRejectsEmpty(d *Doc, v *macros.Element) bool {
	typ, known := value(d, v, "type")
	// A validator read as something else, or negated, may accept it.
	if !known || has(v, "negate") && !pyFalse(v, "negate") {
		return false
	}
	switch typ {
	case "empty_field":
		return true
	case "length":
		m, known := value(d, v, "min")
		n, err := strconv.Atoi(strings.TrimSpace(m))
		return known && err == nil && n >= 1
	case "regex":
		// Without the expanded view the pattern may hold a token.
		if d.View == nil && strings.Contains(v.Text, "@") {
			return false
		}
		return regexRejectsEmpty(v.Text)
	}
	return false
}

// regexRejectsEmpty reports whether Python's re.match(pattern, "") surely
// fails, asking Go's regexp, which reads a pattern as Python's re does
// where both compile it, but for "{,n}": a repeat for Python 3.11, text
// for Go. A pattern Go does not compile may still be Python's, and may
// match.
func regexRejectsEmpty(pattern string) bool {
	// Python may repeat zero times what Go reads as text.
	if strings.Contains(pattern, "{,") {
		return false
	}
	// A pattern that does not read alone is not one to trust.
	if _, err := regexp.Compile(pattern); err != nil {
		return false
	}
	re, err := regexp.Compile(`^(?:` + pattern + `)`)
	return err == nil && !re.MatchString("")
}

// pyFalse reports whether Galaxy's asbool surely reads the attribute
// called name as false.
func pyFalse(e *macros.Element, name string) bool {
	v, _ := e.Get(name)
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "n", "f", "0":
		return true
	}
	return false
}
