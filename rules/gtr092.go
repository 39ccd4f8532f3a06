package rules

import (
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rewrite/helpmd"
)

// GTR092 describes what "gtr convert-help" does. It is not a rule that
// runs: it belongs to no ruleset and is not in [All]; the command applies
// it through package rewrite/helpmd.
var GTR092 = &Rule{
	Code:    "GTR092",
	Name:    "convert-help",
	Summary: "Convert an RST <help> to Markdown (format=\"markdown\") when markdown-it's rendering is provably equivalent to docutils' (profile >= 24.2; gtr convert-help only).",
	Family:  FamilyCodemod,
	Fix:     FixSometimes,
	Since:   "0.7.0",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-help",
	Order:   90,
	Changes: []*rewrite.ViewChange{helpmd.HelpToMarkdown},
	Doc: Doc{
		What: "Rewrites the reStructuredText of the tool's <help> as CommonMark and adds format=\"markdown\": " +
			"sections become ATX headings, emphasis, strong and literal text their Markdown forms, bullet and " +
			"numbered lists Markdown lists (tight where docutils renders them compact), literal and code blocks " +
			"fenced code, links and standalone URIs Markdown links, images, block quotes, transitions, and tables " +
			"with one header row pipe tables. A CDATA help stays CDATA. A help written in an imported macro file " +
			"is converted there when every tool of the run that imports it agrees.",
		Why: "From profile 24.2 Galaxy renders <help format=\"markdown\"> in the browser with markdown-it; " +
			"Markdown is what most tool authors write elsewhere, and it has none of RST's indentation and " +
			"underline-length pitfalls.",
		Example: "<help><![CDATA[\nUsage\n=====\n\nRun with ``-k``.\n]]></help>\n→\n" +
			"<help format=\"markdown\"><![CDATA[\n# Usage\n\nRun with `-k`.\n]]></help>",
		FixSafety: "Kept only when the Markdown, rendered as Galaxy's client renders it (markdown-it 13, html: false), " +
			"reduces to the same semantic skeleton as the RST rendered as Galaxy's server renders it (docutils " +
			"0.19 html4css1): canonical tags, link targets, image sources and list starts, text with whitespace " +
			"collapsed. The RST must be valid; constructs without a CommonMark form (definition and field lists, " +
			"line blocks, admonitions, .. class:: paragraphs, image options, footnotes, …) are refused by name. " +
			"Galaxy's expanded view may change in the <help> alone. Skipped below profile 24.2 (run `gtr upgrade` " +
			"first), for a <help> with a format, an empty one, or one holding a macro token.",
	},
}
