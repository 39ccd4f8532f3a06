package main

import (
	"fmt"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
)

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the
// subset code scanning tools read: the driver with every rule of the
// registry, results with locations, and file errors as tool execution
// notifications. Columns count UTF-16 code units, SARIF's default.

const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	gtrURI       = "https://github.com/galaxy-gtr/gtr"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
	ColumnKind  string            `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifText          `json:"shortDescription"`
	FullDescription      *sarifText         `json:"fullDescription,omitempty"`
	HelpURI              string             `json:"helpUri,omitempty"`
	Help                 *sarifText         `json:"help,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           sarifRuleProps     `json:"properties"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags           []string `json:"tags"`
	Family         string   `json:"family"`
	Fixable        bool     `json:"fixable"`
	Parent         string   `json:"parent,omitempty"`
	Rulesets       []string `json:"rulesets"`
	PlanemoLinters []string `json:"planemoLinters"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID     string            `json:"ruleId"`
	RuleIndex  int               `json:"ruleIndex"`
	Level      string            `json:"level"`
	Message    sarifText         `json:"message"`
	Locations  []sarifLocation   `json:"locations"`
	Properties *sarifResultProps `json:"properties,omitempty"`
}

type sarifResultProps struct {
	DisplayCode string `json:"displayCode"`
	Advisory    bool   `json:"advisory"`
	Fix         string `json:"fix,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifReporter struct {
	e       *env
	cwd     string
	index   map[string]int // rule code → index in the driver's rules
	run     sarifRun
	notices []sarifNotification
}

func newSARIFReporter(e *env) *sarifReporter {
	cwd, _ := os.Getwd()
	s := &sarifReporter{e: e, cwd: cwd, index: map[string]int{}}
	s.run = sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name: "gtr", Version: gtrVersion(), InformationURI: gtrURI, Rules: []sarifRule{},
		}},
		Results:    []sarifResult{},
		ColumnKind: "utf16CodeUnits",
	}
	for i, r := range rules.All {
		s.index[r.Code] = i
		s.run.Tool.Driver.Rules = append(s.run.Tool.Driver.Rules, sarifRuleOf(r))
	}
	return s
}

func sarifRuleOf(r *rules.Rule) sarifRule {
	level, tags := "error", []string{"galaxy", string(r.Family)}
	if r.Advisory() {
		level = "warning"
		tags = append(tags, "advisory")
	} else {
		tags = append(tags, "fixable")
	}
	sr := sarifRule{
		ID: r.Code, Name: sarifName(r.Name), ShortDescription: sarifText{r.Summary}, HelpURI: r.Cite,
		DefaultConfiguration: sarifConfiguration{level},
		Properties: sarifRuleProps{
			Tags: tags, Family: string(r.Family), Fixable: !r.Advisory(), Parent: r.Parent,
			Rulesets: nonNil(r.Rulesets), PlanemoLinters: nonNil(r.Planemo),
		},
	}
	if r.Doc.What != "" {
		sr.FullDescription = &sarifText{r.Doc.What}
		sr.Help = &sarifText{strings.TrimSpace(explainText(r))}
	}
	return sr
}

// sarifName turns a kebab-case rule name into SARIF's PascalCase
// convention ("command-cdata" → "CommandCdata").
func sarifName(name string) string {
	var b strings.Builder
	for _, part := range strings.Split(name, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// uri returns the artifact URI of path: relative to the working directory
// when the file is under it (consumers resolve it against the checkout),
// else an absolute file URI.
func (s *sarifReporter) uri(path string) string {
	rel := displayPath(s.cwd, path)
	if filepath.IsAbs(filepath.FromSlash(rel)) || strings.HasPrefix(rel, "../") {
		abs, err := filepath.Abs(path)
		if err == nil {
			return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
		}
	}
	return (&url.URL{Path: rel}).String()
}

func (s *sarifReporter) file(r *checkResult) {
	if r.err != nil {
		n := sarifNotification{Level: "error", Message: sarifText{r.err.msg}}
		loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: sarifArtifactLocation{s.uri(r.path)}}}
		if len(r.err.parse) > 0 && r.src != nil {
			pe := r.err.parse[0]
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: pe.Pos.Line, StartColumn: column.InTree(r.src.tree, pe.Pos.Offset)}
			n.Message.Text = fmt.Sprintf("malformed XML: %s", pe.Msg)
			if len(r.err.parse) > 1 {
				n.Message.Text += fmt.Sprintf(" (and %d more errors)", len(r.err.parse)-1)
			}
		}
		n.Locations = []sarifLocation{loc}
		s.notices = append(s.notices, n)
		return
	}
	if r.src.kind == 0 {
		return
	}
	for _, f := range r.found {
		level := "error"
		if f.advisory {
			level = "warning"
		}
		s.run.Results = append(s.run.Results, sarifResult{
			RuleID: f.code, RuleIndex: s.index[f.code], Level: level,
			Message: sarifText{f.message + f.via},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
				ArtifactLocation: sarifArtifactLocation{s.uri(f.file)},
				Region: &sarifRegion{
					StartLine: f.line, StartColumn: f.col16, EndLine: f.endLine, EndColumn: f.endCol16,
				},
			}}},
			Properties: &sarifResultProps{DisplayCode: f.displayCode, Advisory: f.advisory, Fix: f.fix},
		})
	}
}

func (s *sarifReporter) finish(n checkCounts) {
	s.run.Invocations = []sarifInvocation{{
		ExecutionSuccessful:        n.errored == 0,
		ToolExecutionNotifications: nonNilNotes(s.notices),
	}}
	writeJSON(s.e.stdout, sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{s.run}})
}

func nonNilNotes(n []sarifNotification) []sarifNotification {
	if n == nil {
		return []sarifNotification{}
	}
	return n
}
