package rules

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/rst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/help"
)

// GTR089_1 repairs invalid reStructuredText in <help> where a
// deterministic repair renders the same.
var GTR089_1 = &Rule{
	Code:     "GTR089.1",
	Name:     "help-rst-repair",
	Summary:  "Repair deterministically-fixable invalid <help> reStructuredText (short title underlines, missing blank lines) behind a behaviour-preserving gate.",
	Family:   FamilyCodemod,
	Fix:      FixSometimes,
	Parent:   "GTR089",
	Rulesets: []string{"default", "iuc", "strict"},
	Planemo:  []string{"HelpInvalidRST"},
	Since:    "0.7.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-help",
	Order:    3,
	Changes:  []*rewrite.ViewChange{changeHelpRepair},
	Doc: Doc{
		What: "Reads the tool's <help> as docutils 0.19 reads it when Galaxy renders it and, where docutils " +
			"reports a problem (level WARNING or above, what planemo's HelpInvalidRST linter quotes) that has a " +
			"deterministic repair, makes it: a title underline or overline too short is extended with its own " +
			"character to the title's width as docutils measures it (East Asian wide characters count two " +
			"columns); a blank line is inserted where a list, block quote, literal block, line block or explicit " +
			"markup ends without one, and before unexpectedly indented text; an inline start-string without " +
			"end-string (*, **, ``, `, |) is escaped with a backslash. The repairs are insertions into the help's " +
			"text, written in the tool file escaped as the text around them is (as is inside CDATA, with entity " +
			"references outside it). The finding is at the first message repaired, in docutils' words.",
		Why: "Galaxy renders the help with docutils, and planemo lint warns about invalid reStructuredText. Where " +
			"docutils already renders what the author meant, the warning is noise that hides the problems that " +
			"matter.",
		Example: "<help><![CDATA[\nUsage\n====\n\n* sort\nthen filter\n]]></help>\n→\n" +
			"<help><![CDATA[\nUsage\n=====\n\n* sort\n\nthen filter\n]]></help>",
		FixSafety: "Safe: each repair, and then all of them together, must strictly reduce the number of docutils " +
			"messages of level WARNING or above, introduce no message of a new kind, and leave the HTML Galaxy " +
			"renders (docutils' html4css1 body, system messages dropped) byte for byte the same; otherwise it is " +
			"not made and the message stays GTR089.2's. Help in format=\"markdown\", help holding a macro token " +
			"(@NAME@), and help that lands through a macro (an <xml> macro, an <expand> inside <help>) are left " +
			"alone: GTR089.2 reports them, at the macro file's line, since fixes edit the tool file only.",
	},
	check: checkHelpRepair,
}

// checkHelpRepair reports, and fixes, the repairable invalid RST of the
// tool's <help>.
func checkHelpRepair(p *Pass) {
	node := toolHelp(p.Tree)
	// No <help> in the tool file: nothing of its own to repair.
	if !node.IsValid() {
		return
	}
	dec := cst.Content(node)
	// GTR089.2 reads such a help as the tool expands, and reports it.
	if help.HoldsToken(dec.Text) {
		return
	}
	// Valid help, the common case, is known without expanding the tool;
	// GTR089.2 need not read it again.
	if helpValid(p, dec.Text) {
		p.remember(help.ValidKey, dec.Text)
		return
	}
	c := shared(p, "lint view", func() *lint.Ctx { return lintCtx(p) })
	// The expansion stopped the run, or there is no view to read.
	if c == nil || c.Root == nil {
		return
	}
	el := help.Repairable(c)
	// Help GTR089.2 reports whole: markdown, tokens, help from a macro.
	if el == nil || el.Text != dec.Text {
		return
	}
	r := rst.RepairText(el.Text)
	p.remember(help.RepairKey, r)
	// No repair passes the gate.
	if len(r.Repairs) == 0 {
		return
	}
	m := r.FirstFixed()
	at := dec.Map.SourceSpan(m.Span)
	msg := "Invalid reStructuredText found in help - [" + m.String() + "\n]."
	edits, ok := helpEdits(p, node, dec, r)
	if !ok {
		p.ReportHelp(at, msg, "Repair the reStructuredText by hand: its repair ("+strings.Join(r.Repairs, "; ")+
			") cannot be written into the tool file's bytes as they are.")
		return
	}
	p.fix(at, msg, &rewrite.Fix{Code: p.Rule.Code, Message: strings.Join(r.Repairs, "; "), Edits: edits,
		Applicability: rewrite.Safe})
}

// helpValid reports whether text reads as valid reStructuredText,
// reading it once per format run.
func helpValid(p *Pass, text string) bool {
	if p.views != nil && slices.Contains(p.views.validHelps, text) {
		return true
	}
	if help.Invalid(text) != nil {
		return false
	}
	if p.views != nil {
		p.views.validHelps = append(p.views.validHelps, text)
	}
	return true
}

// toolHelp returns the first <help> child of the tool file's root, or the
// zero Node.
func toolHelp(t *cst.Tree) cst.Node {
	for n := range t.RootElement().ElementsNamed("help") {
		return n
	}
	return cst.Node{}
}

// helpEdits returns the edits of the tool file that make the text of
// <help> node (decoded as dec) r.Text: each insertion at its source
// offset, escaped for the text it lands in. ok is false when the edited
// file would not read so, which the edits are checked for.
func helpEdits(p *Pass, node cst.Node, dec cst.Decoded, r *rst.Repair) ([]rewrite.Edit, bool) {
	edits := make([]rewrite.Edit, 0, len(r.Insertions))
	for _, in := range r.Insertions {
		at := dec.Map.Source(in.Offset)
		text := strings.ReplaceAll(in.Text, "\n", p.Newline)
		if !inCDATA(node, at) {
			text = rewrite.EscapeText(text)
		}
		edits = append(edits, rewrite.Edit{Start: at, End: at, New: text})
	}
	out, err := rewrite.Apply(p.Tree.Source(), edits)
	if err != nil {
		return nil, false
	}
	t := cst.Parse(p.Tree.File(), out)
	h := toolHelp(t)
	return edits, t.WellFormed() && h.IsValid() && cst.Content(h).Text == r.Text
}

// inCDATA reports whether source offset at of <help> node lies inside one
// of its CDATA sections, between the delimiters.
func inCDATA(node cst.Node, at int) bool {
	for c := range node.Content() {
		if s := c.Span(); c.Kind() == cst.KindCDATA && at >= s.Start+len("<![CDATA[") && at <= s.End-len("]]>") {
			return true
		}
	}
	return false
}
