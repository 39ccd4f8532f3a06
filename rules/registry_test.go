package rules

import (
	"errors"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

var (
	codeRE    = regexp.MustCompile(`^GTR\d{3}(\.\d)?$`)
	nameRE    = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	planemoRE = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	urlRE     = regexp.MustCompile(`^https?://[^\s]+$`)
	sinceRE   = regexp.MustCompile(`^\d+\.\d+\.\d+$`)
)

// fixableOutsideDefault lists fixable rules that are deliberately not in
// the default ruleset, with the reason.
var fixableOutsideDefault = map[string]string{
	"GTR096": "a runtime-gated fix: qualifying test parameter names matters from profile 24.2 on, so default leaves it to the upgrade and strict runs it on request",
}

// TestRegistryMetadata validates the metadata of every rule in All.
func TestRegistryMetadata(t *testing.T) {
	if len(All) == 0 {
		t.Fatal("All is empty")
	}
	codes := map[string]bool{}
	names := map[string]string{}
	orders := map[int]string{}
	for i, r := range All {
		t.Run(r.Code, func(t *testing.T) {
			if !codeRE.MatchString(r.Code) {
				t.Errorf("code %q does not match %s", r.Code, codeRE)
			}
			if i > 0 && All[i-1].Code >= r.Code {
				t.Errorf("All is not sorted by code: %s comes after %s", r.Code, All[i-1].Code)
			}
			if codes[r.Code] {
				t.Errorf("duplicate code %s", r.Code)
			}
			codes[r.Code] = true
			if !nameRE.MatchString(r.Name) {
				t.Errorf("name %q is not kebab-case", r.Name)
			}
			if other, ok := names[r.Name]; ok {
				t.Errorf("name %q is also used by %s", r.Name, other)
			}
			names[r.Name] = r.Code
			if strings.TrimSpace(r.Summary) == "" || strings.Contains(r.Summary, "\n") {
				t.Errorf("summary must be one non-empty line: %q", r.Summary)
			}
			for heading, text := range map[string]string{
				"What": r.Doc.What, "Why": r.Doc.Why, "Example": r.Doc.Example, "FixSafety": r.Doc.FixSafety,
			} {
				if strings.TrimSpace(text) == "" {
					t.Errorf("Doc.%s is empty", heading)
				}
			}
			if !urlRE.MatchString(r.Cite) {
				t.Errorf("cite %q is not a URL", r.Cite)
			}
			if !sinceRE.MatchString(r.Since) {
				t.Errorf("since %q is not a version", r.Since)
			}
			if r.check == nil {
				t.Error("rule has no check function")
			}
			checkFamily(t, r)
			checkRulesets(t, r)
			checkPartition(t, r, codes)
			for _, p := range r.Planemo {
				if !planemoRE.MatchString(p) {
					t.Errorf("planemo linter name %q is not a class name", p)
				}
			}
			if r.AppliesTo&^(TargetTool|TargetMacro) != 0 {
				t.Errorf("AppliesTo has unknown bits: %b", r.AppliesTo)
			}
			if r.Family != FamilyFmt && !r.Advisory() && r.Applies(TargetMacro) {
				t.Errorf("%s rules apply to tool files only; only layout (fmt) rules touch macro libraries (advisory checks may read them)", r.Family)
			}
			if !r.Applies(TargetTool) {
				t.Error("every rule applies to tool files")
			}
			if !r.Advisory() {
				if r.Order <= 0 {
					t.Error("fixable rule has no Order")
				} else if other, ok := orders[r.Order]; ok {
					t.Errorf("Order %d is also %s's: the pipeline order would fall back to codes", r.Order, other)
				}
				orders[r.Order] = r.Code
			}
		})
	}
	// A parent code names its halves; it is never a rule itself.
	for _, r := range All {
		if r.Parent != "" && codes[r.Parent] {
			t.Errorf("%s: parent %s is itself a rule", r.Code, r.Parent)
		}
	}
	// A planemo linter name selects one rule, or the halves of one parent.
	owners := map[string]map[string]bool{}
	for _, r := range All {
		for _, p := range r.Planemo {
			key := strings.ToLower(p)
			if owners[key] == nil {
				owners[key] = map[string]bool{}
			}
			owners[key][r.DisplayCode()] = true
		}
	}
	for p, set := range owners {
		if len(set) > 1 {
			t.Errorf("planemo linter %s is claimed by several rules: %v", p, keys(set))
		}
	}
}

func checkFamily(t *testing.T, r *Rule) {
	t.Helper()
	switch r.Family {
	case FamilyFmt, FamilyCodemod:
		if r.Advisory() {
			t.Errorf("%s rule must be fixable", r.Family)
		}
	case FamilyCheck:
		if !r.Advisory() {
			t.Error("check rules are advisory (Fix must be FixNone)")
		}
	default:
		t.Errorf("unknown family %q", r.Family)
	}
	if r.Fix > FixAlways {
		t.Errorf("unknown fixability %d", r.Fix)
	}
}

func checkRulesets(t *testing.T, r *Rule) {
	t.Helper()
	if len(r.Rulesets) == 0 {
		t.Error("rule belongs to no ruleset: it could never be selected by one")
	}
	in := map[string]bool{}
	for _, name := range r.Rulesets {
		if !knownRuleset(name) {
			t.Errorf("unknown ruleset %q", name)
		}
		if in[name] {
			t.Errorf("ruleset %q listed twice", name)
		}
		in[name] = true
	}
	if r.Advisory() {
		if len(r.Rulesets) != 1 || !in["strict"] {
			t.Errorf("advisory rules belong to strict only, not %v", r.Rulesets)
		}
		return
	}
	if _, documented := fixableOutsideDefault[r.Code]; !in["default"] && !documented {
		t.Errorf("fixable rule is not in default (and not documented in fixableOutsideDefault): %v", r.Rulesets)
	}
	// cosmetic ⊂ default = iuc ⊂ strict.
	if in["cosmetic"] && !in["default"] {
		t.Error("cosmetic rules must be in default too")
	}
	if in["default"] != in["iuc"] {
		t.Error("iuc mirrors default")
	}
	if in["default"] && !in["strict"] {
		t.Error("strict contains everything in default")
	}
}

func checkPartition(t *testing.T, r *Rule, codes map[string]bool) {
	t.Helper()
	base, half, isHalf := strings.Cut(r.Code, ".")
	if !isHalf {
		if r.Parent != "" {
			t.Errorf("parent %q set on a rule that is not a partition half", r.Parent)
		}
		return
	}
	if r.Parent != base {
		t.Errorf("partition half needs Parent %q, has %q", base, r.Parent)
	}
	if r.DisplayCode() != base {
		t.Errorf("DisplayCode = %q, want the parent %q", r.DisplayCode(), base)
	}
	switch half {
	case "1":
		if r.Advisory() {
			t.Error("a .1 half is the fixable one")
		}
	case "2":
		if !r.Advisory() {
			t.Error("a .2 half is the advisory residual")
		}
	default:
		t.Errorf("partition halves are .1 and .2, not .%s", half)
	}
	kids := Children(base)
	switch why, pending := pendingHalves[base]; {
	case pending && len(kids) == 2:
		t.Errorf("parent %s has both halves now: drop it from pendingHalves (%s)", base, why)
	case !pending && len(kids) != 2:
		t.Errorf("parent %s has %d halves, want 2", base, len(kids))
	}
}

// pendingHalves are the partitions whose other half is not built yet.
var pendingHalves = map[string]string{}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func codesOf(rs []*Rule) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Code
	}
	return out
}

