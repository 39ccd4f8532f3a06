package schema

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/gen/xsdgen"
	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// TestTablesFresh regenerates the tables from ../shared/xsd in memory and
// compares them byte for byte with the committed tables_gen.go.
func TestTablesFresh(t *testing.T) {
	shared := sharedDirOrEmpty("xsd/profiles")
	if shared == "" {
		t.Skip("skipping: ../../../shared/xsd not found (set GTR_SHARED); cannot regenerate the tables")
	}
	want, err := xsdgen.Generate(shared)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("tables_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			if i >= len(gl) || i >= len(wl) || gl[i] != wl[i] {
				t.Fatalf("tables_gen.go is stale (first difference at line %d): run go generate ./rules/schema", i+1)
			}
		}
	}
	t.Logf("tables_gen.go: %d bytes, %d profiles; %d element declarations, %d complex types, %d particles, %d attribute uses, %d simple types",
		len(got), len(tables.Profiles), len(tables.Elems)-1, len(tables.Complex)-1, len(tables.Particles)-1, len(tables.Attrs)-1, len(tables.Simple)-1)
}

// TestTablesCompile compiles the generated tables: every pattern must
// translate and every content model must build.
func TestTablesCompile(t *testing.T) {
	if _, err := compile(tables); err != nil {
		t.Fatal(err)
	}
}

func TestProfiles(t *testing.T) {
	got := Profiles()
	want := []string{"16.10", "17.01", "17.05", "17.09", "18.01", "18.05", "18.09", "19.01", "19.05", "19.09",
		"20.01", "20.05", "20.09", "21.01", "21.05", "21.09", "22.01", "22.05", "23.0", "23.1", "23.2",
		"24.0", "24.1", "24.2", "25.0", "25.1", "26.0", "26.1"}
	if !slices.Equal(got, want) {
		t.Fatalf("Profiles() = %v", got)
	}
	if !slices.IsSortedFunc(got, func(a, b string) int { c, _ := tab.CompareProfiles(a, b); return c }) {
		t.Errorf("Profiles() not sorted: %v", got)
	}
	for _, c := range []struct{ in, want, err string }{
		{"", "16.10", ""},
		{"16.01", "16.10", ""},
		{"16.04", "16.10", ""},
		{"16.10", "16.10", ""},
		{"18.05", "18.05", ""},
		{"18.06", "18.05", ""},
		{"23.0", "23.0", ""},
		{"23.0.1", "23.0", ""},
		{"24.1", "24.1", ""},
		{"24.1.1", "24.1", ""},
		{"24.2.dev0", "24.2", ""}, // the dev schema's version, a profile of its own before 24.2 had a stand-in
		{"24.2", "24.2", ""},
		{"25.0", "25.0", ""},
		{"26.0", "26.0", ""},
		{"26.1", "26.1", ""},
		{"27.0", "26.1", ""},
		{"latest", "", "not a profile"},
		{"21.", "", "not a profile"},
	} {
		got, err := Resolve(c.in)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("Resolve(%q) = %q, %v; want %q, %q", c.in, got, err, c.want, c.err)
		}
	}
}

func TestCompareProfiles(t *testing.T) {
	order := []string{"16.01", "16.10", "17.1", "17.09", "23.0", "23.0.1", "24.1", "24.2.dev0", "24.2.dev1", "24.2", "24.2.1"}
	for i, a := range order {
		for j, b := range order {
			c, ok := tab.CompareProfiles(a, b)
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if !ok || c != want {
				t.Errorf("CompareProfiles(%q, %q) = %d, %v; want %d", a, b, c, ok, want)
			}
		}
	}
	for _, bad := range []string{"", "x", "1..2", "24.2.dev", "dev0", "1.2.", "-1"} {
		if _, ok := tab.CompareProfiles(bad, "1"); ok {
			t.Errorf("CompareProfiles(%q) accepted", bad)
		}
	}
}

func TestValidateBadProfile(t *testing.T) {
	errs := Validate(parseXML(t, "<tool/>"), "newest")
	if len(errs) != 1 || errs[0].Kind != KindProfile {
		t.Fatalf("got %v", errs)
	}
	if Valid(parseXML(t, "<tool/>"), "newest") {
		t.Error("Valid with a bad profile")
	}
}

