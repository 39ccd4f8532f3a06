package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/upgrade"
)

const rulesDoc = `
Rules lists every rule, one line each:

	CODE  [FAMILY/fixable|advisory]  rulesets:NAME,…|-  planemo:NAME,…|-  SUMMARY  doc:URL

FAMILY is fmt (layout), codemod (structural rewrites) or check (advisory
checks). A partition half (GTR018.1, GTR018.2) is listed on its own line;
its parent code selects both. "gtr explain CODE" prints a rule's full
documentation. -output-format json prints the same as a JSON array, with
the documentation.

-include-upgrade also lists the steps that only "gtr upgrade" applies
(family upgrade, in no ruleset): GTR007 and the step codemods and
runtime-gated fixes; and the rules only a dedicated command applies
(in no ruleset): GTR092, "gtr convert-help", and GTR094, "gtr
tokenize-version".

-planemo prints instead the parity table of Galaxy's tool linters (the
classes planemo lint runs), one line each:

	LINTER  MODULE  STATUS  CODES  REASON

STATUS is HAVE (the rules CODES report what the linter reports), PARTIAL
(CODES cover part of it; REASON says which) or NONE (REASON says why). An
info- or valid-level linter, which only says that its subject passed,
takes the status of the problem linters of that subject. The codes come
from the rules' planemo aliases, so -select LINTER runs them. The last
line counts the linters: "N HAVE, N PARTIAL, N NONE". -output-format json
prints the rows and the counts as one JSON object.`

const rulesetsDoc = `
Rulesets lists the rulesets with their description and rules:

	NAME[ (default)]: DESCRIPTION
	  rules: CODE, CODE, …

-ruleset NAME on format, check and diff runs a ruleset's rules; the
default ruleset is used when none is named.`

func runRules(e *env, args []string) int {
	fs := e.flagSet()
	withUpgrade := fs.Bool("include-upgrade", false, "also list the steps that only the upgrade pipeline applies")
	planemo := fs.Bool("planemo", false, "print the parity table of Galaxy's linters instead of the rules")
	format := fs.String("output-format", "text", "print the list as `FORMAT`: text or json")
	args, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(args) > 0 {
		return e.usageError("unexpected argument %q", args[0])
	}
	if *planemo {
		return printParity(e, *format)
	}
	switch *format {
	case "text":
		for _, r := range listedRules(*withUpgrade) {
			fmt.Fprintln(e.stdout, ruleLine(r))
		}
	case "json":
		writeJSON(e.stdout, ruleInfos(listedRules(*withUpgrade)))
	default:
		return e.usageError("unknown output format %q (want text or json)", *format)
	}
	return exitOK
}

// ruleLine is a rule's line in "gtr rules", in the predecessor's form.
func ruleLine(r *rules.Rule) string {
	return fmt.Sprintf("%s  [%s/%s]  rulesets:%s  planemo:%s  %s  doc:%s",
		r.Code, r.Family, fixWord(r), orDash(r.Rulesets), orDash(r.Planemo), r.Summary, orDashString(r.Cite))
}

func fixWord(r *rules.Rule) string {
	if r.Advisory() {
		return "advisory"
	}
	return "fixable"
}

func orDash(list []string) string {
	if len(list) == 0 {
		return "-"
	}
	return strings.Join(list, ",")
}

