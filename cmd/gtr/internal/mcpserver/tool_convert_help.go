package mcpserver

import (
	"context"
	"maps"
	"slices"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rewrite/helpmd"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ConvertHelpInput is convert_help_tool's input.
type ConvertHelpInput struct {
	XML    string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Macros map[string]string `json:"macros,omitempty" jsonschema:"the macro files the tool imports, by the name its <import> gives, e.g. {\"macros.xml\": \"<macros>…</macros>\"}; nothing is read from disk"`
}

// ConvertHelpOutput is convert_help_tool's result.
type ConvertHelpOutput struct {
	Envelope
	Converted  bool              `json:"converted" jsonschema:"whether the help was converted to Markdown"`
	Formatted  string            `json:"formatted" jsonschema:"the tool XML with the converted help; the input unchanged when skipped"`
	SkipReason *string           `json:"skip_reason" jsonschema:"why the help was left as it is (profile below 24.2: run upgrade_tool first; no <help>; a format already; empty; a macro token; not valid RST; not provably render-equivalent, naming the construct or the first differing node); null when converted"`
	Markdown   string            `json:"markdown,omitempty" jsonschema:"the help's new Markdown text"`
	Files      map[string]string `json:"files,omitempty" jsonschema:"the macro file the help is written in, by name, with its new content, when the help comes from one"`
	Diff       string            `json:"diff,omitempty" jsonschema:"unified diff of the tool and of the macro file"`
}

func addConvertHelpTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "convert_help_tool",
		Description: "Convert a Galaxy tool's reStructuredText <help> to CommonMark with format=\"markdown\" (GTR092, opt-in), " +
			"keeping CDATA-ness, only when the Markdown as Galaxy's client renders it (markdown-it 13, html: false) is " +
			"equivalent to the RST as Galaxy's server renders it (docutils 0.19 html4css1): the two HTML trees reduced " +
			"to a semantic skeleton must be equal. A help written in an imported macro file (passed in macros) is " +
			"converted there and returned in files. Needs profile >= 24.2; a skip is a normal result (converted false, " +
			"skip_reason says why, e.g. run upgrade_tool first). Writes nothing." + boundsNote,
		Annotations: readOnly("Convert a Galaxy tool's help to Markdown"),
	}, convertHelpTool)
}

func convertHelpTool(ctx context.Context, in ConvertHelpInput) (ConvertHelpOutput, error) {
	t, err := parseTool(in.XML, in.Macros)
	if err != nil {
		return ConvertHelpOutput{}, err
	}
	if t.RootElement().Name() != "tool" {
		return ConvertHelpOutput{}, &ToolError{Kind: KindNotATool, Message: "convert_help_tool takes a tool (<tool> root)"}
	}
	opts := macros.Options{Files: macroFiles(in.Macros), NoDisk: true, Context: ctx}
	res, err := helpmd.Convert(helpmd.Tool{File: toolFile, Src: t.Source(), Tree: t}, opts)
	if err != nil {
		return ConvertHelpOutput{}, expandError(err, in.XML, in.Macros)
	}
	out := ConvertHelpOutput{Formatted: in.XML, Converted: res.Skip == "", SkipReason: optional(res.Skip)}
	if res.Skip != "" {
		return out, nil
	}
	out.Markdown = res.Markdown
	if b, ok := res.Files[toolFile]; ok {
		out.Formatted = string(b)
		out.Diff = rewrite.UnifiedDiff("a/"+toolFile, "b/"+toolFile, t.Source(), b, 3)
	}
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
