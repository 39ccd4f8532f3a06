package upgrade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR093 writes what the 22.01 schema types more strictly than 21.09 did:
// collection types, the byte sizes of test assertions, and the <stdio>
// elements that now require their range or match.
var GTR093 = &Step{
	Code:    "GTR093",
	Name:    "upgrade-21-09",
	Summary: "Trim input collection types around commas, write assertion sizes as the Bytes type reads them, and repair or remove <stdio> exit codes and regexes.",
	Kind:    KindCodemod,
	From:    "21.09",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output-assert-contents",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Makes four changes, each where its value or element is written (the tool or an imported macro " +
			"file): an input's collection_type loses the spaces around its commas; a byte size of a test " +
			"assertion (has_size value, delta, min and max, and n, delta, min and max of the counting " +
			"assertions) that the Bytes pattern rejects is rewritten as the number Galaxy reads it as, a zero " +
			"delta (the default) and a zero min beside a max (which holds for every count) are removed, and a " +
			"has_n_columns sep that is a tab (the default) is removed; an <exit_code> written with value= gets " +
			"range=, which Galaxy reads first, and value= goes where range= is also written; an <exit_code> " +
			"with neither and a <regex> without match, which Galaxy skips, are deleted.",
		Why: "From 22.01 the schema types what 21.09 left open: collection_type must match " +
			"(list|paired)([:,](list|paired))*, an assertion's sizes must match the Bytes pattern " +
			"[1-9][0-9]*([kKMGTPE]i?)?, an assertion takes only its declared attributes, <exit_code> requires " +
			"range and <regex> requires match; a tool that relies on the looser 21.09 schema stops validating " +
			"at the 22.01 boundary.",
		Example: "<param name=\"in\" type=\"data_collection\" collection_type=\"list, paired\"/>\n<has_size value=\"1.5M\" delta=\"0\"/>\n<exit_code value=\"1\"/>\n→\n<param name=\"in\" type=\"data_collection\" collection_type=\"list,paired\"/>\n<has_size value=\"1500000\"/>\n<exit_code range=\"1\"/>",
		FixSafety: "Each change keeps what Galaxy does: it trims every collection type, reads sizes with parse_bytesize " +
			"(so 1.5M and 1500000 are the same size), defaults delta to 0 and sep to a tab, reads value= when " +
			"range= is absent, and skips the exit codes and regexes the step deletes. What has no equal in the " +
			"22.01 types is refused: a zero size other than those (22.01's Bytes cannot write 0; 22.05 can), a " +
			"negative, fractional or unreadable size, and a has_n_columns sep other than a tab (22.01 does " +
			"not declare sep; 23.0 does). A value made by a token that also makes another value or text, and an " +
			"element written once in a macro expanded where it is to stay, are refused too.",
	},
	Changes: []*rewrite.ViewChange{changeCollectionTypeTrimmed, changeAssertionSizes, changeStdioRepaired},
	Plan:    planUpgrade2109,
}

// changeCollectionTypeTrimmed is an input's collection_type losing the
// spaces around its commas.
var changeCollectionTypeTrimmed = &rewrite.ViewChange{
	Name: "collection-type-trimmed",
	Attr: func(before, after *macros.Element, name string) bool {
		old, _ := before.Get(name)
		v, ok := after.Get(name)
		return name == "collection_type" && before.Tag == "param" && ok && v == trimCollectionType(old)
	},
}

// changeAssertionSizes is a test assertion's byte size written as the
// Bytes type reads it, or removed where it is the default.
var changeAssertionSizes = &rewrite.ViewChange{
	Name: "assertion-sizes-canonical",
	Attr: func(before, after *macros.Element, name string) bool {
		fix, ok := assertionFix(before, name)
		v, has := after.Get(name)
		return ok && fix.refused == "" && (fix.drop && !has || !fix.drop && has && v == fix.value)
	},
}

// changeStdioRepaired is an <exit_code>'s value= read as range=, and the
// exit codes and regexes Galaxy skips gone.
var changeStdioRepaired = &rewrite.ViewChange{
	Name: "stdio-repaired",
	Rename: func(before, after *macros.Element, attr bool, from, to string) bool {
		_, hasRange := before.Get("range")
		return attr && before.Tag == "exit_code" && from == "value" && to == "range" && !hasRange
	},
	Attr: func(before, after *macros.Element, name string) bool {
		_, hasRange := before.Get("range")
		_, kept := after.Get(name)
		return before.Tag == "exit_code" && name == "value" && hasRange && !kept
	},
	Normalize: func(root *macros.Element) int {
		n := 0
		for _, s := range childrenNamed(root, "stdio") {
			n += removeChildren(s, deadStdio)
		}
		return n
	},
}

// deadStdio reports whether e is a <stdio> child Galaxy skips: an
// <exit_code> without range or value, a <regex> without match.
func deadStdio(e *macros.Element) bool {
	_, r := e.Get("range")
	_, v := e.Get("value")
	_, m := e.Get("match")
	return e.Tag == "exit_code" && !r && !v || e.Tag == "regex" && !m
}

// trimCollectionType returns v with the spaces around its commas and at
// its ends removed, as Galaxy reads an input's collection types; v itself
// when a type is left empty.
func trimCollectionType(v string) string {
	parts := strings.Split(v, ",")
	for i, p := range parts {
		if parts[i] = strings.TrimSpace(p); parts[i] == "" {
			return v
		}
	}
	return strings.Join(parts, ",")
}

