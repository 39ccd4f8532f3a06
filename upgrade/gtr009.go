package upgrade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR009 moves the filter every dataset of a collection carries up to the
// collection, where the 24.1 schema wants it.
var GTR009 = &Step{
	Code:    "GTR009",
	Name:    "hoist-collection-filters",
	Summary: "Move a <filter> that every <data> of an output <collection> carries to the collection itself.",
	Kind:    KindCodemod,
	From:    "24.0",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-collection",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "For an output <collection> whose <data> elements all carry the same filters (compared as Galaxy " +
			"evaluates them, their text trimmed), deletes the filters from each <data> and adds them once, " +
			"after the collection's last child, unless the collection has an equal filter already. A filter " +
			"written without tokens is copied as written; one whose text comes from a token is written out " +
			"as it reads. Each deletion happens where the filter is written, in the tool or an imported " +
			"macro file.",
		Why: "Up to 24.0 the schema lets a dataset of a collection hold <filter>, <discover_datasets> and <data>; " +
			"from 24.1 it holds only <actions> and <change_format>, so such a tool stops validating at the 24.1 " +
			"boundary. Galaxy has never evaluated those filters: it creates every dataset of a collection " +
			"whenever it creates the collection, and only the collection's own filters decide that.",
		Example: "<collection name=\"pair\" type=\"paired\">\n    <data name=\"forward\" format=\"txt\"><filter>paired</filter></data>\n    <data name=\"reverse\" format=\"txt\"><filter>paired</filter></data>\n</collection>\n→\n<collection name=\"pair\" type=\"paired\">\n    <data name=\"forward\" format=\"txt\"></data>\n    <data name=\"reverse\" format=\"txt\"></data>\n    <filter>paired</filter>\n</collection>",
		FixSafety: "Not behaviour-preserving by construction: because Galaxy ignores the datasets' filters, the " +
			"collection is created whenever the tool runs before the step, and only when the filter holds " +
			"after it, which is what a filter on every dataset asks for. The step refuses a collection whose " +
			"datasets do not all carry the same filters (moving them would filter datasets that are not " +
			"filtered, or drop a condition), a dataset holding <discover_datasets> or <data>, which cannot be " +
			"moved, a filter with attributes or written once in a macro expanded where it is to stay, and a " +
			"collection written once in a macro expanded more than once.",
	},
	Changes: []*rewrite.ViewChange{changeFiltersHoisted},
	Plan:    planHoistFilters,
}

// changeFiltersHoisted is the filters every <data> of a collection
// carries moving to the collection. Both views are normalised the same
// way: such filters move up (unless the collection has an equal one),
// and the collection's filters, which Galaxy reads wherever they stand,
// go after its other children.
var changeFiltersHoisted = &rewrite.ViewChange{
	Name: "collection-filters-hoisted",
	Normalize: func(root *macros.Element) int {
		n := 0
		for _, coll := range outputCollections(root) {
			hoist, moved := commonFilters(coll)
			if moved {
				for _, c := range childrenNamed(coll, "data") {
					n += removeChildren(c, isFilter)
				}
			}
			own := childrenNamed(coll, "filter")
			removeChildren(coll, isFilter)
			for _, f := range append(own, hoist...) {
				f.Tail = "\n"
				coll.Children = append(coll.Children, f)
			}
		}
		return n
	},
}

// isFilter reports whether e is a <filter>.
func isFilter(e *macros.Element) bool { return e.Tag == "filter" && !e.PI }

// outputCollections returns the <collection>s of the tool's <outputs>.
func outputCollections(root *macros.Element) []*macros.Element {
	var out []*macros.Element
	for _, o := range childrenNamed(root, "outputs") {
		out = append(out, childrenNamed(o, "collection")...)
	}
	return out
}

// filterKey is what Galaxy evaluates of a filter: its text, trimmed.
func filterKey(f *macros.Element) string { return strings.TrimSpace(f.Text) }