func TestMatch(t *testing.T) {
	tests := []struct {
		tok  string
		want []string
	}{
		{"GTR002", []string{"GTR002"}},
		{"gtr002", []string{"GTR002"}},
		{" GTR013 ", []string{"GTR013.1", "GTR013.2"}},
		{"GTR018.1", []string{"GTR018.1"}},
		{"gtr018.2", []string{"GTR018.2"}},
		{"GTR018", []string{"GTR018.1", "GTR018.2"}},
		{"gtr035", []string{"GTR035.1", "GTR035.2"}},
		{"XMLOrder", []string{"GTR013.1", "GTR013.2"}},
		{"xmlorder", []string{"GTR013.1", "GTR013.2"}},
		{"INPUTSNAMEREDUNDANTARGUMENT", []string{"GTR037.1", "GTR037.2"}},
		{"ToolNameWhitespace", []string{"GTR035.2"}},
		{"OutputsOutput", []string{"GTR036"}},
	}
	for _, tt := range tests {
		t.Run(tt.tok, func(t *testing.T) {
			rs, err := Match(tt.tok)
			if err != nil {
				t.Fatal(err)
			}
			if got := codesOf(rs); !slices.Equal(got, tt.want) {
				t.Errorf("Match(%q) = %v, want %v", tt.tok, got, tt.want)
			}
		})
	}
}

