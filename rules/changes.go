package rules

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/rst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/testcase"
)

// The changes of Galaxy's expanded view that rules declare in
// [Rule.Changes]. The expansion-equality gate accepts a difference of the
// views only through one of these, and only when a rule that declares it
// applied a fix. Each accepts exactly the difference its rule makes, no
// more: a rule cannot hide a change of another kind behind it.
var (
	// GTR020.1: single quotes inserted around complete Cheetah
	// placeholders ($x, $!x, ${x}, $x.y) in the text of the tool's
	// <command>, and nothing else changed in it.
	changeCommandQuotes = &rewrite.ViewChange{Name: "command-quotes", Text: acceptCommandQuotes, WrittenText: acceptWrittenCommandQuotes}
	// GTR035.1: the version of a <requirement> in <requirements> stripped
	// of surrounding whitespace (Python's str.strip), not to nothing.
	changeRequirementVersion = &rewrite.ViewChange{Name: "requirement-version-whitespace", Attr: acceptRequirementVersion}
	// GTR036: <outputs><output type="data"> read as <data> without type,
	// <output type="collection"> as <collection> with collection_type and
	// collection_type_source as type and type_source: the remap Galaxy's
	// parse_outputs applies, so both views are normalised by it.
	changeOutputElement = &rewrite.ViewChange{Name: "output-element", Normalize: normalizeOutputElements}
	// GTR037.1: the name of an input <param> removed where it equals the
	// name Galaxy derives from its unchanged argument.
	changeDerivedParamName = &rewrite.ViewChange{Name: "derived-param-name", Attr: acceptDerivedParamName}
	// GTR106: display="checkboxes" removed from an input select,
	// data_column or drill_down <param>.
	changeCheckboxDisplay = &rewrite.ViewChange{Name: "checkbox-display", Attr: acceptCheckboxDisplay}
	// GTR004: a childless <help> whose text is whitespace only emptied.
	changeBlankHelp = &rewrite.ViewChange{Name: "blank-help", Text: acceptBlankHelp}
	// GTR017: an attribute value spelled as a Python-style boolean
	// (True, YES, on, False, No, off, …) written true or false, which
	// Galaxy's string_as_bool and asbool read the same way.
	changeBooleanSpelling = &rewrite.ViewChange{Name: "boolean-spelling", Attr: acceptBooleanSpelling, Revalue: booleanRevalue}
	// GTR096: the name of a test <param> going from a flat name to the
	// path of the one nested input it names, as testcase.Qualify plans
	// it on the view before.
	changeQualifiedTestParam = &rewrite.ViewChange{Name: "qualified-test-param", Attr: acceptQualifiedTestParam}
	// GTR089.1: the text of the tool's <help> going to what the
	// deterministic RST repairs (rst.RepairText) make of it, once or as
	// they are made again on what they made.
	changeHelpRepair = &rewrite.ViewChange{Name: "help-rst-repair", Text: acceptHelpRepair, WrittenText: acceptWrittenHelpRepair}
	// GTR006: an element or attribute name, or an attribute value,
	// replaced by a near-miss (similarity at least typoCutoff) that the
	// Galaxy schema declares; never the tool's profile.
	changeSchemaTypo = &rewrite.ViewChange{Name: "schema-typo", Rename: acceptTypoRename, Attr: acceptTypoValue, Revalue: typoRevalue}
)

