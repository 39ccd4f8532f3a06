package upgrade

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Levels of a behaviour code, as Galaxy's catalogue names them.
const (
	// MustFix: the tool breaks or changes behaviour at the profile unless
	// it is changed; an unfixed must_fix code stops a walk.
	MustFix = "must_fix"
	// Consider: the behaviour changes, and the tool may or may not rely
	// on it; a walk goes on and reports it.
	Consider = "consider"
	// Ready: the tool already does what the profile asks (a note only).
	Ready = "ready"
)

// Code is one entry of Galaxy's catalogue of behaviours that change with
// the profile (lib/galaxy/tool_util/upgrade/upgrade_codes.json).
type Code struct {
	Name    string // the catalogue key, e.g. "16_04_fix_interpreter"
	Profile string // the profile the behaviour changes at, e.g. "16.04"
	Level   string // MustFix, Consider or Ready
	Niche   bool   // Galaxy's advisor hides it unless asked (--niche)
	Message string // Galaxy's description
	URL     string // the pull request that made the change
}

// upgradeCodes is a copy of Galaxy's upgrade_codes.json (see
// ../shared/galaxy/SOURCES.md; TestCodesFresh keeps it equal).
//
//go:embed upgrade_codes.json
var upgradeCodes []byte

// catalogue is the parsed catalogue, ordered by profile and then as
// Galaxy's file lists the codes.
var catalogue = mustParseCodes(upgradeCodes)

func mustParseCodes(src []byte) []Code {
	codes, err := parseCodes(src)
	if err != nil {
		panic("upgrade: the embedded upgrade_codes.json: " + err.Error())
	}
	return codes
}

// parseCodes reads a catalogue in Galaxy's format, keeping the file's
// order among codes of one profile.
func parseCodes(src []byte) ([]Code, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("want a JSON object")
	}
	var codes []Code
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		var entry struct {
			Level   string `json:"level"`
			Message string `json:"message"`
			URL     string `json:"url"`
			Niche   bool   `json:"niche"`
		}
		if err := dec.Decode(&entry); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		prefix, _, ok := strings.Cut(name, "_")
		rest, _, ok2 := strings.Cut(strings.TrimPrefix(name, prefix+"_"), "_")
		if !ok || !ok2 {
			return nil, fmt.Errorf("%s: the name does not start with a profile (NN_NN_)", name)
		}
		profile := prefix + "." + rest
		if _, ok := version(profile); !ok {
			return nil, fmt.Errorf("%s: the name does not start with a profile (NN_NN_)", name)
		}
		switch entry.Level {
		case MustFix, Consider, Ready:
		default:
			return nil, fmt.Errorf("%s: unknown level %q", name, entry.Level)
		}
		codes = append(codes, Code{Name: name, Profile: profile, Level: entry.Level, Niche: entry.Niche,
			Message: entry.Message, URL: entry.URL})
	}
	slices.SortStableFunc(codes, func(a, b Code) int {
		c, _ := Compare(a.Profile, b.Profile)
		return c
	})
	return codes, nil
}

// Codes returns Galaxy's behaviour codes, ordered by profile.
func Codes() []Code { return slices.Clone(catalogue) }

// LookupCode returns the code called name (case-insensitive), or false.
func LookupCode(name string) (Code, bool) {
	for _, c := range catalogue {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return Code{}, false
}

// Crossed returns the codes a move from profile from to profile to
// crosses: those whose profile p has from < p <= to.
func Crossed(from, to string) []Code {
	var out []Code
	for _, c := range catalogue {
		if less(from, c.Profile) && !less(to, c.Profile) {
			out = append(out, c)
		}
	}
	return out
}
