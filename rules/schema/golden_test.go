package schema

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the errors section of testdata/galaxy/*.txtar")

// archive is a minimal txtar: a comment, then "-- name --" sections.
type archive struct {
	comment string
	names   []string
	files   map[string]string
}

func readArchive(data string) archive {
	a := archive{files: map[string]string{}}
	cur := ""
	var b strings.Builder
	flush := func() {
		if cur == "" {
			a.comment = b.String()
		} else {
			a.files[cur] = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		if name, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "-- "); ok && strings.HasSuffix(name, " --") {
			flush()
			cur = strings.TrimSuffix(name, " --")
			a.names = append(a.names, cur)
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.names {
		b.WriteString("-- " + n + " --\n" + a.files[n])
	}
	return b.String()
}

// TestGolden validates small Galaxy tools against the real profile tables
// and compares the messages with the errors section (regenerate with
// -update); xmllint must agree on the verdict.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob("testdata/galaxy/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := readArchive(string(data))
			profile := strings.TrimSpace(a.files["profile"])
			doc := a.files["tool.xml"]
			errs := Validate(parseXML(t, doc), profile)
			var got strings.Builder
			for _, m := range messages(errs) {
				got.WriteString(m + "\n")
			}
			if *update {
				a.files["errors"] = got.String()
				if err := os.WriteFile(path, []byte(a.format()), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if got.String() != a.files["errors"] {
				t.Errorf("errors:\n got:\n%s\nwant:\n%s", got.String(), a.files["errors"])
			}
			if shared := sharedDirOrEmpty("xsd/profiles"); shared != "" {
				resolved, _ := Resolve(profile)
				schema, err := os.ReadFile(xsdPath(shared, resolved))
				if err != nil {
					t.Fatal(err)
				}
				if valid, out, ran := xmllintValid(t, string(schema), doc); ran && valid != (len(errs) == 0) {
					t.Errorf("xmllint valid=%v, ours %v:\n%s", valid, len(errs) == 0, out)
				}
			}
		})
	}
}

// sharedDirOrEmpty is sharedDir without skipping.
func sharedDirOrEmpty(sub string) string {
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared", "../../shared"} {
		if d == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, sub)); err == nil {
			return d
		}
	}
	return ""
}
