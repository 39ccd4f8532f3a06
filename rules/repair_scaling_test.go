package rules

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// typoTools build tools with k misspellings GTR006 or GTR017 repair, of
// each kind: attribute names, element names, enumerated values, booleans,
// and attribute names in an imported macro file (reported, not fixed).
var typoTools = []struct {
	name string
	code string
	line func(i int) string // the i'th element of <inputs>
	file func(k int) string // the imported macros.xml, or "" for none
}{
	{"attribute names", "GTR006", func(i int) string { return fmt.Sprintf(`<param name="p%d" type="text" lable="x"/>`, i) }, nil},
	{"element names", "GTR006", func(i int) string { return fmt.Sprintf(`<parm name="p%d" type="text" label="x"/>`, i) }, nil},
	{"values", "GTR006", func(i int) string { return fmt.Sprintf(`<param name="p%d" type="txt" label="x"/>`, i) }, nil},
	{"booleans", "GTR017", func(i int) string {
		return fmt.Sprintf(`<param name="p%d" type="select" multiple="FALSE" label="x"><option value="a">A</option></param>`, i)
	}, nil},
	{"imported attribute names", "GTR006", func(i int) string { return fmt.Sprintf(`<expand macro="m%d"/>`, i) }, func(k int) string {
		var b strings.Builder
		b.WriteString("<macros>\n")
		for i := range k {
			fmt.Fprintf(&b, "    <xml name=\"m%d\"><param name=\"p%d\" type=\"text\" lable=\"x\"/></xml>\n", i, i)
		}
		b.WriteString("</macros>\n")
		return b.String()
	}},
}

// typoKindTool returns the tool of k misspellings of kind c and the files it
// imports.
func typoKindTool(c int, k int) ([]byte, map[string][]byte) {
	tt := typoTools[c]
	var b strings.Builder
	b.WriteString("<tool id=\"t\" name=\"T\" version=\"1.0\" profile=\"21.05\">\n    <description>d</description>\n")
	var files map[string][]byte
	if tt.file != nil {
		b.WriteString("    <macros>\n        <import>macros.xml</import>\n    </macros>\n")
		files = map[string][]byte{"macros.xml": []byte(tt.file(k))}
	}
	b.WriteString("    <command><![CDATA[echo]]></command>\n    <inputs>\n")
	for i := range k {
		b.WriteString("        " + tt.line(i) + "\n")
	}
	b.WriteString("    </inputs>\n    <outputs>\n        <data name=\"o\" format=\"txt\"/>\n    </outputs>\n    <help><![CDATA[h]]></help>\n</tool>\n")
	return []byte(b.String()), files
}

// TestRepairScaling runs the strict rules (CheckWith) and the strict
// format (FormatWith with the expansion gate) on tools of 200 and 2000
// misspellings of each kind and fails when the CPU time a misspelling
// takes grows more than fourfold (the least of three runs each): planning
// the repairs by validating the tool once per misspelling, as GTR006 did,
// makes it grow tenfold.
func TestRepairScaling(t *testing.T) {
	if testing.Short() {
		t.Skip("times the strict rules on tools of thousands of misspellings")
	}
	if cpuTime() == 0 {
		t.Skip("no CPU time on this platform")
	}
	rs, err := Selection{Rulesets: []string{"strict"}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	for c, tt := range typoTools {
		t.Run(tt.name, func(t *testing.T) {
			var perTypo [2][2]float64 // [size][check, format]
			sizes := []int{200, 2000}
			for s, k := range sizes {
				src, files := typoKindTool(c, k)
				mo := &macros.Options{Files: files, NoDisk: true}
				tree := cst.Parse("t.xml", src)
				fixable := tt.file == nil
				if n := countRepairs(CheckWith(tree, rs, mo), tt.code, fixable); n != k {
					t.Fatalf("%d misspellings: %d %s findings (fixable: %v), want %d", k, n, tt.code, fixable, k)
				}
				out, err := FormatWith("t.xml", src, rs, FormatOptions{Macros: mo, ExpansionGate: true})
				if err != nil {
					t.Fatal(err)
				}
				if fixed := strings.Count(string(src), "lable=") - strings.Count(string(out.Output), "lable=") +
					strings.Count(string(src), "<parm ") - strings.Count(string(out.Output), "<parm ") +
					strings.Count(string(src), `"txt"`) - strings.Count(string(out.Output), `"txt"`) +
					strings.Count(string(src), `"FALSE"`) - strings.Count(string(out.Output), `"FALSE"`); fixable && fixed != k {
					t.Fatalf("%d misspellings: format repaired %d", k, fixed)
				}
				for f, run := range []func(){
					func() { CheckWith(cst.Parse("t.xml", src), rs, mo) },
					func() { FormatWith("t.xml", src, rs, FormatOptions{Macros: mo, ExpansionGate: true}) },
				} {
					best := time.Duration(1 << 62)
					for range 3 {
						t0 := cpuTime()
						run()
						best = min(best, cpuTime()-t0)
					}
					perTypo[s][f] = float64(best.Microseconds()) / float64(k)
				}
				t.Logf("%d misspellings, %d bytes: check %.1f µs, format %.1f µs a misspelling", k, len(src), perTypo[s][0], perTypo[s][1])
			}
			for f, what := range []string{"check", "format"} {
				if perTypo[1][f] > 4*perTypo[0][f] {
					t.Errorf("%s: %.1f µs a misspelling at %d, %.1f at %d: not linear", what, perTypo[1][f], sizes[1], perTypo[0][f], sizes[0])
				}
			}
		})
	}
}

// countRepairs counts the findings of code, fixable or advisory.
func countRepairs(ds []Diagnostic, code string, fixable bool) int {
	n := 0
	for _, d := range ds {
		if d.Code == code && (d.Fix != nil) == fixable {
			n++
		}
	}
	return n
}
