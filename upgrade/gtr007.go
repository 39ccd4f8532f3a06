package upgrade

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR007 writes the profile an upgrade reaches.
var GTR007 = &Step{
	Code:    "GTR007",
	Name:    "update-profile",
	Summary: "Set the tool's profile= to the profile the upgrade reaches (never lowering it).",
	Kind:    KindProfile,
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Writes the profile the upgrade reaches into the <tool> element's profile attribute: the value " +
			"between its quotes when it is written there, the text of the token that makes it when it is a " +
			"token (such as @PROFILE@, in the tool's <macros> or in an imported macro file), or a new " +
			"profile=\"…\" after version= when the tool declares none.",
		Why: "profile= tells Galaxy which legacy behaviours to switch off and which schema the tool follows; " +
			"the upgrade decides the profile, this step records it with the smallest edit.",
		Example:   "<tool id=\"x\" name=\"X\" version=\"1.0\" profile=\"21.05\">\n→\n<tool id=\"x\" name=\"X\" version=\"1.0\" profile=\"24.0\">",
		FixSafety: "The upgrade runs it only for a profile the tool validates at, below every behaviour change that applies to the tool and cannot be fixed (unless asked to cross them), and never lowers a profile. A token used anywhere else as well is changed everywhere it is used, so the expansion-equality gate refuses the edit unless the profile is the only difference.",
	},
	Changes: []*rewrite.ViewChange{changeProfile},
	Plan:    planProfile,
}

// changeProfile is the profile attribute of the root <tool> changing.
var changeProfile = &rewrite.ViewChange{
	Name: "profile",
	Attr: func(before, after *macros.Element, name string) bool {
		return name == "profile" && before.Tag == "tool" && before.Parent() == nil
	},
}

func planProfile(d *Doc) Plan {
	// Without Galaxy's view there is no telling where profile= comes from.
	if d.View == nil || d.Root == nil {
		return Plan{Refused: []string{fmt.Sprintf("%s: the tool does not expand, so its profile cannot be placed: %v", d.File, d.Err)}}
	}
	root := d.Root
	cur, declared := root.Get("profile")
	// Already there: nothing to write.
	if declared && cur == d.Target {
		return Plan{}
	}
	if !declared {
		tag := d.Tree.RootElement()
		return Plan{Edits: []rewrite.FileEdit{rewrite.In(d.File, rewrite.InsertAttr(tag, "profile", d.Target, "version"))}}
	}
	site, err := d.ValueSite(root, "profile")
	if err != nil {
		return Plan{Refused: []string{err.Error()}}
	}
	return Plan{Edits: []rewrite.FileEdit{site.Replace(d.Target)}}
}