func TestUnknownNamesSuggest(t *testing.T) {
	tests := []struct {
		sel        Selection
		what, want string
	}{
		{Selection{Select: []string{"GTR0002"}}, "rule code or planemo linter", "GTR002"},
		{Selection{Select: []string{"XMLOrdr"}}, "rule code or planemo linter", "XMLOrder"},
		{Selection{Ignore: []string{"GTR01.1"}}, "rule code or planemo linter", ""},
		{Selection{Rulesets: []string{"defualt"}}, "ruleset", "default"},
		{Selection{Rulesets: []string{"STRCT"}}, "ruleset", "strict"},
	}
	for _, tt := range tests {
		_, err := tt.sel.Resolve()
		var ue *UnknownError
		if !errors.As(err, &ue) {
			t.Errorf("%+v: want an UnknownError, got %v", tt.sel, err)
			continue
		}
		if ue.What != tt.what {
			t.Errorf("%+v: What = %q, want %q", tt.sel, ue.What, tt.what)
		}
		if tt.want != "" && ue.Suggestion != tt.want {
			t.Errorf("%+v: suggestion %q, want %q (error: %v)", tt.sel, ue.Suggestion, tt.want, err)
		}
		if tt.want != "" && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: message %q does not name the suggestion", tt.sel, err)
		}
	}
	// Something far from every name gets no suggestion.
	_, err := Selection{Select: []string{"completely-unrelated-name"}}.Resolve()
	var ue *UnknownError
	if !errors.As(err, &ue) || ue.Suggestion != "" {
		t.Errorf("want an UnknownError without suggestion, got %v", err)
	}
}

