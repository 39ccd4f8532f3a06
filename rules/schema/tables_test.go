package schema

import (
	"bytes"
	"fmt"
	"os"
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
	if len(got) != 24 || got[0] != "16.10" || got[22] != "24.1" || got[23] != "24.2.dev0" {
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
		{"24.2", "24.2.dev0", ""},
		{"26.0", "24.2.dev0", ""},
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
		{"markdown help needs the dev schema", markdown, nil, "24.2.dev0"},
		{"markdown help, dev schema not offered", markdown, []string{"23.0", "24.1"}, ""},
		{"plain tool", plain, nil, "24.2.dev0"},
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
