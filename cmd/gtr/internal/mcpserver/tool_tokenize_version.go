package mcpserver

import (
	"context"
	"maps"
	"slices"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rewrite/version"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TokenizeVersionInput is tokenize_version_tool's input.
type TokenizeVersionInput struct {
	XML        string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Macros     map[string]string `json:"macros,omitempty" jsonschema:"the macro files the tool imports, by the name its <import> gives, e.g. {\"macros.xml\": \"<macros>…</macros>\"}; nothing is read from disk"`
	MacrosFile string            `json:"macros_file,omitempty" jsonschema:"put the tokens in this macro file (a plain file name beside the tool) instead of the tool's own <macros>: the one passed in macros under that name, given the tokens it lacks, or a new file; the tool imports it"`
}

// TokenizeVersionOutput is tokenize_version_tool's result.
type TokenizeVersionOutput struct {
	Envelope
	Tokenized  bool              `json:"tokenized" jsonschema:"whether the version was tokenized"`
	Formatted  string            `json:"formatted" jsonschema:"the tokenized tool XML; the input unchanged when skipped"`
	SkipReason *string           `json:"skip_reason" jsonschema:"why the tool was left as it is (not a literal <base>+galaxy<suffix>, no package requirement pins <base>, a token defined with another value, the expansion-equality gate refusing, …); null when tokenized"`
	Base       string            `json:"base,omitempty" jsonschema:"the value of @TOOL_VERSION@"`
	Suffix     string            `json:"suffix,omitempty" jsonschema:"the value of @VERSION_SUFFIX@"`
	Files      map[string]string `json:"files,omitempty" jsonschema:"the macro file that receives the tokens (macros_file), by name, with its new content"`
	Diff       string            `json:"diff,omitempty" jsonschema:"unified diff of the tool and of the macro file"`
}

func addTokenizeVersionTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "tokenize_version_tool",
		Description: "Factor a Galaxy tool's literal version=\"<base>+galaxy<suffix>\" into the IUC tokens: the version becomes " +
			"@TOOL_VERSION@+galaxy@VERSION_SUFFIX@, each package <requirement> written in the tool with version <base> becomes " +
			"@TOOL_VERSION@, and the tokens are defined in the tool's <macros> (or, with macros_file, in that macro file, returned " +
			"in files). Works through imported macros passed as content: a token they define already is used when its value " +
			"matches. Kept only when Galaxy's macro-expanded view of the tool is unchanged (expansion-equality gate); otherwise " +
			"tokenized is false and skip_reason says why. Writes nothing." + boundsNote,
		Annotations: readOnly("Tokenize a Galaxy tool's version"),
	}, tokenizeVersionTool)
}

func tokenizeVersionTool(ctx context.Context, in TokenizeVersionInput) (TokenizeVersionOutput, error) {
	t, err := parseTool(in.XML, in.Macros)
	if err != nil {
		return TokenizeVersionOutput{}, err
	}
	if t.RootElement().Name() != "tool" {
		return TokenizeVersionOutput{}, &ToolError{Kind: KindNotATool, Message: "tokenize_version_tool takes a tool (<tool> root)"}
	}
	if in.MacrosFile != "" && !version.PlainFileName(in.MacrosFile) {
		return TokenizeVersionOutput{}, &ToolError{Kind: KindInvalidArgument, Message: "macros_file must be a plain file name, such as macros.xml"}
	}
	opts := version.TokenizeOptions{
		Macros:     macros.Options{Files: macroFiles(in.Macros), NoDisk: true, Context: ctx},
		MacrosFile: in.MacrosFile,
	}
	res, err := version.Tokenize(version.Tool{File: toolFile, Src: t.Source(), Tree: t}, opts)
	if err != nil {
		return TokenizeVersionOutput{}, expandError(err, in.XML, in.Macros)
	}
	out := TokenizeVersionOutput{Formatted: in.XML, Tokenized: res.Skip == "", SkipReason: optional(res.Skip), Base: res.Base, Suffix: res.Suffix}
	if res.Skip != "" {
		return out, nil
	}
	out.Formatted = string(res.Files[toolFile])
	out.Diff = rewrite.UnifiedDiff("a/"+toolFile, "b/"+toolFile, t.Source(), res.Files[toolFile], 3)
	for _, f := range slices.Sorted(maps.Keys(res.Files)) {
		if f == toolFile {
			continue
		}
		name := macroName(f, in.Macros)
		if out.Files == nil {
			out.Files = map[string]string{}
		}
		out.Files[name] = string(res.Files[f])
		out.Diff += rewrite.UnifiedDiff("a/"+name, "b/"+name, []byte(in.Macros[name]), res.Files[f], 3)
	}
	return out, nil
}
