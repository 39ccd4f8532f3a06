package upgrade

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// advisorRecord is one line of ../shared/oracle/upgrade/advice.jsonl: what
// Galaxy's upgrade advisor (commit 051c5ab7) said of a corpus tool.
type advisorRecord struct {
	Path             string `json:"path"`
	OK               bool   `json:"ok"`
	ErrorStage       string `json:"error_stage"`
	ErrorMigration   string `json:"error_migration"`
	EffectiveProfile string `json:"effective_profile"`
	Advice           []struct {
		Code string `json:"code"`
	} `json:"advice"`
	PartialAdvice []struct {
		Code string `json:"code"`
	} `json:"partial_advice"`
}

// advisorLatest is the newest profile the oracle's advisor advises on.
const advisorLatest = "24.2"

// advisorException is a named, explained disagreement between gtr's
// detector for a code and Galaxy's advisor. advisor models what the
// advisor's code computes for a tool; the test checks the recorded advice
// against it, so the reason is shown to hold, not assumed. explains
// reports whether a tool on which gtr and Galaxy disagree is one the
// reason covers.
type advisorException struct {
	code     string
	reason   string
	advisor  func(d *Doc) bool
	explains func(d *Doc, galaxy bool) bool
}

var advisorExceptions = []advisorException{
	{
		code: "16_04_consider_implicit_extra_file_collection",
		reason: "Galaxy's advisor adds the code to every tool; gtr leaves out the tools without a <data> output " +
			"lacking <discover_datasets>, which the legacy default collector never applies to",
		advisor:  func(*Doc) bool { return true },
		explains: func(d *Doc, galaxy bool) bool { return galaxy },
	},
	{
		code: "16_04_fix_output_format",
		reason: "Galaxy's advisor looks only for <data format=\"input\">; gtr also reports outputs that inherit " +
			"format=\"input\" from their <collection>, and <output type=\"data\" format=\"input\">",
		advisor:  func(d *Doc) bool { return len(advisorFind(d, "data", "format", "input")) > 0 },
		explains: func(d *Doc, galaxy bool) bool { return !galaxy },
	},
	{
		code: "16_04_exit_code",
		reason: "Galaxy's advisor rules the code out for a <stdio> anywhere and any detect_errors=; Galaxy's " +
			"parse_stdio reads only <stdio> children of <tool> and treats detect_errors=\"default\" as unset, " +
			"so gtr reports those tools",
		advisor: func(d *Doc) bool {
			return len(anywhere(d.Root, "stdio")) == 0 && len(advisorFind(d, "command", "detect_errors", "")) == 0
		},
		explains: func(d *Doc, galaxy bool) bool {
			cmd, _ := rootChild(d, "command")
			v := ""
			if cmd != nil {
				v, _ = cmd.Get("detect_errors")
			}
			return !galaxy && len(children(d.Root, "stdio")) == 0 && (v == "" || v == "default")
		},
	},
	{
		code: "17_09_consider_provided_metadata_style",
		reason: "Galaxy's advisor asks <outputs> for an attribute named \"`provided_metadata_style`\" (with " +
			"backticks), which no tool has, so it never gives the advice",
		advisor:  func(*Doc) bool { return false },
		explains: func(d *Doc, galaxy bool) bool { return !galaxy },
	},
	{
		code: "21_09_fix_from_work_dir_whitespace",
		reason: "Galaxy's advisor adds a code with an empty name instead (a KeyError), so it never gives the advice; " +
			"gtr reports the from_work_dir values with white space around them",
		advisor:  func(*Doc) bool { return false },
		explains: func(d *Doc, galaxy bool) bool { return !galaxy },
	},
	{
		code: "23_0_consider_optional_text",
		reason: "Galaxy's advisor's search helper ignores the .//input[@type='text'] path it is given and returns " +
			"the <data from_work_dir> outputs, so it reports those without optional= instead of text parameters; " +
			"its verdict says nothing of gtr's",
		advisor: func(d *Doc) bool {
			for _, e := range advisorFind(d, "data", "from_work_dir", "") {
				if !has(e, "optional") {
					return true
				}
			}
			return false
		},
		explains: func(*Doc, bool) bool { return true },
	},
}

// advisorFind returns the elements of the expanded tool called tag with the
// attribute called name (equal to value, unless value is ""), as Galaxy's
// advisor searches them (.//tag[@name] or .//tag[@name='value']).
func advisorFind(d *Doc, tag, name, value string) []*macros.Element {
	var out []*macros.Element
	for _, e := range anywhere(d.Root, tag) {
		if v, ok := e.Get(name); ok && (value == "" || v == value) {
			out = append(out, e)
		}
	}
	return out
}

// codeTally counts, for one code, the tools compared and how the verdicts
// fell.
type codeTally struct {
	both, galaxyOnly, gtrOnly, neither, explained int
	unexplained                                   []string
}

