package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
)

func TestParse(t *testing.T) {
	t.Parallel()
	src := `# a config
ruleset = "strict"
select = [
  "GTR001",
  "gtr205",
]
ignore = ["GTR050"]
exclude = ["test-data", "legacy/**"]

[per-file-ignores]
"tests/*.xml" = ["GTR060", "GTR061"]
"!tools/**" = ["GTR062"]
`
	f, err := Parse("gtr.toml", "/repo", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(f.Ruleset); !slices.Equal(got, []string{"strict"}) {
		t.Errorf("ruleset %q", got)
	}
	if f.Select[1].Text != "gtr205" || f.Select[1].Line != 5 {
		t.Errorf("select[1] = %+v, want gtr205 on line 5", f.Select[1])
	}
	if f.Lines["ignore"] != 7 || f.Lines["exclude"] != 8 || f.Lines["per-file-ignores"] != 10 {
		t.Errorf("lines %v", f.Lines)
	}
	if len(f.PerFile) != 2 || f.PerFile[0].Pattern.Line != 11 || !slices.Equal(texts(f.PerFile[0].Codes), []string{"GTR060", "GTR061"}) {
		t.Errorf("per-file-ignores %+v", f.PerFile)
	}
}

func TestParseInlinePerFile(t *testing.T) {
	t.Parallel()
	f, err := Parse("gtr.toml", "/repo", []byte(`per-file-ignores = { "a.xml" = ["GTR001"] }`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.PerFile) != 1 || f.PerFile[0].Pattern.Text != "a.xml" {
		t.Errorf("per-file-ignores %+v", f.PerFile)
	}
}

// TestParseErrors checks that every problem names file:line and says
// what is wrong.
func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string
	}{
		{"unknown key", "ruleset = \"default\"\nslect = [\"GTR001\"]\n",
			`gtr.toml:2: unknown key "slect"; did you mean "select"? (known keys: ruleset, select, ignore, exclude, per-file-ignores)`},
		{"unknown table", "[lint]\nselect = []\n", `gtr.toml:1: unknown key "lint"`},
		{"dotted key", "check.select = [\"GTR001\"]\n", `gtr.toml:1: unknown key "check.select"`},
		{"array table", "[[per-file-ignores]]\n", `gtr.toml:1: unknown key "per-file-ignores"`},
		{"string for array", "select = \"GTR001\"\n", `gtr.toml:1: select: want an array of strings, got a string`},
		{"integer in array", "ignore = [\n  \"GTR001\",\n  3,\n]\n", `gtr.toml:3: ignore: want an array of strings, got an array holding an integer`},
		{"bool ruleset", "ruleset = true\n", `gtr.toml:1: ruleset: want a string or an array of strings, got a boolean`},
		{"unknown code", "select = [\n  \"GTR001\",\n  \"GTR999\",\n]\n", `gtr.toml:3: select: unknown rule code or planemo linter "GTR999"; did you mean "GTR099"?`},
		{"unknown ruleset", "\nruleset = [\"strickt\"]\n", `gtr.toml:2: ruleset: unknown ruleset "strickt"; did you mean "strict"?`},
		{"empty select", "select = []\n", `gtr.toml:1: select: an empty list selects nothing`},
		{"bad exclude", "exclude = [\"ok\", \"[abc\"]\n", `gtr.toml:1: exclude: bad pattern "[abc"`},
		{"bad per-file pattern", "[per-file-ignores]\n\"[x\" = [\"GTR001\"]\n", `gtr.toml:2: per-file-ignores: bad pattern "[x"`},
		{"per-file dotted", "[per-file-ignores]\na.xml = [\"GTR001\"]\n", `gtr.toml:2: per-file-ignores: the pattern a.xml is a dotted key; quote it: "a.xml"`},
		{"per-file code", "[per-file-ignores]\n\"a.xml\" = [\"GTR001\", \"nope\"]\n", `gtr.toml:2: per-file-ignores: unknown rule code or planemo linter "nope"`},
		{"per-file table", "per-file-ignores = 3\n", `gtr.toml:1: per-file-ignores: want a table of pattern = [codes], got an integer`},
		{"syntax", "select = [\"GTR001\"\nignore = []\n", `gtr.toml:2: expected ',' or ']' after array value`},
		{"duplicate", "select = [\"GTR001\"]\nselect = [\"GTR002\"]\n", `gtr.toml:2: key select is already defined`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("gtr.toml", "/repo", []byte(tt.src))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error\n  %q\nwant it to start\n  %q", err, tt.want)
			}
			if _, ok := err.(*Error); !ok {
				t.Errorf("error is a %T, want *Error", err)
			}
		})
	}
}

