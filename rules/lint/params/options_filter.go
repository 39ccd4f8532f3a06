package params

import (
	"slices"
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// dynamicOptionsURL is the Galaxy source the filter checks follow: the
// loader of dynamic options, whose Filter classes read a <filter>'s
// attributes and assert the ones they need.
const dynamicOptionsURL = "https://github.com/galaxyproject/galaxy/blob/dev/lib/galaxy/tools/parameters/dynamic_options.py"

// filterSpec is what the loader of one filter type reads of a <filter>
// element, besides its type.
type filterSpec struct {
	// required are the attributes the type's __init__ asserts.
	required []string
	// optional are the other attributes it reads.
	optional []string
	// refs are the attributes that name another parameter of the tool,
	// which the filter looks up among the values of the form.
	refs []string
}

// filterTypes is Galaxy's filter_types, with what each Filter class's
// __init__ reads (dynamic_options.py). remove_value requires none of its
// attributes alone: it needs value, or ref, or meta_ref and key
// ([removeValueSatisfied]). data_meta's column is required only when the
// options come from a file, a dataset or a parameter
// ([dataMetaNeedsColumn]).
var filterTypes = map[string]filterSpec{
	"data_meta":                {required: []string{"ref", "key"}, optional: []string{"column", "multiple", "separator"}, refs: []string{"ref"}},
	"param_value":              {required: []string{"ref", "column"}, optional: []string{"keep", "ref_attribute"}, refs: []string{"ref"}},
	"static_value":             {required: []string{"value", "column"}, optional: []string{"keep"}},
	"regexp":                   {required: []string{"value", "column"}, optional: []string{"keep"}},
	"unique_value":             {required: []string{"column"}},
	"multiple_splitter":        {required: []string{"column"}, optional: []string{"separator"}},
	"attribute_value_splitter": {required: []string{"column"}, optional: []string{"pair_separator", "name_val_separator"}},
	"add_value":                {required: []string{"value"}, optional: []string{"name", "index"}},
	"remove_value":             {optional: []string{"value", "ref", "meta_ref", "key", "multiple", "separator"}, refs: []string{"ref", "meta_ref"}},
	"sort_by":                  {required: []string{"column"}, optional: []string{"reverse_sort_order"}},
	"data_table":               {required: []string{"table_name", "column", "data_table_column"}, optional: []string{"keep"}},
}

// reads reports whether the loader of the type reads attribute name.
func (s filterSpec) reads(name string) bool {
	return name == "type" || slices.Contains(s.required, name) || slices.Contains(s.optional, name)
}

// optionFilter is a <filter> of a param's <options>, of a type Galaxy
// knows.
type optionFilter struct {
	param param
	el    *macros.Element
	ftype string // the type, stripped as Galaxy strips it
	spec  filterSpec
}

// optionFilters returns the <filter> children of the <options> of every
// named input param (./options/filter, as Galaxy's linters read them),
// in document order, leaving out those without a type or of a type
// Galaxy does not know: the schema reports those (GTR113), and for a data
// param GTR074 too. The list is made once per file for the checks that
// share it.
func optionFilters(c *lint.Ctx) []optionFilter {
	return lint.Memo(c, "params.optionFilters", func() []optionFilter {
		var out []optionFilter
		for _, p := range inputParams(c, false) {
			for _, f := range lint.Path(p.el, "options/filter") {
				t, ok := f.Get("type")
				if !ok {
					continue
				}
				t = pyStrip(t)
				spec, known := filterTypes[t]
				if !known {
					continue
				}
				out = append(out, optionFilter{param: p, el: f, ftype: t, spec: spec})
			}
		}
		return out
	})
}

// pyStrip is Python's str.strip(): Python counts the information
// separators U+001C to U+001F as whitespace, Go does not.
func pyStrip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f })
}

// has reports whether el has the attribute name, of any value (Python's
// elem.get(name) is not None).
func has(el *macros.Element, name string) bool {
	_, ok := el.Get(name)
	return ok
}
