package mcpserver

import (
	"context"
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/schema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ValidateInput is validate_tool's input.
type ValidateInput struct {
	XML         string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Macros      map[string]string `json:"macros,omitempty" jsonschema:"the macro files the tool imports, by the name its <import> gives, e.g. {\"macros.xml\": \"<macros>…</macros>\"}; nothing is read from disk"`
	Profile     string            `json:"profile,omitempty" jsonschema:"the profile (Galaxy release, e.g. 21.09) to validate at; default: the one the tool declares after expansion, 16.01 when none"`
	AllProfiles bool              `json:"all_profiles,omitempty" jsonschema:"also return the verdict at every profile that has a schema"`
}

// ValidateOutput is validate_tool's result.
type ValidateOutput struct {
	Envelope
	Valid              bool             `json:"valid" jsonschema:"whether the expanded tool is valid at profile"`
	DeclaredProfile    string           `json:"declared_profile,omitempty" jsonschema:"the tool's profile attribute after macro expansion; absent when it has none"`
	Profile            string           `json:"profile" jsonschema:"the profile validated at"`
	Schema             string           `json:"schema,omitempty" jsonschema:"the schema used for profile (the newest not newer than it); absent when profile is not a release"`
	Errors             []SchemaError    `json:"errors,omitempty" jsonschema:"the schema violations at profile, in document order of the expanded tool"`
	NewestValidProfile string           `json:"newest_valid_profile,omitempty" jsonschema:"the newest profile whose schema the expanded tool is valid against; absent when none"`
	Profiles           []ProfileVerdict `json:"profiles,omitempty" jsonschema:"with all_profiles: the verdict at every profile with a schema, oldest first"`
	Imports            []string         `json:"imports,omitempty" jsonschema:"the macro files read, in the order Galaxy reads them"`
}

// SchemaError is one schema violation, located at the bytes to fix.
type SchemaError struct {
	Message      string `json:"message" jsonschema:"xmllint's message with its subject, e.g. Element 'param', attribute 'optional': …"`
	Element      string `json:"element,omitempty" jsonschema:"the element's name"`
	Attribute    string `json:"attribute,omitempty" jsonschema:"the attribute's name, for attribute errors"`
	File         string `json:"file" jsonschema:"where to fix it: tool.xml or the macro file holding the bytes at fault"`
	Line         int    `json:"line" jsonschema:"1-based line in file"`
	Column       int    `json:"column" jsonschema:"1-based column in file (UTF-16 code units)"`
	ExpandedFrom []Step `json:"expanded_from,omitempty" jsonschema:"how the bytes got there from the tool, outermost first: <expand>s, <yield>s, then the token that supplied the value"`
}

// ProfileVerdict is the verdict at one profile.
type ProfileVerdict struct {
	Profile string `json:"profile" jsonschema:"a profile with a schema"`
	Valid   bool   `json:"valid" jsonschema:"whether the expanded tool is valid at it"`
	Errors  int    `json:"errors" jsonschema:"the number of violations"`
}

func addValidateTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "validate_tool",
		Description: "Validate a Galaxy tool against Galaxy's tool schema (galaxy.xsd) as Galaxy sees it, after macro " +
			"expansion, at the profile it declares (or the one given). Each error is located where its bytes are " +
			"written, in the tool or in a macro file, with the <expand>s and tokens that brought it there. Also returns " +
			"the newest profile the tool is valid at and, on request, the verdict at every profile. Macro files come " +
			"only from the macros argument (unresolved_import, macro_error as for expand_tool). Writes nothing." + boundsNote,
		Annotations: readOnly("Validate a Galaxy tool against the schema"),
	}, validateTool)
}

func validateTool(ctx context.Context, in ValidateInput) (ValidateOutput, error) {
	if in.Profile != "" {
		if _, err := schema.Resolve(in.Profile); err != nil {
			return ValidateOutput{}, &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf(
				"profile %q is not a Galaxy release; use one such as 21.09 (schemas exist for %s … %s)",
				in.Profile, schema.Profiles()[0], schema.Profiles()[len(schema.Profiles())-1])}
		}
	}
	res, err := expand(ctx, in.XML, in.Macros)
	if err != nil {
		return ValidateOutput{}, err
	}
	if res.Root.Tag != "tool" {
		return ValidateOutput{}, &ToolError{Kind: KindNotATool, Message: fmt.Sprintf(
			"the root element is <%s>; validate_tool validates tools (<tool>): macro files are validated through the tools that import them", res.Root.Tag)}
	}
	out := ValidateOutput{Profile: in.Profile, Imports: res.Imports}
	out.DeclaredProfile, _ = res.Root.Get("profile")
	if out.Profile == "" {
		out.Profile = out.DeclaredProfile
	}
	if out.Profile == "" {
		out.Profile = schema.LegacyProfile
	}
	out.Schema, _ = schema.Resolve(out.Profile)
	root := schema.Expanded(res)
	errs, err := schema.ValidateContext(ctx, root, out.Profile)
	if err != nil {
		return ValidateOutput{}, err
	}
	for _, e := range errs {
		loc := schema.Locate(res, e)
		se := SchemaError{Message: e.Error(), Element: e.Element, Attribute: e.Attr}
		se.File, se.Line, se.Column = position(res, loc.Pos)
		for _, f := range loc.Via {
			st := Step{Kind: f.Kind.String(), Name: f.Name}
			st.File, st.Line, st.Column = position(res, f.Pos)
			se.ExpandedFrom = append(se.ExpandedFrom, st)
		}
		out.Errors = append(out.Errors, se)
	}
	out.Valid = len(out.Errors) == 0
	if !in.AllProfiles {
		out.NewestValidProfile, _, err = schema.NewestValidContext(ctx, root, nil)
		return out, err
	}
	counts := map[string]int{} // errors by schema file: profiles that share a schema are validated once
	for _, p := range schema.Profiles() {
		n, ok := counts[schema.SchemaFile(p)]
		if !ok {
			errs, err := schema.ValidateContext(ctx, root, p)
			if err != nil {
				return ValidateOutput{}, err
			}
			n = len(errs)
			counts[schema.SchemaFile(p)] = n
		}
		out.Profiles = append(out.Profiles, ProfileVerdict{Profile: p, Valid: n == 0, Errors: n})
		if n == 0 {
			out.NewestValidProfile = p
		}
	}
	return out, nil
}
