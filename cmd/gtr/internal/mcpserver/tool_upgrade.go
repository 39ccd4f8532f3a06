package mcpserver

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/upgrade"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// UpgradeInput is upgrade_tool's input.
type UpgradeInput struct {
	XML                 string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Macros              map[string]string `json:"macros,omitempty" jsonschema:"imported macro files by file name, e.g. {\"macros.xml\": \"<macros>…</macros>\"}"`
	Select              []string          `json:"select,omitempty" jsonschema:"codes or planemo linter names that replace the base selection (GTR006 and the layout rules) run around the upgrade"`
	Ignore              []string          `json:"ignore,omitempty" jsonschema:"codes or planemo linter names removed from the selection"`
	Modernize           bool              `json:"modernize,omitempty" jsonschema:"walk toward the newest profile, capped by the behaviour ceiling and the deployment ceiling (default: the minimal bump, which moves profile= only when the tool needs it to validate)"`
	AllowBehaviorChange bool              `json:"allow_behavior_change,omitempty" jsonschema:"lift the behaviour gate; needs modernize or target_profile"`
	BlockConsider       bool              `json:"block_consider,omitempty" jsonschema:"let consider-level behaviour codes stop the walk too, not only must_fix ones"`
	TargetProfile       string            `json:"target_profile,omitempty" jsonschema:"walk toward this profile (16.01 … 26.1); may pass the deployment ceiling"`
}

// UpgradeOutput is upgrade_tool's result.
type UpgradeOutput struct {
	Envelope
	Formatted          string            `json:"formatted,omitempty" jsonschema:"the upgraded tool XML (equal to the input when nothing changed or the upgrade was refused)"`
	Changed            bool              `json:"changed" jsonschema:"whether the tool or a macro file changed"`
	Diff               string            `json:"diff,omitempty" jsonschema:"unified diff of the tool and of every macro file rewritten"`
	Files              map[string]string `json:"files,omitempty" jsonschema:"the macro files the upgrade rewrites, by the names given in macros, with their new content"`
	StepsApplied       []string          `json:"steps_applied" jsonschema:"the profiles step codemods advanced the tool past"`
	AppliedCodes       []string          `json:"applied_codes" jsonschema:"the steps and rules that changed the tool, in order"`
	BehaviorPreserving *bool             `json:"behavior_preserving" jsonschema:"true: no crossed Galaxy behaviour change applies to the tool (after the automatic fixes); false: at least one does, review it; null: undetermined (profile= does not place)"`
	BaselineProfile    string            `json:"baseline_profile" jsonschema:"the profile the tool ran as before (16.01 when undeclared)"`
	ReachedProfile     string            `json:"reached_profile" jsonschema:"the profile the tool runs as after"`
	StoppedAt          *string           `json:"stopped_at" jsonschema:"in a walk, the profile it stopped at on purpose below its goal (the behaviour ceiling); null otherwise"`
	BlockingCodes      []string          `json:"blocking_codes" jsonschema:"Galaxy behaviour codes (upgrade_codes.json keys) that apply, must be fixed and no automatic fix clears; they gate the walk"`
	AutoFixedCodes     []string          `json:"auto_fixed_codes" jsonschema:"Galaxy behaviour codes an automatic fix provably cleared"`
	MissingUpgrade     *string           `json:"missing_upgrade" jsonschema:"the profile a walk stalled at for want of a step codemod; null when it did not"`
	Refused            *string           `json:"refused" jsonschema:"why the upgrade was refused (naming the step or gate); formatted is then the input; null otherwise"`
	Notes              []string          `json:"notes" jsonschema:"what was decided and why, one line each"`
}

func addUpgradeTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "upgrade_tool",
		Description: "Move a Galaxy tool's profile= forward without changing what it does by accident, through its macros. " +
			"Default: the minimal bump (profile= moves only when the tool does not validate at its own profile; undeclared stays " +
			"undeclared). modernize walks toward the newest profile with step codemods at the schema boundaries, stopping below the " +
			"first must_fix Galaxy behaviour change that applies and no automatic fix clears (allow_behavior_change lifts that gate) " +
			"and, without target_profile, at the deployment ceiling (25.1). Edits land where provenance says the bytes are: in the tool, " +
			"or in a macro file given in \"macros\" (returned in files). Every result validates at reached_profile, changes Galaxy's " +
			"expanded view only as the applied steps declare, and is idempotent, or the upgrade is refused with the input unchanged. " +
			"Writes nothing." + boundsNote,
		Annotations: readOnly("Upgrade a Galaxy tool's profile"),
	}, upgradeTool)
}

func upgradeTool(ctx context.Context, in UpgradeInput) (UpgradeOutput, error) {
	rs, err := upgrade.Select(in.Select, in.Ignore)
	if err != nil {
		var ue *rules.UnknownError
		if errors.As(err, &ue) {
			return UpgradeOutput{}, &ToolError{Kind: KindUnknownRuleCode, Message: ue.Error(), Suggestion: ue.Suggestion}
		}
		return UpgradeOutput{}, err
	}
	opts := upgrade.Options{Modernize: in.Modernize, AllowBehaviorChange: in.AllowBehaviorChange, BlockConsider: in.BlockConsider,
		TargetProfile: in.TargetProfile, Rules: rs, Context: ctx}
	if err := upgrade.CheckOptions(opts); err != nil {
		return UpgradeOutput{}, &ToolError{Kind: KindInvalidArgument, Message: err.Error()}
	}
	t, err := parseTool(in.XML, in.Macros)
	if err != nil {
		return UpgradeOutput{}, err
	}
	if t.RootElement().Name() != "tool" {
		return UpgradeOutput{}, &ToolError{Kind: KindNotATool, Message: "upgrade_tool takes a tool (<tool> root); a macro file is upgraded through the tools that import it: pass it in macros"}
	}
	opts.Macros = macros.Options{Files: macroFiles(in.Macros), NoDisk: true}
	res, err := upgrade.Upgrade(toolFile, t.Source(), opts)
	if err != nil {
		return UpgradeOutput{}, expandError(err, in.XML, in.Macros)
	}
	out := UpgradeOutput{
		Formatted:          string(res.Formatted),
		Changed:            res.Changed,
		StepsApplied:       res.StepsApplied,
		AppliedCodes:       res.Codes,
		BehaviorPreserving: res.BehaviorPreserving,
		BaselineProfile:    res.BaselineProfile,
		ReachedProfile:     res.ReachedProfile,
		StoppedAt:          optional(res.StoppedAt),
		BlockingCodes:      res.BlockingCodes,
		AutoFixedCodes:     res.AutoFixedCodes,
		MissingUpgrade:     optional(res.MissingUpgrade),
		Refused:            optional(res.Refused),
		Notes:              res.Notes,
	}
	out.Diff = rewrite.UnifiedDiff("a/"+toolFile, "b/"+toolFile, t.Source(), res.Formatted, 3)
	for _, f := range slices.Sorted(maps.Keys(res.Files)) {
		name := macroName(f, in.Macros)
		if out.Files == nil {
			out.Files = map[string]string{}
		}
		out.Files[name] = string(res.Files[f])
		out.Diff += rewrite.UnifiedDiff("a/"+name, "b/"+name, []byte(in.Macros[name]), res.Files[f], 3)
	}
	return out, nil
}

// optional returns nil for "", else a pointer to s: JSON null or the
// value.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