// sizeAttrs are the byte-size attributes of the assertions Galaxy
// checks with its _assert_number, by element.
var sizeAttrs = func() map[string][]string {
	m := map[string][]string{"has_size": {"value", "delta", "min", "max"}}
	for _, tag := range []string{"has_text", "has_text_matching", "has_line", "has_line_matching", "has_n_lines",
		"has_n_columns", "has_n_elements_with_path", "xml_element", "has_archive_member"} {
		m[tag] = []string{"n", "delta", "min", "max"}
	}
	return m
}()

// sizeFix is what GTR093 does to one attribute of an assertion.
type sizeFix struct {
	value   string // the new value
	drop    bool   // remove the attribute
	refused string // why the value cannot be written at 22.01, else ""
}

// assertionFix returns what the attribute called name of e needs, and
// false when it is not a size or separator of an assertion or needs
// nothing.
func assertionFix(e *macros.Element, name string) (sizeFix, bool) {
	v, ok := e.Get(name)
	if !ok {
		return sizeFix{}, false
	}
	if e.Tag == "has_n_columns" && name == "sep" {
		if v == "\t" {
			return sizeFix{drop: true}, true
		}
		return sizeFix{refused: fmt.Sprintf("sep=%q: 22.01 and 22.05 do not declare sep, and only a tab (the default) can be left out", v)}, true
	}
	if !slices.Contains(sizeAttrs[e.Tag], name) || bytesPattern.MatchString(v) {
		return sizeFix{}, false
	}
	size, ok := parseByteSize(v)
	_, hasMax := e.Get("max")
	switch {
	case !ok:
		return sizeFix{refused: fmt.Sprintf("%s=%q is not a whole, non-negative number of bytes as Galaxy reads sizes", name, v)}, true
	case !size.zero:
		return sizeFix{value: size.canon}, true
	case name == "delta", name == "min" && hasMax:
		return sizeFix{drop: true}, true
	}
	return sizeFix{refused: fmt.Sprintf("%s=%q: the 22.01 Bytes type cannot write zero (22.05 can)", name, v)}, true
}

func planUpgrade2109(d *Doc) Plan {
	// Without Galaxy's view there is no telling where a value comes from.
	if d.View == nil || d.Root == nil {
		return noView(d, "where its collection types, assertion sizes and stdio elements are written")
	}
	var changes []valueChange
	var p Plan
	for _, in := range childrenNamed(d.Root, "inputs") {
		for e := range in.Descendants() {
			if v, ok := e.Get("collection_type"); ok && e.Tag == "param" && trimCollectionType(v) != v {
				changes = append(changes, valueChange{e: e, attr: "collection_type", value: trimCollectionType(v)})
			}
		}
	}
	for _, t := range childrenNamed(d.Root, "tests") {
		for e := range t.Descendants() {
			for _, a := range e.Attrs {
				fix, ok := assertionFix(e, a.Name)
				switch {
				case !ok:
				case fix.refused != "":
					p.Refused = append(p.Refused, fmt.Sprintf("%s: <%s> %s", d.Position(e.Loc), e.Tag, fix.refused))
				default:
					changes = append(changes, valueChange{e: e, attr: a.Name, value: fix.value, drop: fix.drop})
				}
			}
		}
	}
	var dead []*macros.Element
	for _, s := range childrenNamed(d.Root, "stdio") {
		for e := range s.Elements() {
			_, hasRange := e.Get("range")
			_, hasValue := e.Get("value")
			switch {
			case deadStdio(e):
				dead = append(dead, e)
			case e.Tag == "exit_code" && hasValue && hasRange:
				changes = append(changes, valueChange{e: e, attr: "value", drop: true})
			case e.Tag == "exit_code" && hasValue:
				p.Edits, p.Refused = renameValueToRange(d, e, p.Edits, p.Refused)
			}
		}
	}
	// Nothing this step repairs.
	if len(changes) == 0 && len(dead) == 0 && len(p.Edits) == 0 && len(p.Refused) == 0 {
		return Plan{}
	}
	u := newViewUses(d.Root)
	vp := planValueChanges(d, u, changes)
	p.Edits = append(p.Edits, vp.Edits...)
	p.Refused = append(p.Refused, vp.Refused...)
	for _, e := range dead {
		n := d.Node(e)
		switch {
		case n.Kind() != cst.KindElement:
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the <%s> Galaxy skips is not written in a file that can be edited", d.Position(e.Loc), e.Tag))
		case !u.allElems(e, func(x *macros.Element) bool { return slices.Contains(dead, x) }):
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the <%s> Galaxy skips is written once in a macro that the tool also expands where it is to stay, so it cannot be removed there", d.Position(e.Loc), e.Tag))
		default:
			p.Edits = append(p.Edits, deleteElement(e.Loc.File, n))
		}
	}
	return finishPlan(p)
}

// renameValueToRange appends the edit renaming the value attribute of
// exit code e to range, or why it cannot be made.
func renameValueToRange(d *Doc, e *macros.Element, edits []rewrite.FileEdit, refused []string) ([]rewrite.FileEdit, []string) {
	a := d.Node(e).Attr("value")
	// The name must be written in the element as it reads.
	if !a.IsValid() {
		return edits, append(refused, fmt.Sprintf("%s: the value attribute of <exit_code> is not written in it as it reads, so it cannot be renamed", d.Position(e.Loc)))
	}
	return append(edits, rewrite.In(e.Loc.File, rewrite.RenameAttr(a, "range"))), refused
}
