package upgrade

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR011 drops <trackster_conf>, which the 26.0 schema no longer has.
var GTR011 = &Step{
	Code:    "GTR011",
	Name:    "drop-trackster-conf",
	Summary: "Remove the tool's <trackster_conf>, the Trackster visualisation settings Galaxy no longer reads.",
	Kind:    KindCodemod,
	From:    "25.1",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-trackster-conf",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Deletes every <trackster_conf> child of <tool>, with the line it stands on, where it is written: in " +
			"the tool or in the imported macro file whose macro brings it.",
		Why: "<trackster_conf> configured how Trackster, Galaxy's genome browser, drew a tool's outputs. Trackster " +
			"is gone and the schema after 25.1 no longer declares the element, so a tool that keeps it stops " +
			"validating at the 26.0 boundary.",
		Example:   "<tool id=\"x\" name=\"X\" version=\"1.0\" profile=\"25.1\">\n    <trackster_conf/>\n    …\n→\n<tool id=\"x\" name=\"X\" version=\"1.0\" profile=\"25.1\">\n    …",
		FixSafety: "Nothing but Trackster read the element, so the tool runs as before. An element written once in a macro is removed only when every place the tool expands it is a <trackster_conf> of the tool; other tools importing the same macro file lose it too, which they would need at 26.0 as well.",
	},
	Changes: []*rewrite.ViewChange{changeTracksterDropped},
	Plan:    planDropTrackster,
}

// changeTracksterDropped is <trackster_conf> leaving <tool>.
var changeTracksterDropped = &rewrite.ViewChange{
	Name: "trackster-conf-dropped",
	Normalize: func(root *macros.Element) int {
		return removeChildren(root, isTracksterConf)
	},
}

// isTracksterConf reports whether e is a <trackster_conf> child of the
// root <tool>.
func isTracksterConf(e *macros.Element) bool {
	p := e.Parent()
	return e.Tag == "trackster_conf" && !e.PI && p != nil && p.Parent() == nil && p.Tag == "tool"
}

func planDropTrackster(d *Doc) Plan {
	// Without Galaxy's view there is no telling where the element comes from.
	if d.View == nil || d.Root == nil {
		return noView(d, "where <trackster_conf> is written")
	}
	confs := childrenNamed(d.Root, "trackster_conf")
	// No Trackster settings: nothing to do.
	if len(confs) == 0 {
		return Plan{}
	}
	u := newViewUses(d.Root)
	var p Plan
	for _, e := range confs {
		n := d.Node(e)
		// The element must be in a file the doc holds.
		if n.Kind() != cst.KindElement {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: <trackster_conf> is not written in a file that can be edited", d.Position(e.Loc)))
			continue
		}
		// Its source must make nothing else of the view.
		if !u.allElems(e, isTracksterConf) {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: <trackster_conf> is written once in a macro that the tool also expands elsewhere, so it cannot be removed there", d.Position(e.Loc)))
			continue
		}
		p.Edits = append(p.Edits, deleteElement(e.Loc.File, n))
	}
	return finishPlan(p)
}
