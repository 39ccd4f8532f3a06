package upgrade

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR010 writes datatype names as the 24.2 schema's Format and
// FormatList patterns require: lower case, no spaces.
var GTR010 = &Step{
	Code:    "GTR010",
	Name:    "normalize-formats",
	Summary: "Write format, ftype and ext values in lower case without surrounding spaces, comma by comma; drop a value that is left empty.",
	Kind:    KindCodemod,
	From:    "24.1",
	Planemo: []string{"ValidDatatypes"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Rewrites the datatype names of a tool: format on an input <param> (a comma-separated list: each " +
			"name is trimmed and lower-cased, empty names are dropped), format on an output <data>, <collection> " +
			"or <output>, on <discover_datasets> (with ext) and on a <change_format> <when>, and ftype on a test " +
			"<param>, <output> or collection <element> (one name: trimmed and lower-cased). A value left empty is " +
			"removed with its attribute, except on <when>, where format is required. The value is rewritten where " +
			"it is written: between its quotes, or in the definition of the one token that makes it, in the tool " +
			"or an imported macro file.",
		Why: "Galaxy's datatype names are lower case. From 24.2 the schema says so: format and ftype must match " +
			"[0-9a-z._-]+ (a comma-separated list of those on an input), so a tool writing Tabular or " +
			"\"fastqsanger, fastq\" stops validating at the 24.2 boundary, and planemo's ValidDatatypes linter " +
			"reports such names as unknown.",
		Example: "<param name=\"input\" type=\"data\" format=\"Tabular, TXT\"/>\n→\n<param name=\"input\" type=\"data\" format=\"tabular,txt\"/>",
		FixSafety: "On an input Galaxy itself trims and lower-cases every name and skips an empty one, so the change " +
			"is exact, with one exception: an input whose format is empty names no datatype and so matches no " +
			"dataset, and removing the attribute gives it Galaxy's default, data, which matches every dataset. " +
			"Elsewhere Galaxy takes the value as written, and a name in upper case or with spaces names no " +
			"datatype: Galaxy falls back to the generic data type and logs a warning, so the step makes Galaxy " +
			"use the datatype the author wrote; an empty output format reads as no datatype as well, and " +
			"removing it leaves Galaxy's default. A value made by a token that also makes another value or " +
			"text of the tool is refused, as is one written with references or made of tokens and text.",
	},
	Changes: []*rewrite.ViewChange{changeFormatNormalized},
	Plan:    planNormalizeFormats,
}

// changeFormatNormalized is a datatype name written in its canonical
// form, or removed when it is left empty.
var changeFormatNormalized = &rewrite.ViewChange{
	Name: "format-normalized",
	Attr: func(before, after *macros.Element, name string) bool {
		kind := formatKind(before, name)
		old, had := before.Get(name)
		if kind == formatNone || !had {
			return false
		}
		norm := normalizeFormat(old, kind)
		v, has := after.Get(name)
		return has && v == norm || !has && norm == "" && kind != formatRequired
	},
}

// How a datatype attribute reads.
const (
	formatNone     = iota // not a datatype attribute
	formatList            // a comma-separated list of names (an input's format)
	formatOne             // one name
	formatRequired        // one name that may not be left out (<when format>)
)

// formatKind tells what the attribute called name of e is, by where e
// stands in the tool.
func formatKind(e *macros.Element, name string) int {
	top := e
	for top.Parent() != nil && top.Parent().Parent() != nil {
		top = top.Parent()
	}
	if top == e || top.Parent() == nil || top.Parent().Tag != "tool" {
		return formatNone
	}
	switch top.Tag {
	case "inputs":
		if e.Tag == "param" && name == "format" {
			return formatList
		}
	case "outputs":
		switch {
		case name == "format" && (e.Tag == "data" || e.Tag == "collection" || e.Tag == "output"):
			return formatOne
		case e.Tag == "discover_datasets" && (name == "format" || name == "ext"):
			return formatOne
		case e.Tag == "when" && name == "format" && e.Parent().Tag == "change_format":
			return formatRequired
		}
	case "tests":
		if name == "ftype" && (e.Tag == "param" || e.Tag == "output" || e.Tag == "element") {
			return formatOne
		}
	}
	return formatNone
}

// normalizeFormat returns v as the schema's pattern wants it: lower
// case, trimmed, and for a list every name trimmed and the empty ones
// dropped.
func normalizeFormat(v string, kind int) string {
	if kind != formatList {
		return strings.ToLower(strings.TrimSpace(v))
	}
	var names []string
	for n := range strings.SplitSeq(v, ",") {
		if n = strings.ToLower(strings.TrimSpace(n)); n != "" {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

func planNormalizeFormats(d *Doc) Plan {
	// Without Galaxy's view there is no telling where a value comes from.
	if d.View == nil || d.Root == nil {
		return noView(d, "where its datatype names are written")
	}
	var changes []valueChange
	var refused []string
	for e := range d.Root.Descendants() {
		for _, a := range e.Attrs {
			kind := formatKind(e, a.Name)
			// Only datatype names change.
			if kind == formatNone {
				continue
			}
			norm := normalizeFormat(a.Value, kind)
			// Already canonical (an empty value never is).
			if norm == a.Value && norm != "" {
				continue
			}
			if norm == "" && kind == formatRequired {
				refused = append(refused, fmt.Sprintf("%s: <%s> requires %s, and its value %q is empty once trimmed", d.Position(e.Loc), e.Tag, a.Name, a.Value))
				continue
			}
			changes = append(changes, valueChange{e: e, attr: a.Name, value: norm, drop: norm == ""})
		}
	}
	// Every name is canonical: nothing to do.
	if len(changes) == 0 && len(refused) == 0 {
		return Plan{}
	}
	p := planValueChanges(d, newViewUses(d.Root), changes)
	p.Refused = append(refused, p.Refused...)
	return finishPlan(p)
}
