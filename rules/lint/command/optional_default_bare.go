package command

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OptionalDefaultBare is GTR105: an optional parameter with a default,
// written into the command without a test of whether it is set.
var OptionalDefaultBare = &lint.Check{
	Code:    "GTR105",
	Name:    "optional-default-bare",
	Summary: "An optional <param> with a default should be tested before it is used in <command>.",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <param> with optional=\"true\" and a non-empty value= default (data and collection " +
			"parameters excepted) that the <command> writes out as a placeholder ($x, ${x}, $section.x) " +
			"outside any #if/#elif/#unless whose condition names it. Parameters inside a repeat, and " +
			"parameters the command never writes, are left alone (the latter are GTR034's).",
		Why: "The default only fills the form: a user may clear an optional field, and the placeholder then " +
			"renders as 'None', which the program receives as an argument value. Testing the parameter " +
			"keeps the option off the command line when it is not set.",
		Example: "<command>tool --min-len $min_len</command>\n<param name=\"min_len\" type=\"integer\" value=\"20\" optional=\"true\"/>\n→\n<command>tool\n#if $min_len is not None:\n  --min-len $min_len\n#end if</command>",
		FixSafety: "Advisory only: whether the option is to be dropped or the parameter made required is the " +
			"author's choice.",
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
		var uses map[string][]cheetah.Placeholder // indexed at the first param to look up
		for _, p := range toolParams(c) {
			path, ok := optionalWithDefault(p)
			if !ok {
				continue
			}
			if uses == nil {
				uses = writtenOut(t)
			}
			if ph, found := bareUse(uses[path], path); found {
				c.ReportIn("", cmd, ph.Start, ph.End, "Optional parameter '"+path+"' has a default but is used in the command "+
					"without a test; a cleared field renders as 'None'.",
					"Wrap its use in '#if $"+path+" is not None:' … '#end if', or drop optional=\"true\" if the "+
						"parameter must always be set.")
			}
		}
	},
}

// optionalWithDefault returns the dotted path by which the command reads
// p, when p is optional with a non-empty default and not a dataset, and
// whether it is such a parameter (outside any repeat).
func optionalWithDefault(p *macros.Element) (string, bool) {
	switch lint.Get(p, "type") {
	case "data", "data_collection":
		return "", false
	}
	if v, _ := p.Get("value"); v == "" || !truthy(lint.Get(p, "optional")) {
		return "", false
	}
	return paramPath(p)
}

// paramPath returns the dotted path by which a template reads p
// ("section.name"), and false for a parameter inside a repeat or with a
// name Cheetah cannot hold.
func paramPath(p *macros.Element) (string, bool) {
	name, _ := paramName(p)
	if !isPlaceholderName(name) {
		return "", false
	}
	// The groups' names, innermost first, are joined once: a parameter in
	// nested groups costs one allocation, not one a level.
	var groups [8]string
	outer, size := groups[:0], len(name)
	for a := p.Parent(); a != nil && a.Tag != "inputs"; a = a.Parent() {
		switch a.Tag {
		case "repeat":
			return "", false
		case "section", "conditional":
			g := lint.Get(a, "name")
			outer, size = append(outer, g), size+len(g)+1
		}
	}
	if len(outer) == 0 {
		return name, true
	}
	var path strings.Builder
	path.Grow(size)
	for i := len(outer) - 1; i >= 0; i-- {
		path.WriteString(outer[i])
		path.WriteByte('.')
	}
	path.WriteString(name)
	return path.String(), true
}

// truthy is Galaxy's string_as_bool.
func truthy(s string) bool {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// writtenOut indexes the placeholders of t that write a value out (not
// inside an expression) by their dotted path and each prefix of it, so
// that "$s.x.ext" is found under "s.x" and "s".
func writtenOut(t *cheetah.Template) map[string][]cheetah.Placeholder {
	out := map[string][]cheetah.Placeholder{}
	for ph := range t.Placeholders() {
		if ph.InExpr || ph.Path == "" {
			continue
		}
		for p := ph.Path; ; {
			out[p] = append(out[p], ph)
			i := strings.LastIndexByte(p, '.')
			if i < 0 {
				break
			}
			p = p[:i]
		}
	}
	return out
}

// bareUse returns the span of the first of uses, the placeholders that
// write path out, that lies outside any branch whose condition names
// path.
func bareUse(uses []cheetah.Placeholder, path string) (cheetah.Span, bool) {
	if len(uses) == 0 {
		return cheetah.Span{}, false
	}
	for _, ph := range uses {
		if !guarded(ph.Node, path) {
			return ph.Node.Span(), true
		}
	}
	return cheetah.Span{}, false
}

// guarded reports whether n lies in a branch of a block whose conditions
// (the heading of the branch or of an earlier one) mention path
// (mentions).
func guarded(n cheetah.Node, path string) bool {
	for a := n.Parent(); a.Kind() != cheetah.KindInvalid; a = a.Parent() {
		if a.Kind() != cheetah.KindBlock {
			continue
		}
		for br := range a.Children() {
			if br.Kind() != cheetah.KindBranch {
				continue
			}
			for d := range br.Children() {
				if d.Kind() == cheetah.KindDirective && mentions(d.Text(), path) {
					return true
				}
				break // only the branch's heading
			}
		}
	}
	return false
}

// mentions reports whether text holds path, which is not empty, as a
// name: not after a word
// byte or a dot, not before a word byte, as the regexp
// (^|[^\w.])path(\W|$) matches (Go's \w is ASCII; a byte of a multi-byte
// or invalid rune is in no word and is no dot, as that rune is not). It
// compares bytes: compiling that regexp for each parameter a command
// writes out was GTR105's largest cost.
func mentions(text, path string) bool {
	for from := 0; from <= len(text)-len(path); {
		i := strings.Index(text[from:], path)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(path)
		if (i == 0 || !isWordByte(text[i-1]) && text[i-1] != '.') && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		from = i + 1
	}
	return false
}
