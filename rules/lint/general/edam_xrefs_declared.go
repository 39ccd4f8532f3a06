package general

import "github.com/galaxy-gtr/gtr/rules/lint"

// EDAMXrefsDeclared is GTR027: a tool that no registry can place.
var EDAMXrefsDeclared = &lint.Check{
	Code:    "GTR027",
	Name:    "edam-xrefs-declared",
	Summary: "Tool should declare EDAM topics/operations or <xrefs>.",
	// Galaxy's two linters check the terms a tool declares against
	// bio.tools and EDAM, which needs the network or the ontology: gtr
	// checks that there are some, and selecting either name selects it.
	Linters: []string{"BioToolsValid", "EDAMTermsValid"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-xrefs",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool (after macro expansion) with no <edam_topic>, no <edam_operation> and no " +
			"<xref> that has a type and a text. Galaxy's BioToolsValid and EDAMTermsValid check the " +
			"terms that are there against bio.tools and EDAM; this check reports their absence, which " +
			"Galaxy does not.",
		Why: "Galaxy's tool search, the ToolShed, bio.tools and the EDAM-organised tool panels place a " +
			"tool by its xrefs and EDAM terms; a tool with none is found by its name alone.",
		Example:   "<tool id=\"bwa_mem\" …>\n  <description>…</description>\n→ add\n  <xrefs>\n    <xref type=\"bio.tools\">bwa</xref>\n  </xrefs>",
		FixSafety: "Advisory only: the right bio.tools entry or EDAM terms are a judgement about what the tool does.",
	},
	Run: func(c *lint.Ctx) {
		// The terms may come from a macro that did not expand.
		if c.Partial() {
			return
		}
		if firstWithText(c.Root, "edam_topics/edam_topic") != nil ||
			firstWithText(c.Root, "edam_operations/edam_operation") != nil {
			return
		}
		// Galaxy's parse_xrefs keeps an xref with a type and a text.
		for _, x := range lint.Path(c.Root, "xrefs/xref") {
			if lint.Get(x, "type") != "" && x.Text != "" {
				return
			}
		}
		c.Report("", c.Root, "Tool declares no EDAM topic or operation and no xref.",
			"Add <xrefs><xref type=\"bio.tools\">ID</xref></xrefs> with the tool's bio.tools id, or <edam_topics>/<edam_operations> with its EDAM terms.")
	},
}