// declared returns the changes the rules declare, each once.
func declared(rs []*Rule) []*rewrite.ViewChange {
	n := 0
	for _, r := range rs {
		n += len(r.Changes)
	}
	if n == 0 {
		return nil
	}
	out := make([]*rewrite.ViewChange, 0, n)
	for _, r := range rs {
		for _, c := range r.Changes {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// isToolChild reports whether e is a child of the root <tool>.
func isToolChild(e *macros.Element) bool {
	p := e.Parent()
	return p != nil && p.Parent() == nil && p.Tag == "tool"
}

// underInputs reports whether e is below the tool's <inputs>, as
// ./inputs//param finds it.
func underToolInputs(e *macros.Element) bool {
	for p := e.Parent(); p != nil; p = p.Parent() {
		if p.Tag == "inputs" && isToolChild(p) {
			return true
		}
	}
	return false
}

func acceptCommandQuotes(before, after *macros.Element) bool {
	return before.Tag == "command" && after.Tag == "command" && isToolChild(before) && isToolChild(after) &&
		len(before.Children) == 0 && len(after.Children) == 0 && quotesInserted(before.Text, after.Text)
}

// acceptWrittenCommandQuotes is acceptCommandQuotes for the proof from
// the parses: the texts are the tool's own <command>'s, with no child
// element and no token.
func acceptWrittenCommandQuotes(tag string, top bool, before, after string) bool {
	return tag == "command" && top && quotesInserted(before, after)
}

// quotesInserted reports whether a is b with single quotes inserted
// around complete Cheetah placeholders of b, and no other change.
//
// One left-to-right scan decides it, without backtracking: where a
// placeholder of b may be quoted, a holds a quote where b holds the
// placeholder's "$", so reading the quote as b's own character cannot
// also align.
func quotesInserted(b, a string) bool {
	if len(a) <= len(b) || (len(a)-len(b))%2 != 0 {
		return false
	}
	i, j := 0, 0
	for i < len(b) || j < len(a) {
		// A placeholder of b at i, quoted in a at j.
		if n := placeholderLen(b, i); n > 0 && j+n+2 <= len(a) && a[j] == '\'' &&
			a[j+1:j+1+n] == b[i:i+n] && a[j+1+n] == '\'' && (i == 0 || b[i-1] != '\\') {
			i, j = i+n, j+n+2
			continue
		}
		if i == len(b) || j == len(a) || a[j] != b[i] {
			return false
		}
		i, j = i+1, j+1
	}
	return true
}

// placeholderLen returns the length of the Cheetah placeholder that
// starts at s[i] — $name, $!name, ${name} or a dotted $name.attr — or 0
// when none does or it continues as a call or an index.
func placeholderLen(s string, i int) int {
	if i >= len(s) || s[i] != '$' {
		return 0
	}
	k := i + 1
	if k < len(s) && s[k] == '!' {
		k++
	}
	if k < len(s) && s[k] == '{' {
		end := strings.IndexByte(s[k:], '}')
		if end < 2 || !dottedName(s[k+1:k+end]) {
			return 0
		}
		return k + end + 1 - i
	}
	n := identLen(s, k)
	if n == 0 {
		return 0
	}
	k += n
	for k+1 < len(s) && s[k] == '.' && identLen(s, k+1) > 0 {
		k += 1 + identLen(s, k+1)
	}
	if k < len(s) && (s[k] == '(' || s[k] == '[') {
		return 0
	}
	return k - i
}

func identLen(s string, i int) int {
	k := i
	for k < len(s) && (s[k] == '_' || s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > i && s[k] >= '0' && s[k] <= '9') {
		k++
	}
	return k - i
}

func dottedName(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if part == "" || identLen(part, 0) != len(part) {
			return false
		}
	}
	return true
}

func acceptRequirementVersion(before, after *macros.Element, name string) bool {
	if name != "version" || before.Tag != "requirement" || after.Tag != "requirement" ||
		before.Parent() == nil || before.Parent().Tag != "requirements" {
		return false
	}
	vb, okB := before.Get(name)
	va, okA := after.Get(name)
	return okB && okA && va != "" && pyStrip(vb) == va
}

func normalizeOutputElements(root *macros.Element) int {
	if root.Tag != "tool" {
		return 0
	}
	n := 0
	for outputs := range root.Elements() {
		if outputs.Tag != "outputs" {
			continue
		}
		for out := range outputs.Elements() {
			if out.Tag == "output" && remapOutput(out) {
				n++
			}
		}
	}
	return n
}

// remapOutput rewrites an <output> as Galaxy's parse_outputs reads it and
// reports whether it did.
func remapOutput(out *macros.Element) bool {
	typ, _ := out.Get("type")
	switch typ {
	case "data":
		out.Tag = "data"
		out.Attrs = withoutAttrs(out.Attrs, "type")
		return true
	case "collection":
		ct, ok1 := out.Get("collection_type")
		cts, ok2 := out.Get("collection_type_source")
		// Galaxy fails to load the tool without both.
		if !ok1 || !ok2 {
			return false
		}
		out.Tag = "collection"
		attrs := withoutAttrs(out.Attrs, "type", "type_source", "collection_type", "collection_type_source")
		out.Attrs = append(attrs, macros.Attr{Name: "type", Value: ct}, macros.Attr{Name: "type_source", Value: cts})
		return true
	}
	return false
}

// withoutAttrs returns a new slice of attrs without the named ones.
func withoutAttrs(attrs []macros.Attr, names ...string) []macros.Attr {
	out := make([]macros.Attr, 0, len(attrs)+2)
	for _, a := range attrs {
		if !slices.Contains(names, a.Name) {
			out = append(out, a)
		}
	}
	return out
}

func acceptDerivedParamName(before, after *macros.Element, name string) bool {
	if name != "name" || before.Tag != "param" || after.Tag != "param" || !underToolInputs(before) {
		return false
	}
	vb, okB := before.Get("name")
	_, okA := after.Get("name")
	argB, ok1 := before.Get("argument")
	argA, ok2 := after.Get("argument")
	return okB && !okA && ok1 && ok2 && argA == argB && vb != "" && lint.NameFromArgument(argA) == vb
}

func acceptCheckboxDisplay(before, after *macros.Element, name string) bool {
	if name != "display" || before.Tag != "param" || after.Tag != "param" || !underToolInputs(before) {
		return false
	}
	vb, okB := before.Get(name)
	_, okA := after.Get(name)
	typ, _ := after.Get("type")
	return okB && !okA && vb == "checkboxes" && checkboxTypes[typ]
}

func acceptBlankHelp(before, after *macros.Element) bool {
	return before.Tag == "help" && after.Tag == "help" && len(before.Children) == 0 && len(after.Children) == 0 &&
		strings.Trim(before.Text, " \t\r\n") == "" && after.Text == ""
}

func acceptBooleanSpelling(before, after *macros.Element, name string) bool {
	vb, okB := before.Get(name)
	va, okA := after.Get(name)
	want, ok := canonicalBool(vb)
	return okB && okA && ok && vb != va && va == want
}

// isToolProfile reports whether name on e is the tool's profile, which
// no repair may touch.
func isToolProfile(e *macros.Element, name string) bool {
	return name == "profile" && e.Parent() == nil && e.Tag == "tool"
}

func acceptTypoRename(before, after *macros.Element, attr bool, from, to string) bool {
	if attr {
		return !isToolProfile(before, from) && !isToolProfile(after, to) &&
			schemaAttribute[to] && similarity(to, from) >= typoCutoff
	}
	return schemaElement[to] && similarity(to, from) >= typoCutoff
}

func acceptTypoValue(before, after *macros.Element, name string) bool {
	vb, okB := before.Get(name)
	va, okA := after.Get(name)
	return okB && okA && vb != va && !isToolProfile(before, name) &&
		schemaEnumValue[va] && similarity(va, vb) >= typoCutoff
}

func booleanRevalue(before *macros.Element, name string) []string {
	v, _ := before.Get(name)
	if b, ok := canonicalBool(v); ok && b != v {
		return []string{b}
	}
	return nil
}

func typoRevalue(before *macros.Element, name string) []string {
	v, _ := before.Get(name)
	return closeMatches(v, schemaEnumValueNames)
}

func acceptQualifiedTestParam(before, after *macros.Element, name string) bool {
	if name != "name" || before.Tag != "param" || after.Tag != "param" {
		return false
	}
	va, ok := after.Get(name)
	if !ok {
		return false
	}
	for _, r := range testcase.Qualify(before.Root()) {
		if r.To == va && slices.Contains(r.Params, before) {
			return true
		}
	}
	return false
}

func acceptHelpRepair(before, after *macros.Element) bool {
	return before.Tag == "help" && after.Tag == "help" && isToolChild(before) && isToolChild(after) &&
		len(before.Children) == 0 && len(after.Children) == 0 && helpRepaired(before.Text, after.Text)
}

// acceptWrittenHelpRepair is acceptHelpRepair for the proof from the
// parses: the texts are the tool's own <help>'s, with no child element and
// no token.
func acceptWrittenHelpRepair(tag string, top bool, before, after string) bool {
	return tag == "help" && top && helpRepaired(before, after)
}

// maxHelpRepairRounds bounds how many times over the fix loop may have
// repaired one help: once is the rule (rst.RepairText repairs to its
// fixpoint), more only after a repair cut short by its bound.
const maxHelpRepairRounds = 4

// helpRepaired reports whether after is what rst.RepairText makes of
// before, applied once or more.
func helpRepaired(before, after string) bool {
	cur := before
	for range maxHelpRepairRounds {
		r := rst.RepairText(cur)
		if r.Text == cur {
			return false
		}
		if cur = r.Text; cur == after {
			return true
		}
	}
	return false
}