func TestResolvePrecedence(t *testing.T) {
	tests := []struct {
		name string
		sel  Selection
		want func() []string
	}{
		{"default ruleset when none named", Selection{}, func() []string { return codesOf(RulesetRules("default")) }},
		{"ruleset names are case-insensitive", Selection{Rulesets: []string{"STRICT"}}, func() []string { return codesOf(RulesetRules("strict")) }},
		{"select replaces the ruleset", Selection{Rulesets: []string{"cosmetic"}, Select: []string{"GTR013"}}, func() []string { return []string{"GTR013.1", "GTR013.2"} }},
		{"ignore beats select", Selection{Select: []string{"GTR018,GTR013"}, Ignore: []string{"gtr018.2"}}, func() []string { return []string{"GTR013.1", "GTR013.2", "GTR018.1"} }},
		{"ignore a parent drops both halves", Selection{Rulesets: []string{"strict"}, Ignore: []string{"GTR019"}}, func() []string {
			var out []string
			for _, r := range RulesetRules("strict") {
				if r.Parent != "GTR019" {
					out = append(out, r.Code)
				}
			}
			return out
		}},
		{"ignore by planemo name", Selection{Select: []string{"GTR013", "GTR037"}, Ignore: []string{"xmlorder"}}, func() []string { return []string{"GTR037.1", "GTR037.2"} }},
		{"rulesets union", Selection{Rulesets: []string{"cosmetic,default"}}, func() []string { return codesOf(RulesetRules("default")) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs, err := tt.sel.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			if got, want := codesOf(rs), tt.want(); !slices.Equal(got, want) {
				t.Errorf("Resolve(%+v) = %v, want %v", tt.sel, got, want)
			}
		})
	}
	strict, err := Selection{Rulesets: []string{"strict"}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(codesOf(strict), "GTR018.2") || slices.Contains(codesOf(RulesetRules("default")), "GTR018.2") {
		t.Error("advisory halves belong to strict, not default")
	}
}

// randomCase spells s with random letter case.
func randomCase(t *rapid.T, s, label string) string {
	flips := rapid.SliceOfN(rapid.Bool(), len(s), len(s)).Draw(t, label)
	b := []byte(s)
	for i := range b {
		if flips[i] {
			b[i] = byte(strings.ToUpper(string(b[i]))[0])
		} else {
			b[i] = byte(strings.ToLower(string(b[i]))[0])
		}
	}
	return string(b)
}

// TestResolvePrecedenceProperty checks ruff's precedence on random
// selections: --ignore ▸ --select ▸ --ruleset, whatever the case and
// however the tokens are split across flags.
func TestResolvePrecedenceProperty(t *testing.T) {
	names := selectableNames()
	rulesets := rulesetNames()
	rapid.Check(t, func(t *rapid.T) {
		draw := func(label string, from []string, max int) []string {
			picked := rapid.SliceOfN(rapid.SampledFrom(from), 0, max).Draw(t, label)
			for i, p := range picked {
				picked[i] = randomCase(t, p, label+"-case")
			}
			return picked
		}
		sel := Selection{
			Rulesets: draw("rulesets", rulesets, 2),
			Select:   draw("select", names, 4),
			Ignore:   draw("ignore", names, 3),
		}
		got, err := sel.Resolve()
		if err != nil {
			t.Fatalf("Resolve(%+v): %v", sel, err)
		}
		in := map[*Rule]bool{}
		for _, r := range got {
			in[r] = true
		}
		matched := func(toks []string) map[*Rule]bool {
			out := map[*Rule]bool{}
			for _, tok := range toks {
				rs, err := Match(tok)
				if err != nil {
					t.Fatalf("Match(%q): %v", tok, err)
				}
				for _, r := range rs {
					out[r] = true
				}
			}
			return out
		}
		ignored, selected := matched(sel.Ignore), matched(sel.Select)
		base := map[*Rule]bool{}
		if len(sel.Select) > 0 {
			base = selected
		} else {
			sets := sel.Rulesets
			if len(sets) == 0 {
				sets = []string{DefaultRuleset}
			}
			for _, s := range sets {
				for _, r := range RulesetRules(strings.ToLower(s)) {
					base[r] = true
				}
			}
		}
		for _, r := range All {
			want := base[r] && !ignored[r]
			if in[r] != want {
				t.Fatalf("Resolve(%+v): %s selected=%v, want %v (base %v, ignored %v)",
					sel, r.Code, in[r], want, base[r], ignored[r])
			}
		}
		// The same tokens joined with commas in one flag select the same.
		joined := Selection{
			Rulesets: []string{strings.Join(sel.Rulesets, ",")},
			Select:   []string{strings.Join(sel.Select, ", ")},
			Ignore:   []string{strings.Join(sel.Ignore, ",")},
		}
		again, err := joined.Resolve()
		if err != nil || !slices.Equal(codesOf(again), codesOf(got)) {
			t.Fatalf("comma-joined %+v gives %v (err %v), want %v", joined, codesOf(again), err, codesOf(got))
		}
		if !sort.SliceIsSorted(got, func(i, j int) bool { return got[i].Code < got[j].Code }) {
			t.Fatalf("Resolve result is not sorted by code: %v", codesOf(got))
		}
	})
}

// TestAdvisoryRuleMetadata checks what every advisory rule owes its
// readers beyond the common metadata: an https reference to cite, and
// fromLint's wiring of its check.
func TestAdvisoryRuleMetadata(t *testing.T) {
	for _, r := range All {
		if !r.Advisory() {
			continue
		}
		if !strings.HasPrefix(r.Cite, "https://") {
			t.Errorf("%s: cite %q is not an https URL", r.Code, r.Cite)
		}
		if !slices.Equal(r.Rulesets, []string{"strict"}) {
			t.Errorf("%s: rulesets %v, want exactly [strict]", r.Code, r.Rulesets)
		}
		if ch := r.Lint(); ch != nil && (ch.Code != r.Code || !slices.Equal(ch.Linters, r.Planemo)) {
			t.Errorf("%s: the rule and its check disagree: check %s covers %v, rule %v", r.Code, ch.Code, ch.Linters, r.Planemo)
		}
	}
}

// TestPlanemoAliasesAreGalaxyLinters checks that every planemo linter a
// rule claims is one of Galaxy's classes, spelt as Galaxy spells it: a
// misspelt alias would select nothing and count as coverage of nothing.
func TestPlanemoAliasesAreGalaxyLinters(t *testing.T) {
	known := map[string]bool{}
	for _, l := range GalaxyLinters {
		known[l.Class] = true
	}
	for _, r := range All {
		for _, p := range r.Planemo {
			if !known[p] {
				t.Errorf("%s: planemo linter %q is not in Galaxy's linter list (linters.tsv)", r.Code, p)
			}
		}
	}
}

// TestPlanemoSelectionIgnoresCase checks that every planemo linter a rule
// claims selects it in any case, through Match and through Selection.
func TestPlanemoSelectionIgnoresCase(t *testing.T) {
	for _, r := range All {
		for _, p := range r.Planemo {
			for _, tok := range []string{p, strings.ToLower(p), strings.ToUpper(p)} {
				rs, err := Match(tok)
				if err != nil || !slices.Contains(rs, r) {
					t.Errorf("Match(%q) = %v, %v: want it to include %s", tok, codesOf(rs), err, r.Code)
				}
				rs, err = Selection{Select: []string{tok}}.Resolve()
				if err != nil || !slices.Contains(rs, r) {
					t.Errorf("-select %s selects %v, %v: want it to include %s", tok, codesOf(rs), err, r.Code)
				}
				rs, err = Selection{Rulesets: []string{"strict"}, Ignore: []string{tok}}.Resolve()
				if err != nil || slices.Contains(rs, r) {
					t.Errorf("-ignore %s leaves %v, %v: want it to drop %s", tok, codesOf(rs), err, r.Code)
				}
			}
		}
	}
}

// TestParityTable checks the parity table against the registry: every
// Galaxy linter is covered by a rule or has a reason, and each declared
// reason and companion still holds.
func TestParityTable(t *testing.T) {
	ps := PlanemoParity()
	if len(ps) != len(GalaxyLinters) {
		t.Fatalf("%d parity rows for %d linters", len(ps), len(GalaxyLinters))
	}
	claimed := map[string][]string{}
	for _, r := range All {
		for _, p := range r.Planemo {
			claimed[p] = append(claimed[p], r.Code)
		}
	}
	byClass := map[string]Parity{}
	for i, p := range ps {
		if p.Linter != GalaxyLinters[i] {
			t.Fatalf("row %d is %s, want %s: rows follow GalaxyLinters", i, p.Linter.Class, GalaxyLinters[i].Class)
		}
		byClass[p.Linter.Class] = p
		switch p.Status {
		case ParityHave:
			if len(p.Codes) == 0 || p.Reason != "" {
				t.Errorf("%s: HAVE needs covering codes and no reason, has %v, %q", p.Linter.Class, p.Codes, p.Reason)
			}
		case ParityPartial:
			if len(p.Codes) == 0 || p.Reason == "" {
				t.Errorf("%s: PARTIAL needs covering codes and a reason, has %v, %q", p.Linter.Class, p.Codes, p.Reason)
			}
		case ParityNone:
			if p.Reason == "" {
				t.Errorf("%s: NONE without a reason", p.Linter.Class)
			}
		}
		for _, c := range claimed[p.Linter.Class] {
			if !slices.Contains(p.Codes, c) {
				t.Errorf("%s: %s claims it but is not among its codes %v", p.Linter.Class, c, p.Codes)
			}
		}
	}
	for class, why := range parityReasons {
		p, ok := byClass[class]
		switch {
		case !ok:
			t.Errorf("parityReasons: %s is not a Galaxy linter", class)
		case why.reason == "" || why.status == ParityHave:
			t.Errorf("parityReasons: %s must declare NONE or PARTIAL with a reason", class)
		case why.status == ParityNone && len(claimed[class]) > 0:
			t.Errorf("parityReasons: %s is declared NONE (%s), but %v cover it: drop the reason", class, why.reason, claimed[class])
		case why.status == ParityPartial && len(claimed[class]) == 0:
			t.Errorf("parityReasons: %s is declared PARTIAL, but no rule lists it", class)
		case p.Status != why.status && len(companions[class]) == 0:
			t.Errorf("parityReasons: %s is declared %s, shows %s", class, why.status, p.Status)
		}
	}
	for class, note := range parityNotes {
		if p, ok := byClass[class]; !ok || note == "" || p.Note != note {
			t.Errorf("parityNotes: %s is not a Galaxy linter with that note", class)
		}
	}
	for class, subjects := range companions {
		if _, ok := byClass[class]; !ok {
			t.Errorf("companions: %s is not a Galaxy linter", class)
		}
		for _, s := range subjects {
			if _, ok := byClass[s]; !ok {
				t.Errorf("companions: %s's subject %s is not a Galaxy linter", class, s)
			}
			if len(companions[s]) > 0 {
				t.Errorf("companions: %s's subject %s is itself a companion", class, s)
			}
		}
	}
	// The declared reasons decide these whatever rules exist.
	for class, want := range map[string]ParityStatus{"CWLValid": ParityNone, "BioToolsValid": ParityPartial, "HelpValidRST": ParityHave} {
		if byClass[class].Status != want {
			t.Errorf("%s shows %s, want %s", class, byClass[class].Status, want)
		}
	}
	have, partial, none := ParityCounts(ps)
	if have+partial+none != len(ps) {
		t.Errorf("counts %d+%d+%d do not add up to %d", have, partial, none, len(ps))
	}
}

// TestParityCompanion checks how a companion linter follows its subject:
// TestsMissingDatasource (info only) is HAVE with GTR021's code because
// GTR021 covers TestsMissing, and ToolIDValid, whose ToolIDMissing no
// rule of this test covers, is NONE with a reason naming it.
func TestParityCompanion(t *testing.T) {
	p, ok := ParityOf("testsmissingdatasource")
	if !ok {
		t.Fatal("ParityOf does not find TestsMissingDatasource in lower case")
	}
	want, _ := ParityOf("TestsMissing")
	if p.Status != want.Status || !slices.Equal(p.Codes, want.Codes) {
		t.Errorf("TestsMissingDatasource: %s %v, want TestsMissing's %s %v", p.Status, p.Codes, want.Status, want.Codes)
	}
	saved := All
	defer func() { All = saved }()
	All = slices.DeleteFunc(slices.Clone(All), func(r *Rule) bool {
		return slices.ContainsFunc(r.Planemo, func(l string) bool { return strings.HasPrefix(l, "ToolID") })
	})
	p, _ = ParityOf("ToolIDValid")
	if p.Status != ParityNone || !strings.Contains(p.Reason, "ToolIDMissing") {
		t.Errorf("ToolIDValid without rules for its subject: %s %q, want NONE naming ToolIDMissing", p.Status, p.Reason)
	}
	if _, ok := ParityOf("NoSuchLinter"); ok {
		t.Error("ParityOf finds a linter Galaxy does not have")
	}
}

// TestLookup finds every rule by its code, in any case and with spaces
// around it, finds nothing for an unknown code, and follows All when a
// test replaces it (the index is of the list read last).
func TestLookup(t *testing.T) {
	for _, r := range All {
		for _, code := range []string{r.Code, strings.ToLower(r.Code), " " + r.Code + "\n"} {
			if got := Lookup(code); got != r {
				t.Errorf("Lookup(%q) = %v, want %s", code, got, r.Code)
			}
		}
	}
	if r := Lookup("GTR999"); r != nil {
		t.Errorf("Lookup(GTR999) = %s, want nil", r.Code)
	}
	saved := All
	defer func() { All = saved }()
	All = slices.DeleteFunc(slices.Clone(All), func(r *Rule) bool { return r.Code == "GTR001" })
	if r := Lookup("GTR001"); r != nil {
		t.Errorf("Lookup(GTR001) after its removal from All = %s, want nil", r.Code)
	}
	if r := Lookup("GTR002"); r == nil || r.Code != "GTR002" {
		t.Errorf("Lookup(GTR002) after GTR001's removal = %v", r)
	}
}
