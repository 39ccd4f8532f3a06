package help

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/rst"
	"github.com/galaxy-gtr/gtr/rules/internal/recent"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// HelpInvalidRST is GTR089.2: a <help> that is not valid
// reStructuredText as docutils reads it.
var HelpInvalidRST = &lint.Check{
	Code:    "GTR089.2",
	Name:    "help-invalid-rst",
	Summary: "Tool <help> should be valid reStructuredText.",
	Linters: []string{"HelpInvalidRST", "HelpValidRST"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-help",
	Since:   "0.7.0",
	Doc: lint.Doc{
		What: "Reads the text of the tool's <help> (Galaxy's expanded view, unless it is format=\"markdown\") as " +
			"docutils reads it when Galaxy renders the help (gtr's own reader, cst/rst, agrees with docutils 0.19 " +
			"on every corpus help) and reports the first system message of level WARNING or above — the one " +
			"Galaxy's HelpInvalidRST linter quotes, in docutils' words and with its line of the help — at that " +
			"line of the help; of a help GTR089.1 repairs, the first message of a kind its repairs leave.",
		Why: "Galaxy renders the help with docutils: a title underline too short, an indentation docutils did not " +
			"expect or unclosed inline markup garbles what users read under the tool form, and planemo lint warns.",
		Example: "<help><![CDATA[\nExample::\n\nnot indented\n]]></help>\n→ reported: " +
			"<string>:3: (WARNING/2) Literal block expected; none found.",
		FixSafety: "Report only: what GTR089.1 cannot repair. The two share one predicate: a help GTR089.1 may " +
			"edit (written in the tool file, no macro token) is reported here only when invalid RST is left after " +
			"its repairs, with the first message of a kind the repairs leave; any other invalid help is reported " +
			"here whole.",
	},
	Run: func(c *lint.Ctx) {
		help := rstHelp(c)
		if help == nil {
			return
		}
		// GTR089.1, earlier in the run, may have read it already.
		if v, ok := c.Shared[ValidKey].(string); ok && v == help.Text {
			return
		}
		// What GTR089.1 repairs is its finding, not this one's.
		var m *rst.Message
		if Repairable(c) != nil {
			m = repairOf(c, help.Text).Residual()
		} else {
			m = Invalid(help.Text)
		}
		if m == nil {
			return
		}
		c.ReportIn("HelpInvalidRST", help, m.Span.Start, m.Span.End,
			"Invalid reStructuredText found in help - ["+m.String()+"\n].",
			"Fix the reStructuredText at this line of the help, as docutils' message says; `gtr check` reads it as Galaxy renders it.")
	},
}

// The keys of [lint.Ctx.Shared] under which GTR089.1 leaves what it found
// of the help, so that the check does not read it again: ValidKey a help
// text read as valid reStructuredText, RepairKey the *rst.Repair of one.
const (
	ValidKey  = "help text read as valid RST"
	RepairKey = "help RST repair"
)

// repairOf returns the repair of text, GTR089.1's when it made one.
func repairOf(c *lint.Ctx, text string) *rst.Repair {
	if r, ok := c.Shared[RepairKey].(*rst.Repair); ok && r.Before.Text == text {
		return r
	}
	return rst.RepairText(text)
}

// rstHelp returns the tool's <help> when Galaxy reads it as
// reStructuredText and lints it: a help of the default or manage_data
// type, not format="markdown", not empty (an empty help is HelpEmpty's).
func rstHelp(c *lint.Ctx) *macros.Element {
	// Galaxy's help module lints the default and manage_data types only.
	if !c.ToolTypeIn(lint.DefaultTypes...) {
		return nil
	}
	help := lint.Child(c.Root, "help")
	if help == nil || lint.Get(help, "format") == "markdown" {
		return nil
	}
	if strings.TrimFunc(help.Text, unicode.IsSpace) == "" {
		return nil
	}
	return help
}

// macroToken matches what reads as a macro token, @NAME@: a help holding
// one may read otherwise once a macro file defines it.
var macroToken = regexp.MustCompile(`@[^@\s]+@`)

// HoldsToken reports whether text, a <help>'s text as the tool file
// writes it, holds what reads as a macro token. Such a help is never
// [Repairable]: expanding the tool either substitutes the token or leaves
// it in the text.
func HoldsToken(text string) bool {
	return macroToken.MatchString(text)
}

// Repairable returns the tool's <help> when GTR089.1 may repair it, nil
// otherwise: a help Galaxy reads as reStructuredText whose text is written
// in the tool file itself, in one piece, before any child element, with no
// macro token substituted or left in it. Help that lands through a macro
// (an <xml> macro, an <expand> inside <help>, a token) is reported by
// GTR089.2 at its macro file's line and never edited, since the fix loop
// edits the tool file alone.
func Repairable(c *lint.Ctx) *macros.Element {
	help := rstHelp(c)
	if help == nil || len(help.Children) > 0 || help.Loc.File != c.File.File() {
		return nil
	}
	if o := help.TextOrigin(); o.Parts != nil || o.Loc.File != c.File.File() {
		return nil
	}
	if macroToken.MatchString(help.Text) {
		return nil
	}
	return help
}

// Invalid returns the first message of level WARNING or above docutils
// gives for text read as reStructuredText ([rst.Check]), nil for valid
// text. The verdicts of the last texts asked about are remembered:
// the tools of a repository often share a help word for word (versions of
// one tool side by side, a suite's macro), and reading one costs more
// than the rest of its checks.
func Invalid(text string) *rst.Message {
	if len(text) > maxRememberedHelp {
		return rst.Check(text)
	}
	return verdicts.Of(text, func() *rst.Message { return rst.Check(text) })
}

// maxRememberedHelp bounds the size of a help text whose verdict Invalid
// remembers, so that what it holds stays small (32 × 64 KiB at most).
const maxRememberedHelp = 64 << 10

// verdicts are the verdicts of the last texts Invalid read.
var verdicts = recent.New[string, *rst.Message](32)