func TestNewestValid(t *testing.T) {
	markdown := parseXML(t, `<tool id="t" name="T" version="1"><command>x</command><help format="markdown">x</help></tool>`)
	plain := parseXML(t, `<tool id="t" name="T" version="1"><command>x</command><help>x</help></tool>`)
	broken := parseXML(t, `<tool name="T"/>`)
	for _, c := range []struct {
		name     string
		root     Element
		profiles []string
		want     string
	}{
		{"markdown help needs a dev schema", markdown, nil, "26.1"},
		{"markdown help, dev schemas not offered", markdown, []string{"23.0", "24.1"}, ""},
		{"markdown help, the old name of 24.2", markdown, []string{"24.1", "24.2.dev0"}, "24.2.dev0"},
		{"plain tool", plain, nil, "26.1"},
		{"candidates in any order", plain, []string{"18.01", "21.09", "16.10"}, "21.09"},
		{"invalid everywhere", broken, nil, ""},
	} {
		got, ok := NewestValid(c.root, c.profiles)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%s: NewestValid = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
}

// Example output of an error, as a caller would print it.
func ExampleError() {
	e := Error{Element: "param", Attr: "optional", Msg: "'True' is not a valid value of the atomic type 'xs:boolean'."}
	fmt.Println(e.Error())
	// Output: Element 'param', attribute 'optional': 'True' is not a valid value of the atomic type 'xs:boolean'.
}

// TestConcurrent validates from several goroutines at once (run with -race).
func TestConcurrent(t *testing.T) {
	root := parseXML(t, `<tool id="t" name="T" version="1"><command>x</command><inputs><param name="p" type="boolean" checked="yes"/></inputs></tool>`)
	done := make(chan []string)
	for range 8 {
		go func() {
			var got []string
			for _, p := range Profiles() {
				got = append(got, messages(Validate(root, p))...)
			}
			done <- got
		}()
	}
	first := <-done
	for range 7 {
		if got := <-done; !slices.Equal(got, first) {
			t.Fatal("concurrent validations disagree")
		}
	}
}

// TestStandIn checks what StandIn and SchemaFile say of each kind of
// profile.
func TestStandIn(t *testing.T) {
	for _, c := range []struct{ profile, file, standIn string }{
		{"", "xsd/profiles/16.10.xsd", "Galaxy shipped no schema before 16.10: profile 16.01 is validated with the 16.10 schema"},
		{"16.07", "xsd/profiles/16.10.xsd", "Galaxy shipped no schema before 16.10: profile 16.07 is validated with the 16.10 schema"},
		{"16.10", "xsd/profiles/16.10.xsd", ""},
		{"21.9", "xsd/profiles/21.09.xsd", ""},
		{"21.10", "xsd/profiles/21.09.xsd", ""},
		{"24.1", "xsd/profiles/24.1.xsd", ""},
		{"24.2", "xsd/galaxy.xsd", "no release schema for 24.2 is available here: it is validated with xsd/galaxy.xsd, Galaxy's dev schema of 2024-09-26 (24.2.dev0)"},
		{"24.2.dev0", "xsd/galaxy.xsd", "no release schema for 24.2 is available here: it is validated with xsd/galaxy.xsd, Galaxy's dev schema of 2024-09-26 (24.2.dev0)"},
		{"25.0", "xsd/dev/galaxy-dev-2026-05.xsd", "no release schema for 25.0 is available here: it is validated with xsd/dev/galaxy-dev-2026-05.xsd, the upstream dev schema of about May 2026"},
		{"26.1", "xsd/dev/galaxy-dev-2026-05.xsd", "no release schema for 26.1 is available here: it is validated with xsd/dev/galaxy-dev-2026-05.xsd, the upstream dev schema of about May 2026"},
		{"27.0", "xsd/dev/galaxy-dev-2026-05.xsd", "profile 27.0 is newer than every schema here: it is validated with xsd/dev/galaxy-dev-2026-05.xsd, the upstream dev schema of about May 2026, which stands in for 26.1"},
		{"latest", "", ""},
	} {
		if got := SchemaFile(c.profile); got != c.file {
			t.Errorf("SchemaFile(%q) = %q, want %q", c.profile, got, c.file)
		}
		if got := StandIn(c.profile); got != c.standIn {
			t.Errorf("StandIn(%q) = %q\nwant %q", c.profile, got, c.standIn)
		}
	}
}

// TestSharedSchemas checks that profiles validated with one schema file
// share one compiled schema, and that the files exist in the shared
// folder when it is there.
func TestSharedSchemas(t *testing.T) {
	s := defaultSet()
	shared := sharedDirOrEmpty("xsd/profiles")
	files := map[string]*profile{}
	for _, p := range Profiles() {
		f := SchemaFile(p)
		if first, ok := files[f]; ok && first != s.profiles[p] {
			t.Errorf("%s: validated with %s but compiled apart from the profiles before it", p, f)
		}
		files[f] = s.profiles[p]
		if shared == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(shared, filepath.FromSlash(f))); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if len(files) != 25 {
		t.Errorf("%d schema files, want 25 (16.10 … 24.1, 24.2's stand-in, one stand-in for 25.0 … 26.1)", len(files))
	}
}

// countingElem counts how often a validation starts at it.
type countingElem struct {
	Element
	starts *int
}

func (e countingElem) Name() string { *e.starts++; return e.Element.Name() }

// TestNewestValidOncePerSchema checks that NewestValid validates a tree
// with each distinct schema at most once.
func TestNewestValidOncePerSchema(t *testing.T) {
	broken := parseXML(t, `<tool name="T"/>`)
	n := 0
	Valid(countingElem{broken, &n}, "24.1")
	perValidation := n
	n = 0
	if _, ok := NewestValid(countingElem{broken, &n}, nil); ok {
		t.Fatal("a tool without id and version valid somewhere")
	}
	distinct := map[*profile]bool{}
	for _, p := range Profiles() {
		distinct[defaultSet().profiles[p]] = true
	}
	if len(distinct) == len(Profiles()) {
		t.Fatal("no two profiles share a schema: nothing to check")
	}
	if perValidation == 0 || n != perValidation*len(distinct) {
		t.Errorf("NewestValid walked the tree as often as %d validations do, want %d: one per distinct schema of the %d profiles",
			n/max(perValidation, 1), len(distinct), len(Profiles()))
	}
}
