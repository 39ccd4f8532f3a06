package outputs

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsFormat is GTR049: an output whose datatype nothing sets.
var OutputsFormat = &lint.Check{
	Code:    "GTR049",
	Name:    "outputs-format",
	Summary: "Each output should define its datatype format.",
	Linters: []string{"OutputsFormat"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <data> or <collection> output whose datatype is set by none of the ways Galaxy's " +
			"OutputsFormat linter accepts: format, ext or format_source on it or on a child, an " +
			"<action type=\"format\"> below it, a true auto_format on a <data>, structured_like with " +
			"inherit_format on a <collection>, a <discover_datasets> pattern that captures the extension, " +
			"or (for an output with any child) tool-provided metadata (galaxy.json).",
		Why: "Without a format Galaxy falls back to \"data\", which no tool accepts as a typed input and " +
			"no visualisation displays; planemo lint warns.",
		Example:   "<data name=\"out\"/>\n→\n<data name=\"out\" format=\"tabular\"/>",
		FixSafety: "Advisory only: the right datatype depends on what the tool writes.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		provided := toolProvidedMetadata(c.Root)
		for _, out := range outputs(c) {
			if formatSet(out, provided) {
				continue
			}
			c.Report("OutputsFormat", out,
				fmt.Sprintf("Tool %s output %s doesn't define an output format.", out.Tag, nameOr(out, "with missing name")),
				"Add format=\"…\" with the output's datatype, or format_source=\"input_name\" to take an input's datatype.")
		}
	},
}

// formatSet reports whether Galaxy's OutputsFormat finds a datatype for
// out. provided is whether the tool declares tool-provided metadata, which
// Galaxy accepts for any output with at least one child node.
func formatSet(out *macros.Element, provided bool) bool {
	if declaresFormat(out) {
		return true
	}
	switch out.Tag {
	case "data":
		if lint.Get(out, "auto_format") != "" {
			return true
		}
	case "collection":
		if has(out, "structured_like") && has(out, "inherit_format") {
			return true
		}
	}
	// Galaxy iterates every child node here, processing instructions
	// included: each one triggers the tool-provided-metadata test.
	for _, sub := range out.Children {
		if provided || !sub.PI && (patternHasExt(sub) || declaresFormat(sub)) {
			return true
		}
	}
	return false
}

// declaresFormat reports whether el has format_source, format or ext, or
// an <action type="format"> below it (Galaxy's _check_format).
func declaresFormat(el *macros.Element) bool {
	if has(el, "format_source") || has(el, "format") || has(el, "ext") {
		return true
	}
	for _, a := range lint.FindAll(el, "action") {
		// .//action excludes el itself.
		if a != el && lint.Get(a, "type") == "format" {
			return true
		}
	}
	return false
}

// namedPatterns are the <discover_datasets> pattern names Galaxy replaces
// by a regular expression (output_collection_def.NAMED_PATTERNS), with
// whether that expression captures the extension.
var namedPatterns = map[string]bool{
	"__default__":             true,
	"__name__":                false,
	"__designation__":         false,
	"__name_and_ext__":        true,
	"__designation_and_ext__": true,
}

// patternHasExt reports whether sub is a <discover_datasets> whose pattern
// names the extension of what it discovers, as a (?P<ext>…) group.
func patternHasExt(sub *macros.Element) bool {
	if sub.Tag != "discover_datasets" {
		return false
	}
	p, ok := sub.Get("pattern")
	if !ok {
		return false
	}
	if ext, named := namedPatterns[p]; named {
		return ext
	}
	return strings.Contains(p, "(?P<ext>")
}

// toolProvidedMetadata reports whether the tool has its job write
// galaxy.json (Galaxy's _has_tool_provided_metadata): a provided_metadata
// attribute on the first <outputs>, "galaxy.json" in the text of the first
// <command> before its first child, or a configfile named galaxy.json.
func toolProvidedMetadata(root *macros.Element) bool {
	if o := lint.Child(root, "outputs"); o != nil && (has(o, "provided_metadata_file") || has(o, "provided_metadata_style")) {
		return true
	}
	if cmd := lint.Child(root, "command"); cmd != nil && strings.Contains(cmd.Text, "galaxy.json") {
		return true
	}
	for _, cf := range lint.Path(root, "configfiles/configfile") {
		if v, ok := cf.Get("filename"); ok && v == "galaxy.json" {
			return true
		}
	}
	return false
}
