package rules

import (
	"fmt"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR035_1 trims whitespace around a package requirement's version.
var GTR035_1 = &Rule{
	Code:     "GTR035.1",
	Name:     "requirement-version-whitespace",
	Summary:  "Trim accidental leading/trailing whitespace from a <requirement> 'version'.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Parent:   "GTR035",
	Rulesets: []string{"default", "iuc", "strict"},
	Planemo:  []string{"RequirementVersionWhitespace"},
	Since:    "0.1.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-requirements-requirement",
	Order:    30,
	Changes:  []*rewrite.ViewChange{changeRequirementVersion},
	Doc: Doc{
		What: "Removes whitespace before and after the version of a package <requirement> (type absent " +
			"or \"package\"), the case planemo's RequirementVersionWhitespace linter warns about. " +
			"Whitespace written as a character reference (&#32;, &#10;, …) goes too.",
		Why: "A version is matched literally: conda and the container resolvers see \" 1.9\" as another " +
			"version than \"1.9\", and refuse it since white space is not allowed in a package spec.",
		Example: "<requirement type=\"package\" version=\" 1.9 \">samtools</requirement>\n→\n" +
			"<requirement type=\"package\" version=\"1.9\">samtools</requirement>",
		FixSafety: "Safe for the tool's own behaviour: the command, inputs and outputs are untouched. The " +
			"version string Galaxy hands to its dependency resolvers changes from one they reject " +
			"(white space is shell-unsafe in a conda or container spec) to the version the author " +
			"meant. A version that is all whitespace is left alone, since trimming it would drop the " +
			"pin altogether; macro tokens (@TOOL_VERSION@) are kept, only the literal whitespace " +
			"around them goes.",
	},
	check: checkRequirementVersionWhitespace,
}

// GTR035_2 reports a tool name with whitespace around it.
var GTR035_2 = &Rule{
	Code:     "GTR035.2",
	Name:     "tool-name-whitespace",
	Summary:  "A <tool> 'name' should have no leading/trailing whitespace (report-only).",
	Family:   FamilyCheck,
	Fix:      FixNone,
	Parent:   "GTR035",
	Rulesets: []string{"strict"},
	Planemo:  []string{"ToolNameWhitespace"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#tool-names",
	Order:    30,
	Doc: Doc{
		What: "Reports a <tool> whose name has leading or trailing whitespace. When the name is missing " +
			"or empty Galaxy shows the id instead, and the id is checked, as planemo's ToolNameWhitespace " +
			"linter does.",
		Why: "The name is what users see in the tool panel and search; stray whitespace makes it " +
			"misalign and sort oddly.",
		Example: "<tool id=\"cut\" name=\" Cut columns\" version=\"1.0\">\n→ reported: trim the name.",
		FixSafety: "Report only: the name is displayed to users and may be matched by workflows, " +
			"tool-panel configuration or training material, so gtr does not change it.",
	},
	check: checkToolNameWhitespace,
}

func checkRequirementVersionWhitespace(p *Pass) {
	for _, n := range elementsOf(p).requirements {
		trimRequirementVersion(p, n)
	}
}

func trimRequirementVersion(p *Pass, req cst.Node) {
	// Galaxy's default requirement type is package; other types have no
	// version to resolve.
	if t, ok := attrValue(req, "type"); ok && t != "package" {
		return
	}
	a := attrNode(req, "version")
	v := a.Value()
	// No version, or one without surrounding whitespace.
	if !a.IsValid() || v == pyStrip(v) {
		return
	}
	// An all-whitespace version would become no pin at all.
	if pyStrip(v) == "" {
		return
	}
	raw := a.RawValue()
	trimmed := trimRawValue(raw)
	msg := fmt.Sprintf("requirement version %q has leading or trailing whitespace", v)
	p.fixEdit(a.Span(), msg, rewrite.ReplaceSpan(a.ValueSpan(), trimmed))
}

// trimRawValue strips whitespace from both ends of a raw attribute value,
// whether written literally or as a character reference, so that the value
// an XML parser reads is stripped as Python's str.strip() strips it.
func trimRawValue(raw string) string {
	start := 0
	for start < len(raw) {
		n, ws := rawUnit(raw[start:])
		if !ws {
			break
		}
		start += n
	}
	end := len(raw)
	for end > start {
		n, ws := rawUnitBefore(raw[start:end])
		if !ws {
			break
		}
		end -= n
	}
	return raw[start:end]
}

// rawUnit returns the length of the first character or reference of s and
// whether it reads as whitespace.
func rawUnit(s string) (int, bool) {
	if s[0] == '&' {
		for i := 1; i < len(s) && i < 12; i++ {
			if s[i] == ';' {
				r, ok := resolveReference(s[:i+1])
				return i + 1, ok && pyStrip(r) == ""
			}
		}
	}
	r, n := utf8.DecodeRuneInString(s)
	return n, isPyWhitespace(r)
}

// rawUnitBefore is rawUnit for the last character or reference of s.
func rawUnitBefore(s string) (int, bool) {
	if s[len(s)-1] == ';' {
		for i := len(s) - 2; i >= 0 && len(s)-i <= 12; i-- {
			if s[i] == '&' {
				r, ok := resolveReference(s[i:])
				return len(s) - i, ok && pyStrip(r) == ""
			}
		}
	}
	r, n := utf8.DecodeLastRuneInString(s)
	return n, isPyWhitespace(r)
}

func checkToolNameWhitespace(p *Pass) {
	root := p.Tree.RootElement()
	// Galaxy shows the id when the name is missing or empty.
	attr := attrNode(root, "name")
	if attr.Value() == "" {
		attr = attrNode(root, "id")
	}
	name := attr.Value()
	// No name at all, or a clean one.
	if name == "" || name == pyStrip(name) {
		return
	}
	what := "tool name"
	if attr.Name() == "id" {
		what = "tool id (shown as the name, which is missing)"
	}
	p.ReportHelp(attr.Span(), fmt.Sprintf("%s %q has leading or trailing whitespace", what, name),
		"Remove the spaces around the name by hand: the name is what users see and search for, so gtr leaves it to the author.")
}
