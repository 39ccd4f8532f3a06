package params

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OptionsFilterReferences is GTR079: a <filter> of dynamic <options>
// whose ref or meta_ref names no parameter the filter can see.
var OptionsFilterReferences = &lint.Check{
	Code:    "GTR079",
	Name:    "options-filter-references",
	Summary: "An <options>/<filter> ref/meta_ref must name a real parameter.",
	Linters: []string{"InputsOptionsFiltersCheckReferences"},
	Cite:    dynamicOptionsURL,
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Checks the attributes by which a <filter> of an input param's <options> names another " +
			"parameter — ref of data_meta, param_value and remove_value filters, meta_ref of remove_value " +
			"— and reports a name that matches no input param of the tool, or only params the filter " +
			"cannot see (planemo's InputsOptionsFiltersCheckReferences). Galaxy looks the name up among the values of the form at the filter's param " +
			"(other_values): the params of its own level and of every level enclosing it, a level " +
			"being <inputs>, a section, a repeat or a conditional with its branch. So a param inside " +
			"another section, repeat or branch is not found, nor is a path such as cond|x (the name is " +
			"looked up as written); a conditional's test param also sees its branches' params. The " +
			"semantics follow Galaxy's loader (dynamic_options.py), since the linter's own source " +
			"(Galaxy 26.0) is newer than every Galaxy source stored here; the message is gtr's. An " +
			"empty ref of a data param is GTR074's finding; tools whose macros did not expand are skipped.",
		Why: "A name Galaxy does not find gives the filter nothing to compare: param_value keeps no " +
			"option (or every one, with keep=\"false\"), data_meta logs a warning and offers no options, " +
			"remove_value removes nothing. The select then silently offers the wrong options.",
		Example: "<param name=\"input\" type=\"data\" format=\"vcf\"/>\n<param name=\"ref\" type=\"select\">\n" +
			"  <options from_data_table=\"fasta_indexes\">\n    <filter type=\"data_meta\" ref=\"inptu\" key=\"dbkey\" column=\"1\"/>\n" +
			"  </options>\n</param>\n→\n… <filter type=\"data_meta\" ref=\"input\" key=\"dbkey\" column=\"1\"/> …",
		FixSafety: "None: advisory. Which param the filter meant is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		// Without expansion, the param a macro would bring is missing.
		if c.Partial() {
			return
		}
		filters := optionFilters(c)
		if len(filters) == 0 {
			return
		}
		scopes := paramScopes(c)
		for _, f := range filters {
			for _, attr := range f.spec.refs {
				ref, ok := f.el.Get(attr)
				if !ok {
					continue
				}
				// An empty ref of a data param is GTR074's finding.
				if ref == "" && f.param.ptype == "data" {
					continue
				}
				reportReference(c, f, attr, ref, scopes)
			}
		}
	},
}

// scopedParam is an input param with the groups that hold it.
type scopedParam struct {
	name   string
	groups []*macros.Element // its enclosing sections, repeats, conditionals and whens, outermost first
}

// paramScopes returns the named input params with their groups, in
// document order.
func paramScopes(c *lint.Ctx) []scopedParam {
	ps := inputParams(c, false)
	out := make([]scopedParam, len(ps))
	for i, p := range ps {
		out[i] = scopedParam{name: p.name, groups: groupsOf(p.el)}
	}
	return out
}

// groupsOf returns the sections, repeats, conditionals and whens that
// enclose el below <inputs>, outermost first.
func groupsOf(el *macros.Element) []*macros.Element {
	var out []*macros.Element
	for e := el.Parent(); e != nil && e.Tag != "inputs"; e = e.Parent() {
		switch e.Tag {
		case "section", "repeat", "conditional", "when":
			out = append([]*macros.Element{e}, out...)
		}
	}
	return out
}

// sees reports whether a param with the groups from sees a param q:
// whether q's groups enclose it too, or q is in a branch of the
// conditional whose test param it is.
func sees(from []*macros.Element, testOf *macros.Element, q scopedParam) bool {
	if isPrefix(q.groups, from) {
		return true
	}
	n := len(q.groups)
	return testOf != nil && n >= 2 && q.groups[n-2] == testOf && q.groups[n-1].Tag == "when" && isPrefix(q.groups[:n-1], from)
}

func isPrefix(p, of []*macros.Element) bool {
	if len(p) > len(of) {
		return false
	}
	for i := range p {
		if p[i] != of[i] {
			return false
		}
	}
	return true
}

// reportReference reports ref, f's attribute attr, unless it names a
// param f's param sees.
func reportReference(c *lint.Ctx, f optionFilter, attr, ref string, scopes []scopedParam) {
	from := groupsOf(f.param.el)
	var testOf *macros.Element
	if p := f.param.el.Parent(); p != nil && p.Tag == "conditional" {
		testOf = p
	}
	var hidden *scopedParam
	for i, q := range scopes {
		if q.name != ref {
			continue
		}
		if sees(from, testOf, q) {
			return
		}
		if hidden == nil {
			hidden = &scopes[i]
		}
	}
	what := fmt.Sprintf("Parameter [%s]: the %s filter's %s '%s'", f.param.name, f.ftype, attr, ref)
	if hidden != nil {
		c.ReportAttr("InputsOptionsFiltersCheckReferences", f.el, attr,
			fmt.Sprintf("%s names a param %s, which Galaxy does not see from here: it looks the name up at the filter's level and the levels enclosing it.", what, where(hidden.groups)),
			"Refer to a param of the filter's own level or an enclosing one, or move the param there.")
		return
	}
	if i := strings.LastIndexByte(ref, '|'); i >= 0 {
		c.ReportAttr("InputsOptionsFiltersCheckReferences", f.el, attr,
			what+" is a path, which Galaxy looks up as one name and does not find.",
			fmt.Sprintf("Write the bare name of the param, %s, which Galaxy finds when it is at the filter's level or an enclosing one.", ref[i+1:]))
		return
	}
	c.ReportAttr("InputsOptionsFiltersCheckReferences", f.el, attr,
		what+" names no input param of the tool.",
		fmt.Sprintf("Set %s to the name of the input param the filter takes its value from.", attr))
}

// where says which group holds a param with groups, innermost.
func where(groups []*macros.Element) string {
	g := groups[len(groups)-1]
	switch g.Tag {
	case "when":
		if len(groups) < 2 {
			return "in a branch of a conditional"
		}
		return fmt.Sprintf("in the branch '%s' of the conditional '%s'", lint.Get(g, "value"), lint.Get(groups[len(groups)-2], "name"))
	case "conditional":
		return fmt.Sprintf("in the conditional '%s'", lint.Get(g, "name"))
	}
	return fmt.Sprintf("in the %s '%s'", g.Tag, lint.Get(g, "name"))
}
