package upgrade

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/testcase"
)

// GTR096 qualifies flat test parameter names when an upgrade crosses
// 24.2, where Galaxy starts matching test parameters by their full path.
var GTR096 = &Step{
	Code:    "GTR096",
	Name:    "qualify-test-param",
	Summary: rules.GTR096.Summary,
	Kind:    KindRuntimeFix,
	From:    "24.2",
	Clears:  "24_2_fix_test_case_validation",
	Cite:    rules.GTR096.Cite,
	Since:   "0.6.0",
	Doc: rules.Doc{
		What: rules.GTR096.Doc.What + " The step makes the rule's renames on Galaxy's expanded view, so a " +
			"test written in an imported macro file is renamed in that file.",
		Why: rules.GTR096.Doc.Why + " A test that fails so is one of the tests the behaviour code " +
			"24_2_fix_test_case_validation stands for; the upgrade runs the step when it carries a tool " +
			"across 24.2 and credits the code as cleared only when no test fails afterwards.",
		Example: rules.GTR096.Doc.Example,
		FixSafety: "As the rule's: a rename is planned only for the one nested input older Galaxy releases gave " +
			"the value to, and only where the test then places it. Bytes shared by several tests (a macro " +
			"expanded more than once) are renamed only when every test takes the same rename; a name " +
			"written with character references is refused, and one made by a token left alone. The " +
			"expansion-equality gate allows nothing else to change.",
	},
	Changes: rules.GTR096.Changes,
	Plan:    planQualifyTestParams,
}

func planQualifyTestParams(d *Doc) Plan {
	// Galaxy loads no tests of a tool that does not expand.
	if d.View == nil || d.Root == nil {
		return Plan{}
	}
	var p Plan
	for _, r := range testcase.Qualify(d.Root) {
		src, s := d.Source(r.Loc.File), r.Loc.Span
		// Replacing bytes that are not the name as it reads would change
		// something else.
		if src == nil || s.End > len(src) || string(src[s.Start:s.End]) != r.From {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: test parameter %s is not written as it reads (character references), so it cannot be renamed to %s",
				d.Position(r.Loc), r.From, r.To))
			continue
		}
		p.Edits = append(p.Edits, rewrite.In(r.Loc.File, rewrite.ReplaceSpan(s, r.To)))
	}
	return p
}
