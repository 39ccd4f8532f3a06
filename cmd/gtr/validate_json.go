package main

import (
	"encoding/json"
	"errors"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"os"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// validateFormatVersion is the version of validate's JSON output. It
// changes only when a field is renamed, removed or changes meaning; fields
// may be added.
const validateFormatVersion = 1

// validateReport is the document "gtr validate -output-format json"
// prints. The README documents it; keep the two in step.
type validateReport struct {
	FormatVersion int                 `json:"format_version"`
	GTRVersion    string              `json:"gtr_version"`
	Files         []validateJSONFile  `json:"files"`
	Summary       validateJSONSummary `json:"summary"`
}

type validateJSONFile struct {
	Path   string `json:"path"`
	Status string `json:"status"`         // "valid", "invalid", "unexpanded", "skipped" or "error"
	Kind   string `json:"kind,omitempty"` // "tool" or "macros"; absent for other files and unreadable ones

	// For tools that expand:
	DeclaredProfile *string                `json:"declared_profile,omitempty"` // the profile attribute after expansion; null when absent
	Profile         string                 `json:"profile,omitempty"`          // the profile validated at
	Schema          string                 `json:"schema,omitempty"`           // the schema used for it; absent when the profile is unknown
	Valid           *bool                  `json:"valid,omitempty"`
	Errors          []validateJSONError    `json:"errors,omitempty"`
	NewestValid     json.RawMessage        `json:"newest_valid_profile,omitempty"` // a profile, or null when valid at none
	Profiles        []validateJSONVerdict  `json:"profiles,omitempty"`             // with -all-profiles
	Imports         []string               `json:"imports,omitempty"`
	ExpandError     *validateJSONExpandErr `json:"expand_error,omitempty"` // status "unexpanded"
	Error           *jsonError             `json:"error,omitempty"`        // status "error"
}

type validateJSONError struct {
	Message      string              `json:"message"` // xmllint's wording, with its subject
	Kind         string              `json:"kind"`    // what is wrong: see schemaKindNames
	Element      string              `json:"element,omitempty"`
	Attribute    string              `json:"attribute,omitempty"`
	File         string              `json:"file"` // where to fix it: the tool or a macro file
	Line         int                 `json:"line"`
	Column       int                 `json:"column"` // 1-based, UTF-16 code units
	ExpandedFrom []validateJSONFrame `json:"expanded_from,omitempty"`
}

type validateJSONFrame struct {
	Kind   string `json:"kind"` // "expand", "yield" or "token"
	Name   string `json:"name"` // the macro, the yield's name, or the token
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type validateJSONVerdict struct {
	Profile string `json:"profile"`
	Valid   bool   `json:"valid"`
	Errors  int    `json:"errors"`
}

type validateJSONExpandErr struct {
	Message string `json:"message"`
	Kind    string `json:"kind"`   // the macros package's kind, such as "undefined-macro"
	Galaxy  string `json:"galaxy"` // the exception Galaxy raises, "Class: message"; "" when it raises none
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

type validateJSONSummary struct {
	Files      int `json:"files"`
	Valid      int `json:"valid"`
	Invalid    int `json:"invalid"`
	Unexpanded int `json:"unexpanded"`
	Skipped    int `json:"skipped"`
	Errored    int `json:"errored"`
}

// schemaKindNames names schema error kinds in JSON.
var schemaKindNames = map[schema.Kind]string{
	schema.KindProfile:        "profile",
	schema.KindNoDeclaration:  "no-declaration",
	schema.KindUnexpected:     "unexpected-element",
	schema.KindMissing:        "missing-element",
	schema.KindText:           "text",
	schema.KindChildren:       "children",
	schema.KindAttrNotAllowed: "attribute-not-allowed",
	schema.KindAttrMissing:    "attribute-missing",
	schema.KindValue:          "value",
	schema.KindAbstract:       "abstract",
	schema.KindDuplicate:      "duplicate",
}

type validateJSON struct {
	e   *env
	doc validateReport
}

func newValidateJSON(e *env) *validateJSON {
	return &validateJSON{e: e, doc: validateReport{
		FormatVersion: validateFormatVersion, GTRVersion: gtrVersion(), Files: []validateJSONFile{},
	}}
}

func (j *validateJSON) file(r *validateResult) {
	f := validateJSONFile{Path: r.path, Kind: kindName(r.kind)}
	switch {
	case r.err != nil:
		f.Status = "error"
		f.Error = &jsonError{Message: r.err.msg}
	case r.kind != rules.TargetTool:
		f.Status = "skipped"
	case r.xerr != nil:
		f.Status = "unexpanded"
		f.ExpandError = expandErrJSON(r)
	default:
		j.tool(&f, r)
	}
	j.doc.Files = append(j.doc.Files, f)
}

func (j *validateJSON) tool(f *validateJSONFile, r *validateResult) {
	valid := len(r.errs) == 0
	f.Status = "invalid"
	if valid {
		f.Status = "valid"
	}
	if a := r.res.Root.Attr("profile"); a != nil {
		f.DeclaredProfile = &r.declared
	}
	f.Profile, f.Schema, f.Valid = r.profile, r.schema, &valid
	f.NewestValid = json.RawMessage("null")
	if r.newest != "" {
		f.NewestValid, _ = json.Marshal(r.newest)
	}
	f.Imports = r.res.Imports
	col := func(p cst.Position) int {
		if t := r.res.Tree(p.File); t != nil {
			return column.InTree(t, p.Offset)
		}
		return p.Column
	}
	for _, le := range r.errs {
		je := validateJSONError{
			Message: le.err.Error(), Kind: schemaKindNames[le.err.Kind], Element: le.err.Element, Attribute: le.err.Attr,
			File: le.loc.Pos.File, Line: le.loc.Pos.Line, Column: col(le.loc.Pos),
		}
		for _, fr := range le.loc.Via {
			je.ExpandedFrom = append(je.ExpandedFrom, validateJSONFrame{
				Kind: fr.Kind.String(), Name: fr.Name, File: fr.Pos.File, Line: fr.Pos.Line, Column: col(fr.Pos),
			})
		}
		f.Errors = append(f.Errors, je)
	}
	for _, v := range r.verdicts {
		f.Profiles = append(f.Profiles, validateJSONVerdict{Profile: v.profile, Valid: v.errors == 0, Errors: v.errors})
	}
}

// expandErrJSON describes why a tool cannot be expanded.
func expandErrJSON(r *validateResult) *validateJSONExpandErr {
	var me *macros.Error
	if !errors.As(r.xerr, &me) {
		return &validateJSONExpandErr{Message: r.xerr.Error()}
	}
	out := &validateJSONExpandErr{Message: me.Msg, Kind: me.Kind.String(), Galaxy: me.Galaxy}
	if p := me.Pos; p.IsValid() {
		out.File, out.Line, out.Column = p.File, p.Line, p.Column
		// The position is in the tool or in a macro file: count its
		// column in UTF-16 code units from that file's line.
		src := r.src
		if p.File != r.path {
			src, _ = os.ReadFile(p.File)
		}
		if p.Offset <= len(src) {
			out.Column = column.UTF16(src, cst.NewLineIndex(src), p.Offset)
		}
	}
	return out
}

func (j *validateJSON) finish(n validateCounts) {
	j.doc.Summary = validateJSONSummary{
		Files: n.files, Valid: n.valid, Invalid: n.invalid, Unexpanded: n.unexpanded,
		Skipped: n.skipped, Errored: n.unreadable,
	}
	writeJSON(j.e.stdout, j.doc)
}
