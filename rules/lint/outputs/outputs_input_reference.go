package outputs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsInputReference is GTR090: an output's format_source or
// structured_like that names no input, or names a nested one by its bare
// name.
var OutputsInputReference = &lint.Check{
	Code:    "GTR090",
	Name:    "outputs-input-reference",
	Summary: "Output structured_like/format_source must reference an input param.",
	Linters: []string{"OutputsFormatSourceReference", "OutputsStructuredLikeReference"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an <outputs>/<data> or <collection> whose format_source, or a <collection> whose " +
			"structured_like, is not the qualified path of an input <param> (its name after the names of " +
			"its enclosing sections and conditionals, joined with |) and either matches no input name at " +
			"all, or is the bare name of one or more nested inputs, as Galaxy's OutputsFormatSourceReference " +
			"and OutputsStructuredLikeReference linters (galaxyproject/galaxy PR #22432) do. A reference " +
			"holding a | is taken as qualified and not checked. Tools whose macros did not expand are skipped.",
		Why: "Galaxy resolves the reference against the job's inputs when the job runs: a name that matches " +
			"nothing, or only a nested input by its bare name, fails then or picks the wrong input.",
		Example:   "<conditional name=\"c\">… <param name=\"reads\" type=\"data\"/> …</conditional>\n<data name=\"out\" format_source=\"reads\"/>\n→\n<data name=\"out\" format_source=\"c|reads\"/>",
		FixSafety: "Advisory only: when the name is ambiguous or matches nothing, only the author knows which input was meant.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) || c.Partial() {
			return
		}
		// The paths are collected only for a tool with a reference to
		// resolve: most have none.
		var paths *paramPaths
		lazy := func() paramPaths {
			if paths == nil {
				p := qualifiedParamPaths(c)
				paths = &p
			}
			return *paths
		}
		for _, out := range collections(c) {
			if _, ok := out.Get("structured_like"); ok {
				reportReference(c, "OutputsStructuredLikeReference", out, "structured_like", lazy())
			}
		}
		for _, out := range outputs(c) {
			if _, ok := out.Get("format_source"); ok {
				reportReference(c, "OutputsFormatSourceReference", out, "format_source", lazy())
			}
		}
	},
}

// paramPaths maps the name of every input <param> to the qualified paths
// of the params of that name, in document order.
type paramPaths struct {
	byName map[string][]string
	all    map[string]bool // every qualified path
}

// qualifiedParamPaths collects the params below every <inputs>, named as
// Galaxy's _collect_param_qualified_paths names them: the name (else the
// argument without leading dashes, dashes made underscores) after the
// names of the enclosing conditionals and sections; repeats and whens add
// nothing.
func qualifiedParamPaths(c *lint.Ctx) paramPaths {
	p := paramPaths{byName: map[string][]string{}, all: map[string]bool{}}
	for _, param := range c.InputParams() {
		name := lint.Get(param, "name")
		if name == "" {
			if arg := lint.Get(param, "argument"); arg != "" {
				name = lint.NameFromArgument(arg)
			}
		}
		if name == "" {
			continue
		}
		parts := []string{name}
		for e := param.Parent(); e != nil && e.Tag != "inputs" && e.Tag != "tool"; e = e.Parent() {
			if n := lint.Get(e, "name"); n != "" && (e.Tag == "conditional" || e.Tag == "section") {
				parts = append(parts, n)
			}
		}
		slices.Reverse(parts)
		q := strings.Join(parts, "|")
		p.byName[name] = append(p.byName[name], q)
		p.all[q] = true
	}
	return p
}

// elementSelector is a reference with one trailing [selector], the shape
// Galaxy's resolve_format_source accepts.
var elementSelector = regexp.MustCompile(`^([^\[\]]*)\[[^\[\]]*\]$`)

// reportReference checks out's attribute attr, when it has one.
func reportReference(c *lint.Ctx, linter string, out *macros.Element, attr string, paths paramPaths) {
	ref, ok := out.Get(attr)
	if !ok {
		return
	}
	// An element selector (input_collection['forward']) picks from the
	// input it follows, as newer Galaxy resolves it.
	path := ref
	if m := elementSelector.FindStringSubmatch(ref); m != nil {
		path = m[1]
	}
	// A qualified reference, or the path of an input, is left to Galaxy.
	if strings.Contains(path, "|") || paths.all[path] {
		return
	}
	name := nameOr(out, "unknown")
	// The same path in several <when> branches is one input, as newer
	// Galaxy counts them.
	matches := slices.Compact(slices.Sorted(slices.Values(paths.byName[path])))
	switch len(matches) {
	case 0:
		c.ReportAttr(linter, out, attr,
			fmt.Sprintf("Output '%s' references %s='%s' which does not match any input parameter.", name, attr, ref),
			fmt.Sprintf("Set %s to the name of the input parameter the output follows, qualified with its sections and conditionals (a|b).", attr))
	case 1:
		c.ReportAttr(linter, out, attr,
			fmt.Sprintf("Output '%s' uses unqualified %s='%s'. Use the qualified name '%s'.", name, attr, ref, matches[0]),
			fmt.Sprintf("Write %s=\"%s\".", attr, matches[0]))
	default:
		c.ReportAttr(linter, out, attr,
			fmt.Sprintf("Output '%s' uses ambiguous unqualified %s='%s' matching multiple inputs: %s. Use a qualified name.",
				name, attr, ref, strings.Join(matches, ", ")),
			fmt.Sprintf("Write %s with the qualified name of the input meant, one of %s.", attr, strings.Join(matches, ", ")))
	}
}