// tree writes files (slash-separated path → content) under dir; a name
// ending in "/" makes a directory.
func tree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFinder checks discovery: the nearest file wins, the search stops at
// the top of the repository, a nested repository has its own, both names
// in one directory is an error, and -config gives every directory one.
func TestFinder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"outer/gtr.toml":                 "ruleset = \"cosmetic\"\n", // above the repository: never read
		"outer/repo/.git/":               "",
		"outer/repo/gtr.toml":            "ruleset = \"strict\"\n",
		"outer/repo/a/b/":                "",
		"outer/repo/tools/.gtr.toml":     "ignore = [\"GTR001\"]\n",
		"outer/repo/tools/x/y/":          "",
		"outer/repo/both/gtr.toml":       "",
		"outer/repo/both/.gtr.toml":      "",
		"outer/repo/sub/.git":            "gitdir: elsewhere\n", // a submodule: its own top
		"outer/repo/sub/d/":              "",
		"outer/bare/.git/":               "",
		"outer/bare/t/":                  "",
		"outer/repo/bad/gtr.toml":        "nope = 1\n",
		"outer/repo/bad/under/":          "",
		"outer/repo/explicit/other.toml": "select = [\"GTR002\"]\n",
	})
	root := filepath.Join(dir, "outer")
	tests := []struct {
		dir, want, wantErr string
	}{
		{"repo", "repo/gtr.toml", ""},
		{"repo/a/b", "repo/gtr.toml", ""},
		{"repo/tools", "repo/tools/.gtr.toml", ""},
		{"repo/tools/x/y", "repo/tools/.gtr.toml", ""},
		{"repo/sub/d", "", ""},
		{"bare/t", "", ""},
		{"repo/both", "", "found gtr.toml and .gtr.toml in the same directory; keep one"},
		{"repo/bad/under", "", `gtr.toml:1: unknown key "nope"`},
	}
	fd := NewFinder()
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			f, err := fd.ForDir(filepath.Join(root, filepath.FromSlash(tt.dir)))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if f != nil {
				got, _ = filepath.Rel(root, f.Path)
				got = filepath.ToSlash(got)
			}
			if got != tt.want {
				t.Errorf("config %q, want %q", got, tt.want)
			}
		})
	}
	ex, err := Explicit(filepath.Join(root, "repo", "explicit", "other.toml"), "/work")
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := ex.ForDir(filepath.Join(root, "repo", "tools")); f == nil || f.Base != "/work" || texts(f.Select)[0] != "GTR002" {
		t.Errorf("explicit finder gave %+v", f)
	}
	// A walk's listing answers without looking at the disk.
	parent, _ := fd.ForDir(filepath.Join(root, "repo"))
	if f, _ := fd.Listed(filepath.Join(root, "repo", "listed"), false, false, parent); f != parent {
		t.Errorf("Listed without a config file gave %v, want the parent's", f)
	}
	if f, _ := fd.Listed(filepath.Join(root, "repo", "nested"), false, true, parent); f != nil {
		t.Errorf("Listed at a repository's top gave %v, want none", f)
	}
}

func codes(rs []*rules.Rule) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Code
	}
	return out
}

func rulesetCodes(t *testing.T, sel rules.Selection) []string {
	t.Helper()
	rs, err := sel.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return codes(rs)
}

