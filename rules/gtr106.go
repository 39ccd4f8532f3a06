package rules

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// GTR106 drops display="checkboxes" where Galaxy's linters reject it.
var GTR106 = &Rule{
	Code:     "GTR106",
	Name:     "select-checkboxes-display",
	Summary:  "Drop display=\"checkboxes\" from a select param that is not both multiple and optional.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Order:    55,
	Changes:  []*rewrite.ViewChange{changeCheckboxDisplay},
	Doc: Doc{
		What: "Removes display=\"checkboxes\" from an input <param> (./inputs//param) of type select, " +
			"data_column or drill_down that does not allow several values (multiple is not true) or does " +
			"not allow none (optional, which defaults to multiple, is not true): exactly the params " +
			"Galaxy's InputsSelectSingleCheckboxes and InputsSelectMandatoryCheckboxes linters flag with " +
			"\"remove the display attribute\". A multiple, optional select keeps its checkboxes.",
		Why: "Checkboxes let users tick several values or none. On a single-value select the form then " +
			"offers choices the server rejects, and on a mandatory one it invites an empty submission; " +
			"without the attribute Galaxy picks the widget that matches the parameter.",
		Example: "<param name=\"mode\" type=\"select\" display=\"checkboxes\">…</param>\n→\n" +
			"<param name=\"mode\" type=\"select\">…</param>",
		FixSafety: "Safe for the tool's behaviour: display only chooses the form widget; the values Galaxy " +
			"accepts, the defaults and the command line are the same without it. Params whose type, " +
			"multiple or optional value is a macro token (@…@) are left alone, as are tags with " +
			"duplicated attributes. The predecessor's exact condition is not known; this rule fires only " +
			"where Galaxy's own linters report an error, so it never removes a checkbox display the " +
			"parameter supports.",
	},
	check: checkSelectCheckboxes,
}

// checkboxTypes are the param types with a display attribute.
var checkboxTypes = map[string]bool{"select": true, "data_column": true, "drill_down": true}

func checkSelectCheckboxes(p *Pass) {
	for _, param := range elementsOf(p).inputParams {
		dropCheckboxes(p, param)
	}
}

func dropCheckboxes(p *Pass, param cst.Node) {
	tag := param.StartTag()
	// Most params have no display: look for it by interned name, reading
	// no token.
	var display cst.Node
	for a := firstAttr(tag); a.IsValid(); a = nextAttr(a) {
		if a.Name() == "display" {
			display = a
			break
		}
	}
	// Galaxy compares the value exactly.
	if display.Value() != "checkboxes" {
		return
	}
	// Only selection params have a display.
	if !checkboxTypes[attrGet(tag, "type")] {
		return
	}
	// A duplicated attribute leaves it unclear which value Galaxy reads.
	if hasDuplicateAttrs(tag) {
		return
	}
	multiple, optional := attrGet(tag, "multiple"), attrGet(tag, "optional")
	// Tokens expand to values gtr cannot see here.
	if lint.MayHoldToken(multiple) || lint.MayHoldToken(optional) {
		return
	}
	isMultiple := galaxyBool(multiple)
	isOptional := isMultiple
	if _, ok := attrValue(tag, "optional"); ok {
		isOptional = galaxyBool(optional)
	}
	// A multiple, optional select is what checkboxes are for.
	if isMultiple && isOptional {
		return
	}
	why := "not multiple"
	if isMultiple {
		why = "not optional"
	}
	msg := fmt.Sprintf("display=\"checkboxes\" on a %s param that is %s; remove it", attrGet(tag, "type"), why)
	p.fixEdit(display.Span(), msg, deleteAttr(display))
}
