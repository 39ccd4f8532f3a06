package command

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// BooleanGatesOptions is GTR102: a boolean parameter whose #if in the
// command decides whether other parameters are used.
var BooleanGatesOptions = &lint.Check{
	Code:    "GTR102",
	Name:    "boolean-gates-options",
	Summary: "A boolean param should not gate other options in <command> (use a <conditional>/select).",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-conditional",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a boolean <param> (outside repeats) that the <command> tests in an #if/#elif/#unless " +
			"whose branches write out other input parameters: the boolean switches an option whose values " +
			"come from fields the form shows whether or not it is on. Reported once per boolean, at its " +
			"first such test.",
		Why: "The user sees and fills fields that the command then ignores, and a workflow keeps values " +
			"that have no effect. A <conditional> whose test is the boolean (or a select) shows the " +
			"dependent fields only when they are used, and records that they belong together.",
		Example: "<param name=\"trim\" type=\"boolean\"/>\n<param name=\"quality\" type=\"integer\" value=\"20\"/>\n#if $trim: --trim $quality #end if\n→\n<conditional name=\"trim\">\n  <param name=\"enabled\" type=\"boolean\"/>\n  <when value=\"true\"><param name=\"quality\" type=\"integer\" value=\"20\"/></when>\n  <when value=\"false\"/>\n</conditional>\n#if $trim.enabled: --trim $trim.quality #end if",
		FixSafety: "Advisory only: moving parameters into a conditional renames them ($trim.quality), which " +
			"breaks saved workflows and the tool's tests, so the author must decide and bump the version.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's command module lints the default and manage_data types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		t, cmd := c.Command(), lint.Child(c.Root, "command")
		if t == nil {
			return
		}
		// A conditional's own test already gates its whens.
		gate := func(p *macros.Element) bool {
			return lint.Get(p, "type") == "boolean" && p.Parent().Tag != "conditional"
		}
		var booleans []string
		for _, p := range toolParams(c) {
			if !gate(p) {
				continue
			}
			if path, ok := paramPath(p); ok {
				booleans = append(booleans, path)
			}
		}
		// Most tools have no boolean to report: the paths of the others
		// and the command's tests are not worked out then.
		if len(booleans) == 0 {
			return
		}
		other := map[string]bool{}
		for _, p := range toolParams(c) {
			// A hidden value is no field of the form.
			if gate(p) || lint.Get(p, "type") == "hidden" {
				continue
			}
			if path, ok := paramPath(p); ok {
				other[path] = true
			}
		}
		tests := ifTests(t)
		for _, b := range booleans {
			if at, ok := gatingTest(tests[b], b, other); ok {
				c.ReportIn("", cmd, at.Start, at.End, "Boolean parameter '"+b+"' gates other options in the command; "+
					"a <conditional> would show them only when it is on.",
					"Make '"+b+"' the test of a <conditional> and move the parameters it gates into its "+
						"<when value=\"true\">.")
			}
		}
	},
}

// ifTests indexes the placeholders in the conditions of t's #if, #elif
// and #unless directives by their dotted path.
func ifTests(t *cheetah.Template) map[string][]cheetah.Node {
	out := map[string][]cheetah.Node{}
	for ph := range t.Placeholders() {
		if !ph.InExpr || ph.Path == "" {
			continue
		}
		if d := ph.Node.Parent(); d.Kind() == cheetah.KindDirective && isIf(d) && d.Parent().Kind() == cheetah.KindBranch {
			out[ph.Path] = append(out[ph.Path], d)
		}
	}
	return out
}

// gatingTest returns the span of the first of tests, the directives whose
// condition reads the boolean at path b, that heads a branch writing out
// one of the parameters in other.
func gatingTest(tests []cheetah.Node, b string, other map[string]bool) (cheetah.Span, bool) {
	seen := map[int]bool{}
	for _, d := range tests {
		// A condition naming b twice is one test.
		if seen[d.Span().Start] {
			continue
		}
		seen[d.Span().Start] = true
		for inner := range d.Parent().Descendants() {
			p, ok := inner.Placeholder()
			if !ok || p.Path == b {
				continue
			}
			for q := p.Path; q != ""; {
				if other[q] {
					return d.Span(), true
				}
				i := strings.LastIndexByte(q, '.')
				if i < 0 {
					break
				}
				q = q[:i]
			}
		}
	}
	return cheetah.Span{}, false
}

// isIf reports whether directive d is an #if, #elif or #unless.
func isIf(d cheetah.Node) bool {
	switch d.Name() {
	case "if", "elif", "else if", "unless":
		return true
	}
	return false
}
