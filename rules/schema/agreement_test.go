package schema

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

const xmllintPath = "/usr/bin/xmllint"

// agreementExceptions lists deliberate differences from xmllint, keyed by
// "tool path@profile" (the newest profile validated with the schema), each
// with the reason; every entry must be a real
// difference when the test runs. None are needed today.
var agreementExceptions = map[string]string{}

// xsdPath is the XSD file of a profile under the shared folder.
func xsdPath(shared, profile string) string {
	return filepath.Join(shared, filepath.FromSlash(SchemaFile(profile)))
}

// schemaGroup is the profiles validated with one schema file.
type schemaGroup struct {
	file     string
	profiles []string // oldest first
}

// schemaGroups groups [Profiles] by [SchemaFile], oldest first.
func schemaGroups() []schemaGroup {
	var groups []schemaGroup
	for _, p := range Profiles() {
		f := SchemaFile(p)
		if n := len(groups); n > 0 && groups[n-1].file == f {
			groups[n-1].profiles = append(groups[n-1].profiles, p)
			continue
		}
		groups = append(groups, schemaGroup{file: f, profiles: []string{p}})
	}
	return groups
}

// name is the group's profiles, "25.0-26.1" for several.
func (g schemaGroup) name() string {
	if len(g.profiles) == 1 {
		return g.profiles[0]
	}
	return g.profiles[0] + "-" + g.profiles[len(g.profiles)-1]
}

// xmllintVerdicts validates files against one schema in a single xmllint
// process and returns each file's verdict and error lines.
func xmllintVerdicts(xsd string, files []string) (valid map[string]bool, msgs map[string][]string, err error) {
	cmd := exec.Command(xmllintPath, append([]string{"--noout", "--schema", xsd}, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	runErr := cmd.Run()
	valid, msgs = map[string]bool{}, map[string][]string{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		switch {
		case strings.HasSuffix(line, " validates"):
			valid[strings.TrimSuffix(line, " validates")] = true
		case strings.HasSuffix(line, " fails to validate"):
			valid[strings.TrimSuffix(line, " fails to validate")] = false
		case line != "":
			if f, _, ok := strings.Cut(line, ":"); ok {
				msgs[f] = append(msgs[f], line)
			}
		}
	}
	for _, f := range files {
		if _, ok := valid[f]; !ok {
			return nil, nil, fmt.Errorf("xmllint gave no verdict for %s (%v): %.500s", f, runErr, stderr.String())
		}
	}
	return valid, msgs, nil
}

// TestAgreeWithXmllint checks that every corpus tool (Galaxy's own macro
// expansion) gets the same valid/invalid verdict from Valid as from
// xmllint, with every schema: once per schema file, at the newest of the
// profiles validated with it (profiles sharing a file share the compiled
// schema; TestSharedSchemas checks it).
func TestAgreeWithXmllint(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: runs xmllint over the corpus with every schema")
	}
	if _, err := os.Stat(xmllintPath); err != nil {
		t.Skip("skipping: xmllint not installed (apt-get install libxml2-utils)")
	}
	shared := sharedDir(t, "xsd/profiles")
	tools := loadCorpus(t)
	dir := t.TempDir()
	files := make([]string, len(tools))
	for i, tool := range tools {
		files[i] = filepath.Join(dir, fmt.Sprintf("%05d.xml", i))
		if err := os.WriteFile(files[i], []byte(tool.xml), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	groups := schemaGroups()
	type result struct {
		agree, differ, valid int
		sameFirst, invalid   int // invalid verdicts whose first message and line equal xmllint's
		diffs                []string
	}
	results := make([]result, len(groups))
	newest := make([]string, len(tools)) // newest profile valid per xmllint
	var mu sync.Mutex
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for gi, g := range groups {
		p := g.profiles[len(g.profiles)-1]
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			valid, msgs, err := xmllintVerdicts(filepath.Join(shared, filepath.FromSlash(g.file)), files)
			if err != nil {
				t.Error(err)
				return
			}
			r := &results[gi]
			for i, tool := range tools {
				want := valid[files[i]]
				errs := Validate(tool.root, p)
				got := len(errs) == 0
				if got != Valid(tool.root, p) {
					t.Errorf("%s@%s: Valid and Validate disagree", tool.path, p)
				}
				if want {
					r.valid++
					mu.Lock()
					if c, _ := compareNames(p, newest[i]); newest[i] == "" || c > 0 {
						newest[i] = p
					}
					mu.Unlock()
				}
				if !want && !got {
					r.invalid++
					if firstXmllint(msgs[files[i]]) == fmt.Sprintf("%v: %s", errs[0].Pos, errs[0].Error()) {
						r.sameFirst++
					} else if testing.Verbose() && r.invalid-r.sameFirst <= 3 {
						t.Logf("%s@%s first message differs:\n    ours:    %v: %s\n    xmllint: %s", tool.path, p, errs[0].Pos, errs[0].Error(), firstXmllint(msgs[files[i]]))
					}
				}
				key := tool.path + "@" + p
				_, excepted := agreementExceptions[key]
				if got == want && !excepted {
					r.agree++
					continue
				}
				if got != want && excepted {
					r.agree++ // a named exception
					continue
				}
				r.differ++
				var ours []string
				for _, e := range errs {
					ours = append(ours, fmt.Sprintf("line %v: %s", e.Pos, e.Error()))
				}
				r.diffs = append(r.diffs, fmt.Sprintf("%s: xmllint valid=%v, ours valid=%v\n    ours: %s\n    xmllint: %s",
					key, want, got, strings.Join(ours, "\n          "), strings.Join(msgs[files[i]], "\n             ")))
			}
		})
	}
	wg.Wait()
	total := 0
	for gi, g := range groups {
		r := results[gi]
		t.Logf("%-10s %4d agree / %d differ  (%d valid; first message as xmllint's for %d of %d invalid)  %s", g.name(), r.agree, r.differ, r.valid, r.sameFirst, r.invalid, g.file)
		total += r.differ
		for j, d := range r.diffs {
			if j == 5 {
				t.Logf("    … %d more", len(r.diffs)-5)
				break
			}
			t.Log(d)
		}
	}
	if total > 0 {
		t.Errorf("%d verdicts differ from xmllint", total)
	}
	logDistribution(t, newest)
}

// firstXmllint returns xmllint's first schema error as "LINE: message".
func firstXmllint(lines []string) string {
	for _, l := range lines {
		_, rest, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		line, rest, ok := strings.Cut(rest, ":")
		if _, msg, ok2 := strings.Cut(rest, "Schemas validity error : "); ok && ok2 {
			return line + ": " + msg
		}
	}
	return ""
}

// logDistribution logs how many tools have each newest valid profile.
func logDistribution(t *testing.T, newest []string) {
	count := map[string]int{}
	for _, p := range newest {
		if p == "" {
			p = "none"
		}
		count[p]++
	}
	names := append(Profiles(), "none")
	var b strings.Builder
	for _, p := range names {
		if count[p] > 0 {
			fmt.Fprintf(&b, " %s:%d", p, count[p])
		}
	}
	t.Logf("newest valid profile (xmllint) of %d tools:%s", len(newest), b.String())
}

func compareNames(a, b string) (int, bool) {
	if b == "" {
		return 1, true
	}
	i, j := slices.Index(Profiles(), a), slices.Index(Profiles(), b)
	switch {
	case i < j:
		return -1, true
	case i > j:
		return 1, true
	}
	return 0, true
}