// TestDetectorsAgreeWithGalaxy runs every detector over the corpus tools
// Galaxy's advisor advised on and compares, code by code, with its advice
// (../shared/oracle/upgrade/advice.jsonl): for the tools the advisor
// completed, and for those it failed on in its last migration (24.2),
// through the advice the earlier migrations gave. A code is compared for
// a tool when both the advisor ran its migration and gtr crosses it:
// effective profile < code profile <= 24.2 (the advisor compares
// profiles as strings and also runs the migration of the tool's own
// profile; the tools where that differs are counted apart). Every
// disagreement must be one a named exception explains, and gtr must never
// miss a must_fix code Galaxy reports. Codes past 24.2 have no Galaxy
// reference: their verdict counts are printed only.
func TestDetectorsAgreeWithGalaxy(t *testing.T) {
	root, _ := corpusTools(t)
	f, err := os.Open(filepath.Join(sharedDir(t), "oracle", "upgrade", "advice.jsonl"))
	if err != nil {
		t.Skip("no oracle advice:", err)
	}
	defer f.Close()
	exceptions := map[string]advisorException{}
	for _, x := range advisorExceptions {
		exceptions[x.code] = x
	}
	tallies := map[string]*codeTally{}
	beyond := map[string][]string{}
	tools, own, order := 0, 0, 0
	cache := macros.NewCache()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r advisorRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		advice := r.Advice
		switch {
		case r.OK:
		case r.ErrorStage == "advise" && r.ErrorMigration == "ProfileMigration24_2":
			advice = r.PartialAdvice
		default:
			continue
		}
		path := filepath.Join(root, r.Path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		d := NewDoc(path, src, macros.Options{Cache: cache})
		if d.View == nil {
			t.Errorf("%s: Galaxy loads it, gtr does not expand it: %v", r.Path, d.Err)
			continue
		}
		tools++
		said := map[string]bool{}
		for _, a := range advice {
			said[a.Code] = true
		}
		for _, c := range catalogue {
			if c.Name == "24_2_fix_test_case_validation" {
				continue
			}
			if less(advisorLatest, c.Profile) {
				if less(r.EffectiveProfile, c.Profile) && Applies(c.Name, d) {
					beyond[c.Name] = append(beyond[c.Name], r.Path)
				}
				continue
			}
			ran := c.Profile >= r.EffectiveProfile
			crossed := less(r.EffectiveProfile, c.Profile)
			if cmp, _ := Compare(r.EffectiveProfile, c.Profile); ran && cmp == 0 {
				own++
			} else if ran != crossed {
				order++
			}
			if !ran || !crossed {
				continue
			}
			galaxy, gtr := said[c.Name], Applies(c.Name, d)
			n := tallies[c.Name]
			if n == nil {
				n = &codeTally{}
				tallies[c.Name] = n
			}
			x, excepted := exceptions[c.Name]
			if excepted && x.advisor(d) != galaxy {
				t.Errorf("%s: %s: Galaxy's advisor says %v, the exception's model of it %v: the reason does not hold",
					r.Path, c.Name, galaxy, !galaxy)
			}
			switch {
			case galaxy && gtr:
				n.both++
			case galaxy:
				n.galaxyOnly++
			case gtr:
				n.gtrOnly++
			default:
				n.neither++
			}
			if galaxy == gtr {
				continue
			}
			if excepted && x.explains(d, galaxy) {
				n.explained++
				continue
			}
			who := "gtr reports it, Galaxy does not"
			if galaxy {
				who = "Galaxy reports it, gtr does not"
			}
			n.unexplained = append(n.unexplained, r.Path+": "+who)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d tools compared; skipped: %d verdicts of a migration to the tool's own profile, "+
		"%d where the advisor's string order of profiles differs from gtr's\n", tools, own, order)
	fmt.Fprintf(&b, "%-46s %6s %6s %7s %7s %9s\n", "code", "both", "galaxy", "gtr", "neither", "explained")
	for _, c := range catalogue {
		n := tallies[c.Name]
		if n == nil {
			if paths := beyond[c.Name]; less(advisorLatest, c.Profile) {
				fmt.Fprintf(&b, "%-46s no Galaxy reference; gtr reports it for %d tools %v\n", c.Name, len(paths), paths[:min(len(paths), 5)])
			}
			continue
		}
		fmt.Fprintf(&b, "%-46s %6d %6d %7d %7d %9d\n", c.Name, n.both, n.galaxyOnly, n.gtrOnly, n.neither, n.explained)
		if c.Level == MustFix && n.galaxyOnly > 0 {
			t.Errorf("%s is must_fix and gtr misses it on %d tools Galaxy reports it for", c.Name, n.galaxyOnly)
		}
		for i, u := range n.unexplained {
			if i == 10 {
				t.Errorf("%s: … %d more", c.Name, len(n.unexplained)-10)
				break
			}
			t.Errorf("%s: %s", c.Name, u)
		}
	}
	t.Log("\n" + b.String())
	for _, x := range advisorExceptions {
		t.Logf("exception %s: %s", x.code, x.reason)
	}
}
