package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// expandSample lists corpus tools whose expansion the tests compare with
// Galaxy's own (the oracle): tools importing macro files, with tokens,
// yields and macro parameters, and one without macros.
var expandSample = []string{
	"bgruening__galaxytools/tools/salmon/salmonquant.xml",
	"bgruening__galaxytools/tools/salmon/alevin.xml",
	"galaxyproject__galaxy/test/functional/tools/parameters/gx_conditional_select.xml",
	"galaxyproject__tools-devteam/tools/add_value/fixedValueColumn.xml",
	"peterjc__pico_galaxy/tools/align_back_trans/align_back_trans.xml",
}

// oracleRows reads oracle/expanded/index.tsv: corpus path → "ok" or
// Galaxy's exception.
func oracleRows(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedDir(), "oracle", "expanded", "index.tsv"))
	if err != nil {
		t.Skipf("skipping: no oracle (set GTR_SHARED to the shared folder): %v", err)
	}
	defer f.Close()
	rows := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		switch {
		case len(cols) >= 2 && cols[1] == "ok":
			rows[cols[0]] = "ok"
		case len(cols) >= 4 && cols[1] == "fail":
			rows[cols[0]] = cols[3]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestExpandMatchesOracle runs gtr expand in the shared folder, where the
// oracle was made, so that imports resolve as they did for Galaxy: the
// JSON is Galaxy's byte for byte, and the XML parses back to the same tree.
func TestExpandMatchesOracle(t *testing.T) {
	t.Parallel()
	corpusDir(t)
	shared := sharedDir()
	for _, tool := range expandSample {
		t.Run(filepath.Base(tool), func(t *testing.T) {
			t.Parallel()
			want, err := os.ReadFile(filepath.Join(shared, "oracle", "expanded", filepath.FromSlash(tool)+".json"))
			if err != nil {
				t.Fatal(err)
			}
			path := "corpus/" + tool
			stdout, stderr, code := runGTR(t, shared, "expand", "--format", "json", path)
			if code != exitOK || stderr != "" || stdout != string(want) {
				t.Errorf("gtr expand --format json %s: exit %d, stderr %q; stdout equals the oracle: %v", path, code, stderr, stdout == string(want))
			}
			xml, stderr, code := runGTR(t, shared, "expand", path)
			if code != exitOK || stderr != "" {
				t.Fatalf("gtr expand %s: exit %d, stderr %q", path, code, stderr)
			}
			root, err := macros.FromTree(cst.Parse("expanded.xml", []byte(xml)))
			if err != nil {
				t.Fatalf("the XML output does not parse: %v", err)
			}
			if got := macros.JSON(root); string(got) != string(want) {
				t.Errorf("the XML output of %s parses to a tree other than the oracle's", path)
			}
		})
	}
}

// TestExpandFailuresMatchGalaxy expands every corpus tool Galaxy cannot
// load: exit 1, and the exception Galaxy raises (for syntax errors, where
// gtr's message differs from libxml2's, its class).
func TestExpandFailuresMatchGalaxy(t *testing.T) {
	t.Parallel()
	corpusDir(t)
	n := 0
	for path, row := range oracleRows(t) {
		if row == "ok" {
			continue
		}
		n++
		_, stderr, code := runGTR(t, sharedDir(), "expand", "corpus/"+path)
		want := "  Galaxy: " + row + "\n"
		if class, _, _ := strings.Cut(row, ":"); class == "XMLSyntaxError" {
			want = "  Galaxy: XMLSyntaxError\n"
		}
		if code != exitFindings || !strings.HasPrefix(stderr, "corpus/"+path+":") || !strings.HasSuffix(stderr, want) {
			t.Errorf("gtr expand corpus/%s: exit %d, stderr:\n%s\nwant exit 1 and stderr ending %q", path, code, stderr, want)
		}
	}
	if n == 0 {
		t.Error("the oracle lists no failing tools")
	}
}
