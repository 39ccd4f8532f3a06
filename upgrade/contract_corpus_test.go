package upgrade

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// validAtProfile reports whether a tool, with its macro files from files
// or disk, validates at profile p: checked here with rules/schema
// directly, not through the upgrade's own bookkeeping.
func validAtProfile(file string, src []byte, mo macros.Options, p string) bool {
	res, err := macros.Expand(file, src, mo)
	if err != nil {
		return false
	}
	name, _ := SchemaOf(p)
	return schema.Valid(schema.Expanded(res), name)
}

// outputOptions returns mo with the macro files an upgrade rewrote
// served from memory.
func outputOptions(mo macros.Options, res *Result) macros.Options {
	if len(res.Files) == 0 {
		return mo
	}
	files := maps.Clone(mo.Files)
	if files == nil {
		files = map[string][]byte{}
	}
	maps.Copy(files, res.Files)
	mo.Files, mo.Cache = files, nil
	return mo
}

// TestUpgradeContractCorpus is the predecessor's upgrade contract sweep
// over every corpus tool, in both modes. Minimal: a refusal or error
// changes nothing, an undeclared profile stays undeclared, a tool valid at
// its declared profile keeps its bytes, a bump goes to the oldest valid
// profile at or above the baseline, the result validates at the profile
// reached, and upgrading it again changes nothing. Modernize: the walk
// stays below the first blocking code, crosses no must_fix code that
// applies unless a runtime fix cleared it, validates at the profile
// reached, and is idempotent. It prints the distributions.
func TestUpgradeContractCorpus(t *testing.T) {
	root, rels := corpusTools(t)
	for _, mode := range []string{"minimal", "modernize"} {
		t.Run(mode, func(t *testing.T) {
			cache := macros.NewCache()
			var violations []string
			bad := func(rel, format string, args ...any) {
				violations = append(violations, rel+": "+fmt.Sprintf(format, args...))
			}
			reached := map[string]int{}
			moves := map[string]int{}
			blocking := map[string]int{}
			preserving := map[string]int{}
			fixed := map[string]int{}
			applied := map[string]int{}
			var tools, changed, refused, errored, macroEdits int
			for _, rel := range rels {
				path := filepath.Join(root, rel)
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				tools++
				mo := macros.Options{Cache: cache}
				opts := Options{Macros: mo, Modernize: mode == "modernize"}
				res, err := Upgrade(path, src, opts)
				if err != nil {
					errored++
					continue
				}
				orig := NewDoc(path, src, mo)
				_, declared := "", false
				if orig.Root != nil {
					_, declared = orig.Root.Get("profile")
				}
				if res.Refused != "" {
					refused++
					t.Logf("%s: refused: %s", rel, res.Refused)
					if string(res.Formatted) != string(src) || len(res.Files) > 0 {
						bad(rel, "refused (%s) but the output differs from the input", res.Refused)
					}
					continue
				}
				reached[res.ReachedProfile]++
				if res.BaselineProfile != res.ReachedProfile {
					moves[res.BaselineProfile+"→"+res.ReachedProfile]++
				}
				for _, c := range res.BlockingCodes {
					blocking[c]++
				}
				for _, c := range res.AutoFixedCodes {
					fixed[c]++
				}
				for _, c := range res.Codes {
					if LookupStep(c) != nil {
						applied[c]++
					}
				}
				switch {
				case res.BehaviorPreserving == nil:
					preserving["null"]++
				case *res.BehaviorPreserving:
					preserving["true"]++
				default:
					preserving["false"]++
				}
				if !res.Changed {
					continue
				}
				changed++
				if len(res.Files) > 0 {
					macroEdits++
				}
				amo := outputOptions(mo, res)
				out := NewDoc(path, res.Formatted, amo)
				if out.View == nil {
					bad(rel, "the output does not expand: %v", out.Err)
					continue
				}
				outProfile, outDeclared := out.Root.Get("profile")
				if !validAtProfile(path, res.Formatted, amo, res.ReachedProfile) {
					bad(rel, "the output does not validate at the profile reached, %s", res.ReachedProfile)
				}
				if outDeclared && outProfile != res.ReachedProfile && less(outProfile, res.ReachedProfile) {
					bad(rel, "the output declares %s, below the profile reached %s", outProfile, res.ReachedProfile)
				}
				if less(res.ReachedProfile, res.BaselineProfile) {
					bad(rel, "the profile went down: %s→%s", res.BaselineProfile, res.ReachedProfile)
				}
				again, err := Upgrade(path, res.Formatted, Options{Macros: amo, Modernize: opts.Modernize})
				if err != nil || again.Changed {
					bad(rel, "not idempotent: upgrading the output again changes it (%v)", err)
				}
				switch mode {
				case "minimal":
					if !declared && outDeclared {
						bad(rel, "an undeclared profile was declared (%s)", outProfile)
					}
					if declared && res.ReachedProfile != res.BaselineProfile {
						floor, _ := Placeable(res.BaselineProfile)
						for _, p := range AtOrAbove(floor) {
							if !less(p, res.ReachedProfile) {
								break
							}
							if validAtProfile(path, res.Formatted, amo, p) {
								bad(rel, "bumped to %s, but it validates at %s already", res.ReachedProfile, p)
								break
							}
						}
					}
				case "modernize":
					if len(res.BlockingCodes) > 0 {
						first := ""
						for _, c := range res.BlockingCodes {
							code, _ := LookupCode(c)
							if first == "" || less(code.Profile, first) {
								first = code.Profile
							}
						}
						if !less(res.ReachedProfile, first) && less(res.BaselineProfile, first) {
							bad(rel, "the walk reached %s, past the blocking code at %s", res.ReachedProfile, first)
						}
					}
					// What the result still meets: an auto-fixed code is
					// quiet on it, and a repaired tool is judged as repaired.
					tripped := Tripped(out)
					for _, c := range Crossed(res.BaselineProfile, res.ReachedProfile) {
						if c.Level == MustFix && slices.Contains(tripped, c.Name) {
							bad(rel, "crossed %s (must_fix at %s), which applies to the result", c.Name, c.Profile)
						}
					}
					if less(Deployment.Ceiling, res.ReachedProfile) {
						bad(rel, "walked to %s, past the deployment ceiling %s", res.ReachedProfile, Deployment.Ceiling)
					}
				}
			}
			t.Logf("%s: %d tools, %d changed (%d through a macro file), %d refused, %d errors (not well-formed or imports unreadable)",
				mode, tools, changed, macroEdits, refused, errored)
			t.Logf("%s: reached profile: %s", mode, histogram(reached))
			t.Logf("%s: moves: %s", mode, histogram(moves))
			t.Logf("%s: blocking codes: %s", mode, histogram(blocking))
			t.Logf("%s: behavior_preserving: %s", mode, histogram(preserving))
			t.Logf("%s: auto-fixed codes: %s", mode, histogram(fixed))
			t.Logf("%s: steps applied (tools): %s", mode, histogram(applied))
			t.Logf("%s: %d violations", mode, len(violations))
			for i, v := range violations {
				if i == 30 {
					t.Errorf("… and %d more", len(violations)-i)
					break
				}
				t.Error(v)
			}
		})
	}
}

// histogram prints counts as "key:n" pairs, largest first.
func histogram(m map[string]int) string {
	keys := slices.Collect(maps.Keys(m))
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s:%d", k, m[k])
	}
	return b.String()
}
