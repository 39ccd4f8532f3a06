package rules

//go:generate go run ./internal/genlinters -o galaxy_linters.go

import (
	"slices"
	"strings"
)

// GalaxyLinter is one of Galaxy's tool linter classes, a row of
// [GalaxyLinters].
type GalaxyLinter struct {
	Class  string // the class name, planemo lint's name for the linter, e.g. "TestsMissing"
	Module string // the module under lib/galaxy/tool_util/linters, e.g. "tests"
	// InOracle reports whether the class is in the Galaxy commit whose
	// linters produced the lint oracle (051c5ab7, 2024-10-22); the others
	// come from newer Galaxy and have no oracle messages to agree with.
	InOracle bool
	Source   string // where the class was read: repository, commit, version
}

// ParityStatus says how completely gtr covers a Galaxy linter.
type ParityStatus uint8

// Parity statuses, weakest first.
const (
	ParityNone    ParityStatus = iota // no rule covers the linter
	ParityPartial                     // a rule covers part of what the linter reports
	ParityHave                        // the covering rules report what the linter reports
)

func (s ParityStatus) String() string {
	switch s {
	case ParityHave:
		return "HAVE"
	case ParityPartial:
		return "PARTIAL"
	}
	return "NONE"
}

// Parity is gtr's coverage of one Galaxy linter.
type Parity struct {
	Linter GalaxyLinter
	Status ParityStatus
	// Codes are the rules that cover the linter, sorted: those listing it
	// in [Rule.Planemo], or for a companion linter those covering its
	// subject's problem linters.
	Codes  []string
	Reason string // why the status is not HAVE; "" for HAVE
	// Note says where the covering rules' semantics come from when that
	// is not the linter's own source ([parityNotes]); "" otherwise.
	Note string
}

// parityReason is a declared status below HAVE and why.
type parityReason struct {
	status ParityStatus
	reason string
}

// Reasons shared by several linters.
const (
	reasonCWL = "CWL tools are YAML, not the Galaxy XML tool files gtr reads"
	// RuntimeEnvironmentVariables is newer than the oracle's Galaxy, and the
	// stored Galaxy sources hold the linter but not the parser it calls:
	// which element declares the variables is not known, and guessing it
	// (the job's <environment_variable> has no description) would port the
	// wrong thing.
	reasonRuntimeEnv = "newer than the oracle's Galaxy (051c5ab7); the parser it calls (parse_runtime_environment_variables) is not in the stored Galaxy sources, so the element it reads is not known; not ported"
)

// parityReasons declares every linter whose status is below what the
// registry alone would give it: NONE for linters no rule can cover, and
// PARTIAL for linters a rule lists but covers only in part (a fixable
// rule fixes what is safe to fix and reports nothing else). It is the one
// table of reasons; the covering codes always come from the registry.
var parityReasons = map[string]parityReason{
	"CWLValid":              {ParityNone, reasonCWL},
	"CWLInValid":            {ParityNone, reasonCWL},
	"CWLVersionMissing":     {ParityNone, reasonCWL},
	"CWLVersionUnknown":     {ParityNone, reasonCWL},
	"CWLVersionGood":        {ParityNone, reasonCWL},
	"CWLDockerMissing":      {ParityNone, reasonCWL},
	"CWLDockerGood":         {ParityNone, reasonCWL},
	"CWLDescriptionMissing": {ParityNone, reasonCWL},
	"CWLHelpTODO":           {ParityNone, reasonCWL},
	"BioToolsValid": {ParityPartial, "GTR027 reports a tool that declares neither EDAM terms nor " +
		"xrefs; whether a bio.tools id exists needs the bio.tools web API (network), which gtr does not use"},
	"EDAMTermsValid": {ParityPartial, "GTR027 reports a tool that declares neither EDAM terms nor " +
		"xrefs; whether a term exists needs the EDAM ontology data, which gtr does not ship"},
	"RuntimeEnvironmentVariables": {ParityNone, reasonRuntimeEnv},
}

// noteLoader is the note of the options-filter linters, which Galaxy
// added after every version of inputs.py stored here: their rules port
// what Galaxy's loader of the filters reads and asserts instead.
const noteLoader = "semantics follow Galaxy's loader of dynamic options (lib/galaxy/tools/parameters/dynamic_options.py): " +
	"the linter's own source (Galaxy 26.0) is newer than every Galaxy source stored here, so the message text is gtr's own"

// parityNotes are remarks on linters whose covering rules do not port the
// linter's own source, shown with the status whatever it is.
var parityNotes = map[string]string{
	"InputsOptionsFiltersRequiredAttributes":           noteLoader,
	"InputsOptionsRemoveValueFilterRequiredAttributes": noteLoader,
	"InputsOptionsFiltersAllowedAttributes":            noteLoader,
	"InputsOptionsRegexFilterExpression":               noteLoader,
	"InputsOptionsFiltersCheckReferences":              noteLoader,
}