// TestPrecedence checks the layers flag ▸ per-file ▸ file ▸ default: each
// decides what the layers below it leave open, a layer that selects
// replaces what is below, and ignores remove.
func TestPrecedence(t *testing.T) {
	t.Parallel()
	cfg := func(src string) *File {
		f, err := Parse("/repo/gtr.toml", "/repo", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	without := func(list []string, drop ...string) []string {
		return slices.DeleteFunc(slices.Clone(list), func(c string) bool { return slices.Contains(drop, c) })
	}
	def := rulesetCodes(t, rules.Selection{})
	strict := rulesetCodes(t, rules.Selection{Rulesets: []string{"strict"}})
	cosmetic := rulesetCodes(t, rules.Selection{Rulesets: []string{"cosmetic"}})
	fileStrict := "ruleset = \"strict\"\nignore = [\"GTR050\"]\n[per-file-ignores]\n\"tests/**\" = [\"GTR060\"]\n"
	tests := []struct {
		name  string
		file  string // config file source; "" for none
		path  string
		flags Flags
		want  []string
	}{
		{"default", "", "/repo/a.xml", Flags{}, def},
		{"flags alone", "", "/repo/a.xml", Flags{Rulesets: []string{"strict"}, Ignore: []string{"GTR050"}}, without(strict, "GTR050")},
		{"file over default", fileStrict, "/repo/a.xml", Flags{}, without(strict, "GTR050")},
		{"per-file over file", fileStrict, "/repo/tests/t/a.xml", Flags{}, without(strict, "GTR050", "GTR060")},
		{"per-file only where it matches", fileStrict, "/repo/tools/a.xml", Flags{}, without(strict, "GTR050")},
		{"flag ignore adds", fileStrict, "/repo/tests/a.xml", Flags{Ignore: []string{"GTR061"}}, without(strict, "GTR050", "GTR060", "GTR061")},
		{"flag ruleset over all", fileStrict, "/repo/tests/a.xml", Flags{Rulesets: []string{"cosmetic"}}, cosmetic},
		{"flag select over per-file", fileStrict, "/repo/tests/a.xml", Flags{Select: []string{"GTR060"}}, []string{"GTR060"}},
		{"file select over file ruleset", "ruleset = \"strict\"\nselect = [\"GTR001\", \"GTR050\"]\n", "/repo/a.xml", Flags{}, []string{"GTR001", "GTR050"}},
		{"flag select over file select", "select = [\"GTR001\"]\n", "/repo/a.xml", Flags{Select: []string{"GTR002"}}, []string{"GTR002"}},
		{"negated per-file", "[per-file-ignores]\n\"!tools/**\" = [\"GTR001\"]\n", "/repo/other/a.xml", Flags{}, without(def, "GTR001")},
		{"negated per-file, matching", "[per-file-ignores]\n\"!tools/**\" = [\"GTR001\"]\n", "/repo/tools/a.xml", Flags{}, def},
		{"parent code", "ignore = [\"GTR018\"]\n", "/repo/a.xml", Flags{}, without(def, "GTR018.1", "GTR018.2")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := NewResolver(tt.flags)
			if err != nil {
				t.Fatal(err)
			}
			var f *File
			if tt.file != "" {
				f = cfg(tt.file)
			}
			rs, err := r.Rules(f, tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := codes(rs); !slices.Equal(got, tt.want) {
				t.Errorf("rules\n  %v\nwant\n  %v", got, tt.want)
			}
		})
	}
}

func TestResolverRejectsUnknownFlags(t *testing.T) {
	t.Parallel()
	if _, err := NewResolver(Flags{Select: []string{"GTR9999"}}); err == nil {
		t.Error("no error for an unknown -select code")
	}
	if _, err := NewResolver(Flags{Rulesets: []string{"nope"}}); err == nil {
		t.Error("no error for an unknown -ruleset")
	}
}

func TestExcludedAndMatching(t *testing.T) {
	t.Parallel()
	f, err := Parse("/repo/gtr.toml", "/repo", []byte("exclude = [\"test-data\", \"tools/old/*.xml\"]\n[per-file-ignores]\n\"macros.xml\" = [\"GTR001\"]\n\"tests\" = [\"GTR002\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"/repo/x/test-data", true, true},
		{"/repo/tools/old/a.xml", false, true},
		{"/repo/tools/old/sub/a.xml", false, false},
		{"/repo/tools/a.xml", false, false},
		{"/elsewhere/test-data", true, false},
	} {
		if got := f.Excluded(tt.path, tt.isDir); got != tt.want {
			t.Errorf("Excluded(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}
	if !f.ExcludedPath("/repo/x/test-data/a.xml", false) {
		t.Errorf("ExcludedPath of a file in an excluded directory is false")
	}
	if got := f.Matching("/repo/tools/macros.xml"); !slices.Equal(got, []int{0}) {
		t.Errorf("Matching(tools/macros.xml) = %v, want [0]", got)
	}
	if got := f.Matching("/repo/tests/deep/a.xml"); !slices.Equal(got, []int{1}) {
		t.Errorf("Matching(tests/deep/a.xml) = %v, want [1] (a pattern naming a parent directory)", got)
	}
}
