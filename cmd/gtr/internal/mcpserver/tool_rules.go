package mcpserver

import (
	"slices"

	"context"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/upgrade"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func cstParse(src []byte) *cst.Tree { return cst.Parse("tool.xml", src) }

// ListRulesInput is list_rules' input.
type ListRulesInput struct {
	IncludeUpgrade bool `json:"include_upgrade,omitempty" jsonschema:"also list the steps only upgrade_tool applies (family upgrade, in no ruleset) and the rules only a dedicated tool applies (GTR092: convert_help_tool, GTR094: tokenize_version_tool)"`
}

// RuleInfo describes one rule.
type RuleInfo struct {
	Code           string   `json:"code" jsonschema:"rule code"`
	Name           string   `json:"name" jsonschema:"short kebab-case name"`
	Summary        string   `json:"summary" jsonschema:"one-line summary"`
	Family         string   `json:"family" jsonschema:"fmt, codemod, check, or upgrade for the steps of upgrade_tool"`
	Fixable        bool     `json:"fixable" jsonschema:"whether format_tool fixes its findings"`
	Parent         string   `json:"parent,omitempty" jsonschema:"partition parent code, for split rules"`
	Rulesets       []string `json:"rulesets" jsonschema:"rulesets that include the rule"`
	PlanemoLinters []string `json:"planemo_linters" jsonschema:"planemo linter names the rule covers (usable in select/ignore)"`
	Since          string   `json:"since" jsonschema:"gtr version that introduced the rule"`
	Cite           string   `json:"cite" jsonschema:"reference documentation"`
	What           string   `json:"what" jsonschema:"what the rule does"`
	Why            string   `json:"why" jsonschema:"why it matters"`
	FixSafety      string   `json:"fix_safety" jsonschema:"when its fix is safe"`
}

// ListRulesOutput is list_rules' result.
type ListRulesOutput struct {
	Envelope
	Rules []RuleInfo `json:"rules,omitempty" jsonschema:"every rule, sorted by code"`
}

func addListRules(h *host) {
	register(h, false, &mcp.Tool{
		Name:        "list_rules",
		Description: "List every gtr rule: code, summary, family, whether it is fixable, rulesets, planemo linter aliases and documentation.",
		Annotations: readOnly("List gtr rules"),
	}, func(_ context.Context, in ListRulesInput) (ListRulesOutput, error) {
		var out ListRulesOutput
		rs := slices.Clone(rules.All)
		if in.IncludeUpgrade {
			for _, s := range upgrade.Steps() {
				rs = append(rs, s.Rule())
			}
			rs = append(rs, rules.Commands...)
		}
		for _, r := range rs {
			out.Rules = append(out.Rules, RuleInfo{
				Code: r.Code, Name: r.Name, Summary: r.Summary, Family: string(r.Family), Fixable: !r.Advisory(),
				Parent: r.Parent, Rulesets: nonNil(r.Rulesets), PlanemoLinters: nonNil(r.Planemo), Since: r.Since,
				Cite: r.Cite, What: r.Doc.What, Why: r.Doc.Why, FixSafety: r.Doc.FixSafety,
			})
		}
		return out, nil
	})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// RulesetInfo describes one ruleset.
type RulesetInfo struct {
	Name        string   `json:"name" jsonschema:"ruleset name"`
	Codes       []string `json:"codes" jsonschema:"codes of its rules, sorted"`
	IsDefault   bool     `json:"is_default" jsonschema:"whether it is used when no ruleset is named"`
	Description string   `json:"description" jsonschema:"what the ruleset is for"`
}

// ListRulesetsOutput is list_rulesets' result.
type ListRulesetsOutput struct {
	Envelope
	Rulesets []RulesetInfo `json:"rulesets,omitempty" jsonschema:"the rulesets in display order"`
}

// ListRulesetsInput is list_rulesets' (empty) input.
type ListRulesetsInput struct{}

func addListRulesets(h *host) {
	register(h, false, &mcp.Tool{
		Name:        "list_rulesets",
		Description: "List the rulesets (cosmetic, default, iuc, strict) with the codes each runs.",
		Annotations: readOnly("List gtr rulesets"),
	}, func(_ context.Context, _ ListRulesetsInput) (ListRulesetsOutput, error) {
		var out ListRulesetsOutput
		for _, rs := range rules.Rulesets {
			info := RulesetInfo{Name: rs.Name, IsDefault: rs.Name == rules.DefaultRuleset, Description: rs.Description, Codes: []string{}}
			for _, r := range rules.RulesetRules(rs.Name) {
				info.Codes = append(info.Codes, r.Code)
			}
			out.Rulesets = append(out.Rulesets, info)
		}
		return out, nil
	})
}
