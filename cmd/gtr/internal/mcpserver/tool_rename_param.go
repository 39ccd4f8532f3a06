package mcpserver

import (
	"context"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rewrite/rename"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RenameParamInput is rename_param_tool's input.
type RenameParamInput struct {
	XML    string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Old    string            `json:"old" jsonschema:"the parameter's name"`
	New    string            `json:"new" jsonschema:"its new name"`
	Macros map[string]string `json:"macros,omitempty" jsonschema:"the macro files the tool imports, by the name its <import> gives, e.g. {\"macros.xml\": \"<macros>…</macros>\"}; nothing is read from disk"`
}

// RenameParamOutput is rename_param_tool's result.
type RenameParamOutput struct {
	Envelope
	Old       string            `json:"old" jsonschema:"the name renamed"`
	New       string            `json:"new" jsonschema:"the new name"`
	Changed   bool              `json:"changed" jsonschema:"whether the rename was made"`
	Renamed   int               `json:"renamed" jsonschema:"the places renamed, definition included (0 on a bail)"`
	Reason    *string           `json:"reason" jsonschema:"why the rename was not made: invalid-name, no-op, not-found, shadowed, mixed-content, lexer-bail, filter-bare-ref, cross-ref-residual, name-taken, gate-refused; null when made"`
	Detail    string            `json:"detail,omitempty" jsonschema:"where and why, naming the file and line, on a bail"`
	Formatted *string           `json:"formatted" jsonschema:"the renamed tool XML (the input when only macro files change); null on a bail"`
	Files     map[string]string `json:"files,omitempty" jsonschema:"the macro files the rename rewrites, by the names given in macros, with their new content"`
	Diff      string            `json:"diff,omitempty" jsonschema:"unified diff of the tool and of every macro file rewritten"`
}

func addRenameParamTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "rename_param_tool",
		Description: "Rename a Galaxy tool's parameter old to new: its definition and every reference find_references_tool " +
			"lists, in the tool and in the macro files passed in \"macros\" (rewritten ones come back in files, by name), " +
			"as minimal byte edits made all together or not at all. A rename that cannot be proved safe is not made and " +
			"reason says why (shadowed: #set/#for/#def binds the name; lexer-bail: a template does not parse; " +
			"filter-bare-ref; cross-ref-residual: a reference gtr cannot rewrite, or parameters read by name out of sight; " +
			"name-taken; …). Every rename passes three gates: each template still parses, Galaxy's expanded view changes " +
			"exactly from old to new at the references and nowhere else, and renaming back restores the bytes. A macro " +
			"file shared with other tools is rewritten for all of them: check that they can take the rename. Writes nothing." + boundsNote,
		Annotations: readOnly("Rename a Galaxy tool's parameter"),
	}, renameParamTool)
}

func renameParamTool(ctx context.Context, in RenameParamInput) (RenameParamOutput, error) {
	t, err := parseTool(in.XML, in.Macros)
	if err != nil {
		return RenameParamOutput{}, err
	}
	if t.RootElement().Name() != "tool" {
		return RenameParamOutput{}, &ToolError{Kind: KindNotATool, Message: "rename_param_tool takes a tool (<tool> root); pass the macro files it imports in macros"}
	}
	res, err := rename.RenameTree(t, in.Old, in.New, macros.Options{Files: macroFiles(in.Macros), NoDisk: true, Context: ctx})
	if err != nil {
		return RenameParamOutput{}, expandError(err, in.XML, in.Macros)
	}
	out := RenameParamOutput{Old: in.Old, New: in.New}
	if res.Bail != nil {
		out.Reason, out.Detail = optional(res.Bail.Reason), res.Bail.Detail
		return out, nil
	}
	out.Changed, out.Renamed = true, res.Sites
	tool := t.Source()
	if b, ok := res.Files[toolFile]; ok {
		tool = b
	}
	out.Formatted = optional(string(tool))
	out.Diff = rewrite.UnifiedDiff("a/"+toolFile, "b/"+toolFile, t.Source(), tool, 3)
	for _, f := range res.Macros {
		name := macroName(f, in.Macros)
		if out.Files == nil {
			out.Files = map[string]string{}
		}
		out.Files[name] = string(res.Files[f])
		out.Diff += rewrite.UnifiedDiff("a/"+name, "b/"+name, []byte(in.Macros[name]), res.Files[f], 3)
	}
	return out, nil
}