func orDashString(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ruleInfo is one rule in "gtr rules -output-format json".
type ruleInfo struct {
	Code           string   `json:"code"`
	Name           string   `json:"name"`
	Summary        string   `json:"summary"`
	Family         string   `json:"family"`
	Fixable        bool     `json:"fixable"`
	Fix            string   `json:"fix"` // none, sometimes or always
	Parent         string   `json:"parent,omitempty"`
	Rulesets       []string `json:"rulesets"`
	PlanemoLinters []string `json:"planemo_linters"`
	AppliesTo      []string `json:"applies_to"` // "tool", "macros"
	Since          string   `json:"since"`
	Cite           string   `json:"cite"`
	What           string   `json:"what"`
	Why            string   `json:"why"`
	Example        string   `json:"example"`
	FixSafety      string   `json:"fix_safety"`
}

// listedRules returns the rules "gtr rules" lists: every rule, and with
// upgrade the upgrade steps after them.
func listedRules(upgradeSteps bool) []*rules.Rule {
	out := slices.Clone(rules.All)
	if upgradeSteps {
		for _, s := range upgrade.Steps() {
			out = append(out, s.Rule())
		}
		out = append(out, rules.Commands...)
	}
	return out
}

func ruleInfos(rs []*rules.Rule) []ruleInfo {
	out := make([]ruleInfo, 0, len(rs))
	for _, r := range rs {
		var applies []string
		if r.Applies(rules.TargetTool) {
			applies = append(applies, "tool")
		}
		if r.Applies(rules.TargetMacro) {
			applies = append(applies, "macros")
		}
		out = append(out, ruleInfo{
			Code: r.Code, Name: r.Name, Summary: r.Summary, Family: string(r.Family), Fixable: !r.Advisory(),
			Fix: r.Fix.String(), Parent: r.Parent, Rulesets: nonNil(r.Rulesets), PlanemoLinters: nonNil(r.Planemo),
			AppliesTo: applies, Since: r.Since, Cite: r.Cite,
			What: r.Doc.What, Why: r.Doc.Why, Example: r.Doc.Example, FixSafety: r.Doc.FixSafety,
		})
	}
	return out
}

func runRulesets(e *env, args []string) int {
	args, code, ok := e.parse(e.flagSet(), args)
	if !ok {
		return code
	}
	if len(args) > 0 {
		return e.usageError("unexpected argument %q", args[0])
	}
	for _, rs := range rules.Rulesets {
		name := rs.Name
		if name == rules.DefaultRuleset {
			name += " (default)"
		}
		var codes []string
		for _, r := range rules.RulesetRules(rs.Name) {
			codes = append(codes, r.Code)
		}
		fmt.Fprintf(e.stdout, "%s: %s\n  rules: %s\n", name, rs.Description, orDashString(strings.Join(codes, ", ")))
	}
	return exitOK
}

const explainDoc = `
Explain prints the documentation of the rules that CODE names: what the
rule does, why, an example, how safe its fix is, and the Galaxy or IUC
reference. CODE may be a rule code (GTR001), a partition half (GTR018.1),
a parent code (GTR018, which explains both halves), a planemo linter
name, an upgrade step (GTR007), a rule only a dedicated command applies
(GTR092, convert-help; GTR094, tokenize-version) or one of Galaxy's behaviour codes
(16_04_fix_interpreter: Galaxy's description, its level and profile, and
what an upgrade does about it), in any case. Several CODEs may be given.`

func runExplain(e *env, args []string) int {
	codes, code, ok := e.parse(e.flagSet(), args)
	if !ok {
		return code
	}
	if len(codes) == 0 {
		return e.usageError("no CODE given")
	}
	var explain []*rules.Rule
	var texts []string
	for _, c := range codes {
		if s := upgrade.LookupStep(c); s != nil {
			texts = append(texts, explainText(s.Rule()))
			continue
		}
		if r := rules.LookupCommand(c); r != nil {
			texts = append(texts, explainText(r))
			continue
		}
		if bc, ok := upgrade.LookupCode(c); ok {
			texts = append(texts, explainCode(bc))
			continue
		}
		rs, err := rules.Match(c)
		if err != nil {
			return e.usageError("%v", err)
		}
		for _, r := range rs {
			if !slices.Contains(explain, r) {
				explain = append(explain, r)
			}
		}
	}
	for _, r := range explain {
		texts = append(texts, explainText(r))
	}
	fmt.Fprint(e.stdout, strings.Join(texts, "\n"))
	return exitOK
}

// explainCode is a Galaxy behaviour code's documentation as "gtr
// explain" prints it.
func explainCode(c upgrade.Code) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  [Galaxy behaviour code: %s at profile %s]\n", c.Name, c.Level, c.Profile)
	b.WriteString("\nWhat changes (Galaxy's description)\n")
	for _, line := range wrapText(c.Message, 76) {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	b.WriteString("\nFor an upgrade\n")
	var what string
	switch c.Level {
	case upgrade.MustFix:
		what = fmt.Sprintf("An upgrade from a profile below %s to %s or later crosses this change. When it applies to the tool and no automatic fix clears it, a walk (upgrade -modernize) stops below %s unless -allow-behavior-change is given.", c.Profile, c.Profile, c.Profile)
	case upgrade.Consider:
		what = fmt.Sprintf("An upgrade crossing %s reports this change when it applies to the tool (behavior_preserving is then false); it does not stop a walk unless -block-consider is given.", c.Profile)
	default:
		what = "A note only: the tool already does what the profile asks."
	}
	if s := upgrade.FixedBy(c.Name); s != nil {
		what += fmt.Sprintf(" %s (%s) fixes it automatically when an upgrade crosses %s, and is credited only when the change no longer applies after it.", s.Code, s.Name, c.Profile)
	}
	if c.Niche {
		what += " Galaxy's own upgrade advisor lists it only when asked for niche advice."
	}
	for _, line := range wrapText(what, 76) {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	fmt.Fprintf(&b, "\nReference\n  %s\n", c.URL)
	return b.String()
}

// explainText is a rule's documentation as "gtr explain" prints it.
func explainText(r *rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s  [%s/%s]\n%s\n", r.Code, r.Name, r.Family, fixWord(r), r.Summary)
	if r.Parent != "" {
		var halves []string
		for _, h := range rules.Children(r.Parent) {
			halves = append(halves, h.Code)
		}
		fmt.Fprintf(&b, "Selected with its other half by %s (%s).\n", r.Parent, strings.Join(halves, ", "))
	}
	// Prose is wrapped; examples keep their lines, indented further.
	section := func(title, text string, lines []string) {
		if text == "" {
			return
		}
		fmt.Fprintf(&b, "\n%s\n", title)
		for _, line := range lines {
			fmt.Fprintf(&b, "  %s\n", line)
		}
	}
	section("What it does", r.Doc.What, wrapText(r.Doc.What, 76))
	section("Why", r.Doc.Why, wrapText(r.Doc.Why, 76))
	var example []string
	for _, line := range strings.Split(strings.TrimRight(r.Doc.Example, "\n"), "\n") {
		example = append(example, "  "+line)
	}
	section("Example", r.Doc.Example, example)
	section("Fix safety", r.Doc.FixSafety, wrapText(r.Doc.FixSafety, 76))
	section("Reference", r.Cite, []string{r.Cite})
	fmt.Fprintf(&b, "\nRulesets: %s\nPlanemo linters: %s\nSince: %s\n",
		strings.ReplaceAll(orDash(r.Rulesets), ",", ", "), strings.ReplaceAll(orDash(r.Planemo), ",", ", "), orDashString(r.Since))
	return b.String()
}

// wrapText breaks text into lines of at most width bytes at spaces; a
// longer word gets a line of its own.
func wrapText(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
