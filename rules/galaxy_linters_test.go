package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGalaxyLintersFresh checks that galaxy_linters.go says what the
// shared folder's galaxy/linters.tsv says, row for row: a TSV updated
// without "go generate ./rules" fails here.
func TestGalaxyLintersFresh(t *testing.T) {
	shared := SharedDirForTest(t)
	b, err := os.ReadFile(filepath.Join(shared, "galaxy", "linters.tsv"))
	if err != nil {
		t.Skip("skipping: no galaxy/linters.tsv in the shared folder:", err)
	}
	rows := strings.Split(strings.TrimRight(string(b), "\n"), "\n")[1:]
	if len(rows) != len(GalaxyLinters) {
		t.Fatalf("linters.tsv has %d classes, GalaxyLinters %d: run go generate ./rules", len(rows), len(GalaxyLinters))
	}
	for i, row := range rows {
		f := strings.Split(row, "\t")
		if len(f) < 3 {
			t.Fatalf("linters.tsv:%d: want class, module file and source", i+2)
		}
		want := GalaxyLinter{
			Class:    f[0],
			Module:   strings.TrimSuffix(filepath.Base(f[1]), ".py"),
			InOracle: strings.Contains(f[2], "@051c5ab7"), // "newer than 051c5ab7" names it too
			Source:   f[2],
		}
		if GalaxyLinters[i] != want {
			t.Errorf("row %d: GalaxyLinters has %+v, linters.tsv %+v: run go generate ./rules", i+2, GalaxyLinters[i], want)
		}
	}
}

// TestGalaxyLintersShape checks what the rest of gtr assumes of the list,
// with or without the shared folder: class names are unique and every
// class has a module and a source.
func TestGalaxyLintersShape(t *testing.T) {
	seen := map[string]bool{}
	inOracle := 0
	for _, l := range GalaxyLinters {
		if !planemoRE.MatchString(l.Class) {
			t.Errorf("%q is not a class name", l.Class)
		}
		if seen[l.Class] {
			t.Errorf("%s listed twice", l.Class)
		}
		seen[l.Class] = true
		if l.Module == "" || l.Source == "" {
			t.Errorf("%s: module %q, source %q", l.Class, l.Module, l.Source)
		}
		if l.InOracle {
			inOracle++
		}
	}
	// The oracle's README counts the classes of its Galaxy commit.
	if inOracle != 132 {
		t.Errorf("%d classes are in the oracle's Galaxy commit, want 132", inOracle)
	}
}
