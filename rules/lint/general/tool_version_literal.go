package general

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// ToolVersionLiteral is GTR108: a valid tool version written out where
// tokens would keep it in step with the software it wraps.
var ToolVersionLiteral = &lint.Check{
	Code:    "GTR108",
	Name:    "tool-version-literal",
	Summary: "Tool version is a literal PEP 440 version: tokenize it, or adopt a +galaxy suffix.",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool version written literally in the <tool> start tag (no token) that PEP 440 " +
			"accepts (the others are GTR024's) when it is either <base>+galaxy<N> with <base> the " +
			"version a <requirement> pins, or a bare version with no +local suffix at all. Galaxy has " +
			"no linter for it.",
		Why: "The IUC writes version=\"@TOOL_VERSION@+galaxy@VERSION_SUFFIX@\" with @TOOL_VERSION@ also " +
			"pinning the requirement: bumping the software then bumps both, and a change to the wrapper " +
			"alone bumps the suffix. A literal copy drifts from the requirement at the first update, and " +
			"a bare version leaves a wrapper-only fix no version of its own.",
		Example: "<tool id=\"t\" name=\"T\" version=\"1.9+galaxy0\">\n  <requirements><requirement type=\"package\" version=\"1.9\">samtools</requirement>\n→\n" +
			"<macros><token name=\"@TOOL_VERSION@\">1.9</token><token name=\"@VERSION_SUFFIX@\">0</token></macros>\n" +
			"<tool id=\"t\" name=\"T\" version=\"@TOOL_VERSION@+galaxy@VERSION_SUFFIX@\">\n  <requirements><requirement type=\"package\" version=\"@TOOL_VERSION@\">samtools</requirement>",
		FixSafety: "Advisory only: tokens and a suffix restructure the tool's macros, and a suffix changes its " +
			"version string, which only the author should decide.",
	},
	Run: func(c *lint.Ctx) {
		v, ok := attr(c, "version")
		// Missing, not PEP 440 or wrapped in whitespace belong to GTR095, GTR024, GTR047.
		if !ok || v == "" || v != pyStrip(v) || !isPEP440(v) {
			return
		}
		// Built from tokens already (or a token that did not expand).
		if c.Root.ValueOrigin("version").Parts != nil || strings.Contains(v, "@") {
			return
		}
		base, suffix, local := strings.Cut(v, "+")
		if !local {
			c.ReportAttr("", c.Root, "version",
				fmt.Sprintf("Tool version [%s] has no +galaxy suffix for the wrapper's own revisions.", v),
				fmt.Sprintf("Adopt the suffix: version=\"%s+galaxy0\", bumping only the suffix when the wrapper changes; with a requirement at %s, write it as @TOOL_VERSION@+galaxy@VERSION_SUFFIX@ from tokens.", v, v))
			return
		}
		if !strings.HasPrefix(suffix, "galaxy") {
			return
		}
		for _, r := range lint.Path(c.Root, "requirements/requirement") {
			if lint.Get(r, "version") != base {
				continue
			}
			c.ReportAttr("", c.Root, "version",
				fmt.Sprintf("Tool version [%s] is written out, while its base %s is also the version requirement %s pins.", v, base, pyStrip(r.Text)),
				fmt.Sprintf("Tokenize the version: define <token name=\"@TOOL_VERSION@\">%s</token> and <token name=\"@VERSION_SUFFIX@\">%s</token> in <macros>, write version=\"@TOOL_VERSION@+galaxy@VERSION_SUFFIX@\" and the requirement's version=\"@TOOL_VERSION@\".", base, strings.TrimPrefix(suffix, "galaxy")))
			return
		}
	},
}
