package mcpserver

import (
	"context"
	"fmt"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FindReferencesInput is find_references_tool's input.
type FindReferencesInput struct {
	XML    string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Name   string            `json:"name" jsonschema:"the parameter name to look for"`
	Macros map[string]string `json:"macros,omitempty" jsonschema:"the macro files the tool imports, by the name its <import> gives, e.g. {\"macros.xml\": \"<macros>…</macros>\"}; nothing is read from disk"`
}

// FindReferencesOutput is find_references_tool's result.
type FindReferencesOutput struct {
	Envelope
	Name        string       `json:"name" jsonschema:"the name looked for"`
	Occurrences []Occurrence `json:"occurrences" jsonschema:"every place the tool names it, once each, the tool first, then its macro files, in byte order"`
}

// Occurrence is one place a tool names a parameter.
type Occurrence struct {
	Section    string `json:"section" jsonschema:"where Galaxy reads it: command, configfile:NAME, environment_variable:NAME, template:NAME, output_data_label:NAME, filter:NAME, change_format:NAME, format_source:NAME, options:NAME, inputs (the definition), tests, …"`
	Sourceline int    `json:"sourceline" jsonschema:"1-based line of the name in file"`
	Reference  string `json:"reference" jsonschema:"the text that names it: $name, ${name.ext}, $cond.name, a bare name, or the attribute or element holding it"`
	File       string `json:"file" jsonschema:"the file the name is written in: tool.xml, or a macro file by the name given in macros"`
	Column     int    `json:"column" jsonschema:"1-based column of the name (UTF-16 code units)"`
	Kind       string `json:"kind" jsonschema:"definition, cheetah (a template), python (an output filter or dynamic_options), attribute (by name) or test"`
}

func addFindReferencesTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "find_references_tool",
		Description: "List every place a Galaxy tool names a parameter, in the tool and in the macro files passed in \"macros\": " +
			"its definition, Cheetah placeholders and directives in <command>, <configfile>s, environment variables and " +
			"template macros ($name, ${name}, $name.ext, $cond.name, #if name), output labels and other attributes Galaxy " +
			"fills as templates, output <filter> expressions, by-name attributes (format_source, data_ref, <options " +
			"from_dataset>, <filter ref>, …) and <tests> names. References come from the Cheetah tree of Galaxy's " +
			"expanded view, not from text search: comments, #raw text and names a #set or #for binds are not references. " +
			"Each is located where its bytes are written, in the tool or a macro file. Writes nothing." + boundsNote,
		Annotations: readOnly("Find the references to a parameter"),
	}, findReferencesTool)
}

func findReferencesTool(ctx context.Context, in FindReferencesInput) (FindReferencesOutput, error) {
	if !refs.IsName(in.Name) {
		return FindReferencesOutput{}, &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf("name must be a valid identifier (ASCII, not a Python keyword); got %q", in.Name)}
	}
	res, err := expand(ctx, in.XML, in.Macros)
	if err != nil {
		return FindReferencesOutput{}, err
	}
	if res.Root.Tag != "tool" {
		return FindReferencesOutput{}, &ToolError{Kind: KindNotATool, Message: "find_references_tool takes a tool (<tool> root); pass the macro files it imports in macros"}
	}
	out := FindReferencesOutput{Name: in.Name, Occurrences: []Occurrence{}}
	if !refs.Mentions(res, in.Name) {
		return out, nil
	}
	for _, r := range refs.Build(res).Occurrences(in.Name) {
		t := res.Tree(r.Loc.File)
		line, _ := t.Lines().LineCol(r.Loc.Span.Start)
		file := toolFile
		if r.Loc.File != toolFile {
			file = macroName(r.Loc.File, in.Macros)
		}
		out.Occurrences = append(out.Occurrences, Occurrence{Section: r.Section, Sourceline: line, Reference: r.Reference,
			File: file, Column: column.InTree(t, r.Loc.Span.Start), Kind: r.Kind.String()})
	}
	return out, nil
}