// filterSet returns the distinct keys of filters, sorted.
func filterSet(filters []*macros.Element) []string {
	var keys []string
	for _, f := range filters {
		keys = append(keys, filterKey(f))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// commonFilters returns, when every <data> of coll carries filters and
// they are the same, the first one's filters that coll has no equal of,
// and reports whether the datasets' filters move.
func commonFilters(coll *macros.Element) ([]*macros.Element, bool) {
	datas := childrenNamed(coll, "data")
	if len(datas) == 0 {
		return nil, false
	}
	first := childrenNamed(datas[0], "filter")
	want := filterSet(first)
	for _, d := range datas {
		if fs := childrenNamed(d, "filter"); len(fs) == 0 || !slices.Equal(filterSet(fs), want) {
			return nil, false
		}
	}
	have := filterSet(childrenNamed(coll, "filter"))
	var hoist []*macros.Element
	seen := map[string]bool{}
	for _, f := range first {
		k := filterKey(f)
		if _, dup := slices.BinarySearch(have, k); dup || seen[k] {
			continue
		}
		seen[k] = true
		hoist = append(hoist, f)
	}
	return hoist, true
}

func planHoistFilters(d *Doc) Plan {
	// Without Galaxy's view there is no telling where the filters come from.
	if d.View == nil || d.Root == nil {
		return noView(d, "where its collections' filters are written")
	}
	var p Plan
	var hoisting []*macros.Element
	moving := map[*macros.Element]bool{}
	for _, coll := range outputCollections(d.Root) {
		filtered := 0
		for _, c := range childrenNamed(coll, "data") {
			if len(childrenNamed(c, "filter")) > 0 {
				filtered++
			}
			for _, bad := range slices.Concat(childrenNamed(c, "discover_datasets"), childrenNamed(c, "data")) {
				p.Refused = append(p.Refused, fmt.Sprintf("%s: <%s> inside a <data> of a <collection> is not allowed from 24.1 and cannot be moved", d.Position(bad.Loc), bad.Tag))
			}
		}
		// No dataset carries a filter: nothing to move.
		if filtered == 0 {
			continue
		}
		// Only filters every dataset shares can move without changing what they say.
		if _, ok := commonFilters(coll); !ok {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the <data> of this <collection> do not all carry the same filters, so they cannot move to the collection", d.Position(coll.Loc)))
			continue
		}
		hoisting = append(hoisting, coll)
		for _, c := range childrenNamed(coll, "data") {
			for _, f := range childrenNamed(c, "filter") {
				moving[f] = true
			}
		}
	}
	// No collection has filters to move.
	if len(hoisting) == 0 {
		return finishPlan(p)
	}
	u := newViewUses(d.Root)
	for _, coll := range hoisting {
		p.Edits, p.Refused = hoistEdits(d, u, coll, moving, p.Edits, p.Refused)
	}
	return finishPlan(p)
}

// hoistEdits appends to edits the deletions of the filters of coll's
// datasets and the insertion of the ones to keep into coll, or to refused
// why they cannot be made. moving holds every filter of the view that
// the step deletes.
func hoistEdits(d *Doc, u *viewUses, coll *macros.Element, moving map[*macros.Element]bool, edits []rewrite.FileEdit, refused []string) ([]rewrite.FileEdit, []string) {
	for _, c := range childrenNamed(coll, "data") {
		for _, f := range childrenNamed(c, "filter") {
			n := d.Node(f)
			switch {
			case n.Kind() != cst.KindElement:
				refused = append(refused, fmt.Sprintf("%s: the <filter> is not written in a file that can be edited", d.Position(f.Loc)))
			case !u.allElems(f, func(x *macros.Element) bool { return moving[x] }):
				refused = append(refused, fmt.Sprintf("%s: the <filter> is written once in a macro that the tool also expands where it is to stay, so it cannot be removed there", d.Position(f.Loc)))
			default:
				edits = append(edits, deleteElement(f.Loc.File, n))
			}
		}
	}
	hoist, _ := commonFilters(coll)
	// Nothing to add: the collection has the filters already.
	if len(hoist) == 0 {
		return edits, refused
	}
	cn := d.Node(coll)
	// The collection must be one element of the view, written where it can be edited.
	if cn.Kind() != cst.KindElement || u.copies(coll.Loc) > 1 {
		return edits, append(refused, fmt.Sprintf("%s: the <collection> is written once in a macro that the tool expands more than once, or where it cannot be edited, so the filters cannot be added to it", d.Position(coll.Loc)))
	}
	var text []string
	for _, f := range hoist {
		t, err := filterSource(d, f)
		if err != nil {
			return edits, append(refused, err.Error())
		}
		text = append(text, t)
	}
	e, ok := appendChild(coll.Loc.File, cn, text)
	if !ok {
		return edits, append(refused, fmt.Sprintf("%s: the <collection> has no end tag to add the filters before", d.Position(coll.Loc)))
	}
	return append(edits, e), refused
}

// filterSource returns the source of a copy of filter f: its own bytes
// when no token makes its text (they read the same anywhere), else its
// text as it reads, escaped.
func filterSource(d *Doc, f *macros.Element) (string, error) {
	// Galaxy reads no attribute of a filter; one with any is left to the author.
	if len(f.Attrs) > 0 {
		return "", fmt.Errorf("%s: the <filter> has attribute %s, which Galaxy does not read; it is not moved", d.Position(f.Loc), f.Attrs[0].Name)
	}
	if f.TextOrigin().Parts == nil {
		if n := d.Node(f); n.Kind() == cst.KindElement {
			return n.Text(), nil
		}
	}
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r", "&#13;")
	return "<filter>" + r.Replace(f.Text) + "</filter>", nil
}
