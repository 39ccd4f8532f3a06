package upgrade

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR014 strips the whitespace around <data from_work_dir> values, which
// Galaxy stops stripping at 21.09.
var GTR014 = &Step{
	Code:    "GTR014",
	Name:    "strip-from-work-dir",
	Summary: "Strip surrounding whitespace from <data from_work_dir> (Galaxy stops stripping it at 21.09).",
	Kind:    KindRuntimeFix,
	From:    "21.09",
	Clears:  "21_09_fix_from_work_dir_whitespace",
	Cite:    "https://github.com/galaxyproject/galaxy/pull/12536",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Removes the whitespace before and after the from_work_dir value of every dataset output (a <data> " +
			"of <outputs> or of a <collection> there, or an <output type=\"data\">), where the value is written: " +
			"between its quotes in the tool or in the imported macro file the output comes from.",
		Why: "Below profile 21.09 Galaxy strips the value (Python's str.strip) before it looks for the file in the " +
			"job's working directory; from 21.09 it quotes the value as written, so \" out.txt\" names a file " +
			"that the tool never writes.",
		Example: "<data name=\"out\" format=\"txt\" from_work_dir=\" out.txt \"/>\n→\n" +
			"<data name=\"out\" format=\"txt\" from_work_dir=\"out.txt\"/>",
		FixSafety: "The new value is the one Galaxy used below 21.09, so the tool behaves as before at any profile. " +
			"A value made by a token (or by tokens and text) is refused: the token may be used elsewhere, where " +
			"its whitespace counts.",
	},
	Changes: []*rewrite.ViewChange{changeFromWorkDir},
	Plan:    planFromWorkDir,
}

// changeFromWorkDir is the from_work_dir value of a dataset output losing
// its surrounding whitespace.
var changeFromWorkDir = &rewrite.ViewChange{
	Name: "from-work-dir-whitespace",
	Attr: func(before, after *macros.Element, name string) bool {
		b, inBefore := before.Get(name)
		a, inAfter := after.Get(name)
		return name == "from_work_dir" && inBefore && inAfter && a == strings.TrimSpace(b) && isDatasetOutput(before)
	},
}

func planFromWorkDir(d *Doc) Plan {
	// A tool that is not well-formed has no outputs to speak of.
	if d.Root == nil {
		return Plan{}
	}
	var p Plan
	for _, e := range datasetOutputs(d.Root) {
		v, ok := e.Get("from_work_dir")
		// Only values with whitespace around them change at 21.09.
		if !ok || v == strings.TrimSpace(v) {
			continue
		}
		edit, err := stripFromWorkDir(d, e, strings.TrimSpace(v))
		if err != nil {
			p.Refused = append(p.Refused, err.Error())
			continue
		}
		p.Edits = append(p.Edits, edit)
	}
	if len(p.Refused) > 0 {
		return Plan{Refused: p.Refused}
	}
	p.Edits = uniqueEdits(p.Edits)
	return p
}

// stripFromWorkDir returns the edit giving e's from_work_dir the value
// trimmed, written where the value is.
func stripFromWorkDir(d *Doc, e *macros.Element, trimmed string) (rewrite.FileEdit, error) {
	pos := d.Position(e.Loc)
	// Without Galaxy's view the output may be a copy of a macro's.
	if d.View == nil {
		return rewrite.FileEdit{}, fmt.Errorf("%s: the tool does not expand, so the from_work_dir value of <%s> cannot be placed: %v", pos, e.Tag, d.Err)
	}
	// A token's text may serve other values too, whose whitespace counts.
	if e.ValueOrigin("from_work_dir").Parts != nil {
		return rewrite.FileEdit{}, fmt.Errorf("%s: the from_work_dir value of <%s> is made by a token, so its whitespace cannot be stripped here", pos, e.Tag)
	}
	if site, err := d.ValueSite(e, "from_work_dir"); err == nil {
		return site.Replace(trimmed), nil
	}
	// Written with references: the value is rewritten whole, escaped.
	a := d.Node(e).Attr("from_work_dir")
	if !a.IsValid() {
		return rewrite.FileEdit{}, fmt.Errorf("%s: the from_work_dir attribute of <%s> is not where the view says", pos, e.Tag)
	}
	return rewrite.In(e.Loc.File, rewrite.SetAttrValue(a, trimmed)), nil
}

// datasetOutputs returns the elements Galaxy reads as dataset outputs, as
// its parser finds them in the first <outputs>: <data> and <output
// type="data"> there, and the <data> of each <collection> and <output
// type="collection"> there.
func datasetOutputs(root *macros.Element) []*macros.Element {
	outs := firstChild(root, "outputs")
	if outs == nil {
		return nil
	}
	var found []*macros.Element
	for c := range outs.Elements() {
		switch {
		case c.Tag == "data" || c.Tag == "output" && attrIs(c, "type", "data"):
			found = append(found, c)
		case c.Tag == "collection" || c.Tag == "output" && attrIs(c, "type", "collection"):
			for g := range c.Elements() {
				if g.Tag == "data" {
					found = append(found, g)
				}
			}
		}
	}
	return found
}

// isDatasetOutput reports whether e is one of [datasetOutputs] of the tool
// it belongs to.
func isDatasetOutput(e *macros.Element) bool {
	for _, o := range datasetOutputs(e.Root()) {
		if o == e {
			return true
		}
	}
	return false
}

// firstChild returns the first child element of e called tag, as lxml's
// find does, or nil.
func firstChild(e *macros.Element, tag string) *macros.Element {
	for c := range e.Elements() {
		if c.Tag == tag {
			return c
		}
	}
	return nil
}

// attrIs reports whether e has the attribute called name with value v.
func attrIs(e *macros.Element, name, v string) bool {
	got, ok := e.Get(name)
	return ok && got == v
}

// uniqueEdits drops repeated edits: an element a macro brings to several
// places is edited once, where it is written.
func uniqueEdits(edits []rewrite.FileEdit) []rewrite.FileEdit {
	seen := map[rewrite.FileEdit]bool{}
	out := edits[:0]
	for _, e := range edits {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}
