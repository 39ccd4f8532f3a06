package rename

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
)

// TestCorpusSweep renames every input of every corpus tool to a fresh
// name (33,000 renames, about 16 s of one core): each rename either bails
// with a listed reason or passes every gate (RenameIndexed runs them all);
// a gate refusal is a rename the index got wrong, and fails the test. It
// prints the count of each outcome. -short takes every tenth tool.
func TestCorpusSweep(t *testing.T) {
	tools := corpusTools(t)
	if testing.Short() {
		tools = sample(tools, 10)
	}
	start := time.Now()
	cache := macros.NewCache()
	counts := map[string]int{}
	examples := map[string][]string{}
	renames, macroEdits := 0, 0
	for _, path := range tools {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tr := cst.Parse(path, src)
		if !tr.WellFormed() || tr.RootElement().Name() != "tool" {
			counts["(tool not well-formed)"]++
			continue
		}
		opts := macros.Options{Cache: cache}
		view, err := macros.ExpandTree(tr, opts)
		if err != nil {
			counts["(tool does not expand)"]++
			continue
		}
		x := refs.Build(view)
		var names []string
		seen := map[string]bool{}
		for _, d := range x.Defs {
			if inputTag[d.Tag] && !seen[d.Name] {
				seen[d.Name] = true
				names = append(names, d.Name)
			}
		}
		for _, name := range names {
			renames++
			res := RenameIndexed(x, name, "gtr_fresh_name", opts)
			outcome := "renamed"
			if res.Bail != nil {
				outcome = res.Bail.Reason
			} else if len(res.Macros) > 0 {
				macroEdits++
			}
			counts[outcome]++
			if outcome != "renamed" && len(examples[outcome]) < 3 {
				examples[outcome] = append(examples[outcome], fmt.Sprintf("%s %s: %s", strings.TrimPrefix(path, sharedDir(t)), name, res.Bail.Detail))
			}
		}
	}
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		lines = append(lines, fmt.Sprintf("%-28s %6d", k, counts[k]))
	}
	t.Logf("renamed every input of %d tools (%d renames, %d editing a macro file) in %v:\n%s", len(tools), renames, macroEdits,
		time.Since(start).Round(time.Millisecond), strings.Join(lines, "\n"))
	for _, k := range slices.Sorted(maps.Keys(examples)) {
		t.Logf("%s, e.g.:\n  %s", k, strings.Join(examples[k], "\n  "))
	}
	if n := counts[GateRefused]; n > 0 {
		t.Errorf("%d renames refused by a gate (the index got them wrong)", n)
	}
}

// inputTag are the definitions that are inputs.
var inputTag = map[string]bool{"param": true, "conditional": true, "section": true, "repeat": true}