// companions maps each of Galaxy's info- and valid-level linters, which
// only say that a part of the tool passed (or describe it), to the
// problem-level linters of the same subject. Such a linter has no problem
// of its own to port: gtr saying nothing about the subject is what it
// says. So a companion takes the weakest status of its problem linters,
// and their codes, unless a rule lists it in [Rule.Planemo] itself; a
// reason declared for the companion in [parityReasons] caps that status.
var companions = map[string][]string{
	"CitationsFound":          {"CitationsMissing", "CitationsNoText", "CitationsNoValid"},
	"CommandInfo":             {"CommandMissing", "CommandEmpty"},
	"ToolVersionValid":        {"ToolVersionMissing", "ToolVersionPEP404", "ToolVersionWhitespace"},
	"ToolNameValid":           {"ToolNameMissing", "ToolNameWhitespace"},
	"ToolIDValid":             {"ToolIDMissing", "ToolIDWhitespace"},
	"ToolProfileLegacy":       {"ToolProfileInvalid"},
	"ToolProfileValid":        {"ToolProfileInvalid"},
	"HelpPresent":             {"HelpMissing", "HelpEmpty"},
	"HelpValidRST":            {"HelpInvalidRST"},
	"InputsNum":               {"InputsMissing"},
	"InputsMissingDataSource": {"InputsMissing"},
	"InputsDatasourceTags":    {"InputsMissing"},
	"OutputsNumber":           {"OutputsMissing"},
	"StdIOAbsence":            {"StdIORegex"},
	"StdIOAbsenceLegacy":      {"StdIORegex"},
	"TestsMissingDatasource":  {"TestsMissing"},
	"TestsNoValid":            {"TestsMissing", "TestsValid"},
}

// PlanemoParity returns gtr's coverage of every Galaxy linter, in the
// order of [GalaxyLinters], computed from the registry's [Rule.Planemo]
// fields and the declared reasons.
func PlanemoParity() []Parity {
	byLinter := map[string][]string{}
	for _, r := range All {
		for _, l := range r.Planemo {
			byLinter[l] = append(byLinter[l], r.Code)
		}
	}
	direct := func(l GalaxyLinter) Parity {
		p := Parity{Linter: l, Codes: slices.Sorted(slices.Values(byLinter[l.Class])), Note: parityNotes[l.Class]}
		p.Codes = slices.Compact(p.Codes)
		why, declared := parityReasons[l.Class]
		switch {
		case len(p.Codes) == 0 && declared:
			p.Status, p.Reason = ParityNone, why.reason
		case len(p.Codes) == 0:
			p.Status, p.Reason = ParityNone, "no check covers it yet"
		case declared && why.status == ParityPartial:
			p.Status, p.Reason = ParityPartial, why.reason
		default:
			p.Status = ParityHave
		}
		return p
	}
	index := map[string]GalaxyLinter{}
	for _, l := range GalaxyLinters {
		index[l.Class] = l
	}
	out := make([]Parity, 0, len(GalaxyLinters))
	for _, l := range GalaxyLinters {
		p := direct(l)
		subjects, ok := companions[l.Class]
		if len(p.Codes) > 0 || !ok {
			out = append(out, p)
			continue
		}
		p = Parity{Linter: l, Status: ParityHave}
		var weak []string
		for _, s := range subjects {
			sp := direct(index[s])
			p.Codes = append(p.Codes, sp.Codes...)
			if sp.Status < p.Status {
				p.Status = sp.Status
			}
			if sp.Status != ParityHave {
				weak = append(weak, s)
			}
		}
		slices.Sort(p.Codes)
		p.Codes = slices.Compact(p.Codes)
		switch why, declared := parityReasons[l.Class]; {
		case declared && why.status <= p.Status:
			p.Status, p.Reason = why.status, why.reason
		case p.Status != ParityHave:
			p.Reason = "only says its subject passed; follows " + strings.Join(weak, ", ") + ", below HAVE"
		}
		out = append(out, p)
	}
	return out
}

// ParityOf returns gtr's coverage of the Galaxy linter named class
// (case-insensitively), and whether Galaxy has such a linter.
func ParityOf(class string) (Parity, bool) {
	for _, p := range PlanemoParity() {
		if strings.EqualFold(p.Linter.Class, class) {
			return p, true
		}
	}
	return Parity{}, false
}

// ParityCounts counts ps by status.
func ParityCounts(ps []Parity) (have, partial, none int) {
	for _, p := range ps {
		switch p.Status {
		case ParityHave:
			have++
		case ParityPartial:
			partial++
		default:
			none++
		}
	}
	return have, partial, none
}
