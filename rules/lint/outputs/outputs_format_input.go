package outputs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsFormatInput is GTR112: the deprecated format="input".
var OutputsFormatInput = &lint.Check{
	Code:    "GTR112",
	Name:    "outputs-format-input",
	Summary: "An output should take an input's datatype with format_source, not format=\"input\".",
	Linters: []string{"OutputsFormatInput"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <data> or <collection> output with format=\"input\", or with a direct child whose " +
			"format (else ext) is \"input\", as Galaxy's OutputsFormatInput linter does: a warning for " +
			"tools of profile 16.01 or older, an error for newer ones.",
		Why: "format=\"input\" takes the datatype of whichever data input Galaxy happens to pick, which is " +
			"ambiguous with several inputs; format_source names the input.",
		Example:   "<data name=\"out\" format=\"input\"/>\n→\n<data name=\"out\" format_source=\"input1\"/>",
		FixSafety: "Advisory only: which input the datatype should come from is the author's choice.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		for _, out := range outputs(c) {
			if v, ok := out.Get("format"); ok && v == "input" {
				reportFormatInput(c, out, out, "format")
			}
			for sub := range out.Elements() {
				attr := "format"
				if !has(sub, "format") {
					attr = "ext"
				}
				if v, ok := sub.Get(attr); ok && v == "input" {
					reportFormatInput(c, out, sub, attr)
				}
			}
		}
	},
}

// reportFormatInput reports format="input" found on attribute attr of el,
// which is out or one of its children; Galaxy's message names out's tag.
func reportFormatInput(c *lint.Ctx, out, el *macros.Element, attr string) {
	fix := "Replace format=\"input\" with format_source=\"NAME\", NAME being the data input whose datatype the output takes."
	if !profileAtMost1601(lint.Get(c.Root, "profile")) {
		fix += " Galaxy treats it as an error for tools of profile newer than 16.01."
	}
	c.ReportAttr("OutputsFormatInput", el, attr,
		fmt.Sprintf("Using format='input' on %s is deprecated. Use the format_source attribute.", out.Tag), fix)
}

// profileAtMost1601 reports whether a tool's profile is 16.01 or older
// under PEP 440 ordering of its release numbers, as Galaxy compares them
// (Version(profile) <= Version("16.01")); no profile is 16.01. A profile
// that is not a dotted number counts as newer.
func profileAtMost1601(profile string) bool {
	if profile == "" {
		return true
	}
	want := []int{16, 1}
	parts := strings.Split(strings.TrimSpace(profile), ".")
	for i := 0; i < max(len(parts), len(want)); i++ {
		var n, w int
		if i < len(parts) {
			v, err := strconv.Atoi(parts[i])
			if err != nil || v < 0 {
				return false
			}
			n = v
		}
		if i < len(want) {
			w = want[i]
		}
		if n != w {
			return n < w
		}
	}
	return true
}
