package main

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"github.com/galaxy-gtr/gtr/rules"
)

// jsonFormatVersion is the version of check's JSON output. It changes only
// when a field is renamed, removed or changes meaning; fields may be added.
const jsonFormatVersion = 1

// jsonReport is the document "gtr check -output-format json" prints. The
// README documents it; keep the two in step.
type jsonReport struct {
	FormatVersion int          `json:"format_version"`
	GTRVersion    string       `json:"gtr_version"`
	Files         []jsonFile   `json:"files"`
	Summary       jsonSummary  `json:"summary"`
	Rules         []jsonRuleID `json:"rules"` // the rules that ran
}

type jsonFile struct {
	Path     string        `json:"path"`
	Status   string        `json:"status"`         // "findings", "clean", "skipped" or "error"
	Kind     string        `json:"kind,omitempty"` // "tool" or "macros"; absent when skipped or unreadable
	Findings []jsonFinding `json:"findings"`
	Error    *jsonError    `json:"error,omitempty"`
}

type jsonFinding struct {
	File        string `json:"file"`         // the file to edit: the file checked, or an imported macro file
	Code        string `json:"code"`         // the rule's code, a partition half such as GTR018.1 where split
	DisplayCode string `json:"display_code"` // the code the text output shows (GTR018)
	Line        int    `json:"line"`         // 1-based
	Column      int    `json:"column"`       // 1-based, UTF-16 code units
	EndLine     int    `json:"end_line"`
	EndColumn   int    `json:"end_column"` // just after the flagged text
	Message     string `json:"message"`
	Advisory    bool   `json:"advisory"`                // report-only; false when format fixes it
	Fix         string `json:"fix,omitempty"`           // what the fix does, or for an advisory finding what to do
	Via         string `json:"expanded_from,omitempty"` // how the bytes got into the tool: "tool.xml:12:9 <expand macro=\"x\">, …"
}

type jsonError struct {
	Message     string           `json:"message"`
	Line        int              `json:"line,omitempty"`
	Column      int              `json:"column,omitempty"`
	ParseErrors []jsonParseError `json:"parse_errors,omitempty"`
}

type jsonParseError struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

type jsonSummary struct {
	Files    int `json:"files"`
	Fixable  int `json:"fixable"`
	Advisory int `json:"advisory"`
	Flagged  int `json:"flagged"` // files with findings
	Clean    int `json:"clean"`
	Skipped  int `json:"skipped"`
	Errored  int `json:"errored"`
}

type jsonRuleID struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Advisory bool   `json:"advisory"`
}

type jsonReporter struct {
	e   *env
	doc jsonReport
}

func newJSONReporter(e *env, ran []jsonRuleID) *jsonReporter {
	return &jsonReporter{e: e, doc: jsonReport{
		FormatVersion: jsonFormatVersion, GTRVersion: gtrVersion(), Files: []jsonFile{}, Rules: ran,
	}}
}

func (j *jsonReporter) file(r *checkResult) {
	f := jsonFile{Path: r.path, Findings: []jsonFinding{}}
	switch {
	case r.err != nil:
		f.Status = "error"
		f.Error = jsonErr(r)
	case r.src.kind == 0:
		f.Status = "skipped"
	default:
		f.Kind = kindName(r.src.kind)
		f.Status = "clean"
		if len(r.found) > 0 {
			f.Status = "findings"
		}
		for _, fd := range r.found {
			f.Findings = append(f.Findings, jsonFinding{
				File: fd.file, Via: viaList(fd.via), Code: fd.code, DisplayCode: fd.displayCode, Line: fd.line, Column: fd.col16,
				EndLine: fd.endLine, EndColumn: fd.endCol16, Message: fd.message, Advisory: fd.advisory, Fix: fd.fix,
			})
		}
	}
	j.doc.Files = append(j.doc.Files, f)
}

func jsonErr(r *checkResult) *jsonError {
	je := &jsonError{Message: r.err.msg}
	if len(r.err.parse) > 0 && r.src != nil {
		je.Message = "malformed XML"
		for _, pe := range r.err.parse {
			je.ParseErrors = append(je.ParseErrors, jsonParseError{
				Line: pe.Pos.Line, Column: column.InTree(r.src.tree, pe.Pos.Offset), Message: pe.Msg,
			})
		}
		je.Line, je.Column = je.ParseErrors[0].Line, je.ParseErrors[0].Column
	}
	return je
}

func (j *jsonReporter) finish(n checkCounts) {
	j.doc.Summary = jsonSummary{
		Files: n.files, Fixable: n.fixable, Advisory: n.advisory, Flagged: n.flagged,
		Clean: n.clean, Skipped: n.skipped, Errored: n.errored,
	}
	writeJSON(j.e.stdout, j.doc)
}

// kindName names a file kind in machine-readable output.
func kindName(k rules.Target) string {
	switch k {
	case rules.TargetTool:
		return "tool"
	case rules.TargetMacro:
		return "macros"
	}
	return ""
}

// ranRules lists the selected rules for the JSON report.
func ranRules(rs []*rules.Rule) []jsonRuleID {
	out := make([]jsonRuleID, 0, len(rs))
	for _, r := range rs {
		out = append(out, jsonRuleID{Code: r.Code, Name: r.Name, Advisory: r.Advisory()})
	}
	return out
}

// writeJSON writes v as indented JSON, with <, > and & as they are (the
// output is not for HTML).
func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	// Plain structs always encode; a write error is sticky in the bufio
	// writer and reported when main flushes it.
	_ = enc.Encode(v)
}

// viaList returns the frames of an " (expanded from …)" suffix, "" for
// none.
func viaList(via string) string {
	via = strings.TrimPrefix(via, " (expanded from ")
	return strings.TrimSuffix(via, ")")
}
