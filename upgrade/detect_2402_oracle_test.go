package upgrade

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/testcase"
)

// advice is one line of the shared oracle's upgrade/advice.jsonl: what
// Galaxy's upgrade advisor says of a corpus tool.
type advice struct {
	Path             string `json:"path"`
	OK               bool   `json:"ok"`
	ErrorMigration   string `json:"error_migration"`
	LoadError        string `json:"load_error"`
	EffectiveProfile string `json:"effective_profile"`
	Advice           []struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"advice"`
}

// readAdvice reads the oracle's advice, skipping the test when it is
// absent.
func readAdvice(tb testing.TB) []advice {
	tb.Helper()
	path := filepath.Join(sharedDir(tb), "oracle", "upgrade", "advice.jsonl")
	f, err := os.Open(path)
	if err != nil {
		tb.Skip("skipping: no oracle upgrade advice:", err)
	}
	defer f.Close()
	var out []advice
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var a advice
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// galaxyTestCaseVerdict is Galaxy's verdict on 24_2_fix_test_case_validation
// for a tool: whether its advisor reports the code or raised while
// validating the tests (ProfileMigration24_2), and whether the oracle has
// a verdict at all (the tool loaded and the advisor reached 24.2).
func galaxyTestCaseVerdict(a advice) (applies, known bool) {
	if a.ErrorMigration == "ProfileMigration24_2" {
		return true, true
	}
	if !a.OK {
		return false, false
	}
	for _, ad := range a.Advice {
		if ad.Code == "24_2_fix_test_case_validation" {
			return true, true
		}
	}
	return false, true
}

// gtrReason names why the detector fires on a tool, for the list of
// tools only gtr reports: the kind of undecided construct, or the first
// problem of the first failing test.
func gtrReason(d *Doc) string {
	if d.View == nil || d.Root == nil {
		return "does not expand"
	}
	results, err := testcase.Check(d.Root)
	var u *testcase.Undecided
	if errors.As(err, &u) {
		return "undecided: " + u.Why
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			return "problem: " + r.Problems[0].Msg
		}
		if len(r.Unhandled) > 0 {
			return "unhandled: " + r.Unhandled[0].Name
		}
	}
	return "?"
}

// TestTestCaseValidationAgreesWithGalaxy compares the detector of
// 24_2_fix_test_case_validation with Galaxy's own advisor on every corpus
// tool below profile 24.2 that the advisor judged: it must report every
// tool Galaxy reports (never under-report), and the tools only gtr
// reports are listed with the reason.
func TestTestCaseValidationAgreesWithGalaxy(t *testing.T) {
	root := filepath.Join(sharedDir(t), "corpus")
	cache := macros.NewCache()
	var both, galaxyOnly, gtrOnly, neither, skipped int
	var onlyGalaxy []string
	fix := &clearTally{}
	onlyGtr := map[string][]string{}
	for _, a := range readAdvice(t) {
		applies, known := galaxyTestCaseVerdict(a)
		if !known || !less(a.EffectiveProfile, "24.2") {
			skipped++
			continue
		}
		path := filepath.Join(root, a.Path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		d := NewDoc(path, src, macros.Options{Cache: cache})
		got := detectTestCaseValidation(d)
		if got {
			fix.tally(t, d, path)
		}
		switch {
		case applies && got:
			both++
		case applies:
			galaxyOnly++
			onlyGalaxy = append(onlyGalaxy, a.Path)
		case got:
			gtrOnly++
			r := gtrReason(d)
			onlyGtr[r] = append(onlyGtr[r], a.Path)
		default:
			neither++
		}
	}
	t.Logf("24_2_fix_test_case_validation, %d tools below 24.2 (%d others skipped): both %d, Galaxy only %d, gtr only %d, neither %d",
		both+galaxyOnly+gtrOnly+neither, skipped, both, galaxyOnly, gtrOnly, neither)
	t.Logf("GTR096 on the %d tools the detector fires on: plans renames for %d (%d renames, %d in macro files, %d refused), clears the code on %d",
		fix.firing, fix.planned, fix.renames, fix.inMacros, fix.refused, fix.cleared)
	reasons := make([]string, 0, len(onlyGtr))
	for r := range onlyGtr {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	var b strings.Builder
	for _, r := range reasons {
		fmt.Fprintf(&b, "%d\t%s\t%s\n", len(onlyGtr[r]), r, strings.Join(onlyGtr[r], " "))
	}
	if b.Len() > 0 {
		t.Logf("reported by gtr only, by reason (tools, reason, paths):\n%s", b.String())
	}
	if galaxyOnly > 0 {
		t.Errorf("the detector misses %d tools Galaxy reports: %s", galaxyOnly, strings.Join(onlyGalaxy, " "))
	}
}

// clearTally counts what GTR096 does to the tools the detector fires on.
type clearTally struct {
	firing, planned, renames, inMacros, refused, cleared int
}

// tally runs GTR096 on a tool the detector fires on: its edits must pass
// the expansion-equality gate with the step's declared changes, and the
// tool counts as cleared when the detector is quiet afterwards.
func (c *clearTally) tally(t *testing.T, d *Doc, path string) {
	c.firing++
	plan := GTR096.Plan(d)
	if len(plan.Refused) > 0 {
		c.refused++
		return
	}
	if len(plan.Edits) == 0 {
		return
	}
	c.planned++
	c.renames += len(plan.Edits)
	for _, e := range plan.Edits {
		if e.File != path {
			c.inMacros++
		}
	}
	out, err := rewrite.ApplyFiles(d.Files(), plan.Edits)
	if err != nil {
		t.Errorf("%s: GTR096's edits do not apply: %v", path, err)
		return
	}
	files := d.Files()
	for f, b := range out {
		files[f] = b
	}
	after := macros.Options{Files: files}
	x := &rewrite.Expansion{File: path, Macros: macros.Options{Files: d.Files()}, After: &after, Data: rules.IsPayload, Allow: GTR096.Changes}
	if _, err := x.CompareExpanded(d.Source(path), files[path]); err != nil {
		t.Errorf("%s: GTR096 fails the expansion-equality gate: %v", path, err)
		return
	}
	if !detectTestCaseValidation(NewDoc(path, files[path], after)) {
		c.cleared++
	}
}

// TestTestCaseValidationPerTest compares package testcase with Galaxy's
// advisor test by test, on every corpus tool the advisor judged: where
// the advisor raised, gtr must be undecided; elsewhere the failing tests
// must be the same, in order, each for the same kind of reason ("Invalid
// parameter name found" naming the same parameter, or a validation
// error). Undecided where Galaxy answers is counted, and allowed only
// where Galaxy fails the tool too.
func TestTestCaseValidationPerTest(t *testing.T) {
	root := filepath.Join(sharedDir(t), "corpus")
	cache := macros.NewCache()
	var tools, tests, raised, undecidedFailing int
	for _, a := range readAdvice(t) {
		if !a.OK && a.ErrorMigration != "ProfileMigration24_2" {
			continue
		}
		path := filepath.Join(root, a.Path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		d := NewDoc(path, src, macros.Options{Cache: cache})
		if d.View == nil {
			t.Errorf("%s: Galaxy's advisor loaded it, gtr does not expand it: %v", a.Path, d.Err)
			continue
		}
		tools++
		results, err := testcase.Check(d.Root)
		if a.ErrorMigration != "" {
			raised++
			if err == nil {
				t.Errorf("%s: Galaxy raises (%s), gtr answers", a.Path, a.LoadError)
			}
			continue
		}
		var galaxy []string
		for _, ad := range a.Advice {
			if ad.Code == "24_2_fix_test_case_validation" {
				galaxy = append(galaxy, ad.Message)
			}
		}
		if err != nil {
			if len(galaxy) == 0 {
				t.Errorf("%s: gtr is undecided (%v) where Galaxy passes every test", a.Path, err)
			}
			undecidedFailing++
			continue
		}
		var failing []testcase.Result
		for _, r := range results {
			tests++
			if r.Fails() {
				failing = append(failing, r)
			}
		}
		if len(failing) != len(galaxy) {
			t.Errorf("%s: %d failing tests, Galaxy %d", a.Path, len(failing), len(galaxy))
			continue
		}
		for i, r := range failing {
			name, invalid := strings.CutPrefix(galaxy[i], "Invalid parameter name found ")
			switch {
			case invalid && (len(r.Problems) > 0 || r.Unhandled[0].Name != name):
				t.Errorf("%s: failing test %d: Galaxy finds parameter %s invalid, gtr %+v", a.Path, i+1, name, r)
			case !invalid && len(r.Problems) == 0:
				t.Errorf("%s: failing test %d: Galaxy reports %q, gtr only unplaced parameters", a.Path, i+1, strings.SplitN(galaxy[i], "\n", 2)[0])
			}
		}
	}
	t.Logf("%d tools (%d tests), %d where Galaxy raises; gtr undecided on %d tools Galaxy fails", tools, tests, raised, undecidedFailing)
}
