package upgrade

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// fixConditions tells, for each runtime fix, whether a tool still has
// what the fix's behaviour code is about, read from the expanded view
// independently of the step's own code.
var fixConditions = map[string]func(root *macros.Element) bool{
	// A dataset output whose from_work_dir has whitespace around it.
	"GTR014": func(root *macros.Element) bool {
		for _, e := range outputElements(root) {
			if e.Tag != "data" && !(e.Tag == "output" && attrIs(e, "type", "data")) {
				continue
			}
			if v, ok := e.Get("from_work_dir"); ok && v != strings.TrimSpace(v) {
				return true
			}
		}
		return false
	},
	// format="input" (or ext="input" on <discover_datasets>) anywhere in
	// the outputs.
	"GTR015": func(root *macros.Element) bool {
		for _, e := range outputElements(root) {
			if attrIs(e, "format", "input") || e.Tag == "discover_datasets" && attrIs(e, "ext", "input") {
				return true
			}
		}
		return false
	},
	// An interpreter attribute on the <command> Galaxy reads.
	"GTR016": func(root *macros.Element) bool {
		cmd := firstChild(root, "command")
		return cmd != nil && hasAttr(cmd, "interpreter")
	},
}

// outputElements returns every element inside the first <outputs>.
func outputElements(root *macros.Element) []*macros.Element {
	outs := firstChild(root, "outputs")
	if outs == nil {
		return nil
	}
	var all []*macros.Element
	for e := range outs.Descendants() {
		all = append(all, e)
	}
	return all
}

// TestFixesClearCondition checks, on every golden case of the runtime
// fixes, that a case the fix applies to had the condition its code is
// about, and that the fixed tool no longer has it.
func TestFixesClearCondition(t *testing.T) {
	for code, cond := range fixConditions {
		s := LookupStep(code)
		if s == nil {
			t.Fatalf("%s is not registered", code)
		}
		cases, _ := filepath.Glob(filepath.Join("testdata", "steps", code, "*.txtar"))
		for _, path := range cases {
			t.Run(code+"/"+strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				a := parseTxtar(string(data))
				files := map[string][]byte{}
				for _, n := range a.names {
					if n != "tool.xml" && n != "target" && n != "refused" && !strings.HasPrefix(n, "want ") {
						files[n] = []byte(a.files[n])
					}
				}
				d := NewDoc("tool.xml", []byte(a.files["tool.xml"]), macros.Options{Files: files, NoDisk: true})
				p := s.Plan(d)
				had := cond(d.Root)
				if len(p.Edits) == 0 {
					if had && len(p.Refused) == 0 {
						t.Errorf("the tool has the condition of %s and the step neither fixes nor refuses", s.Clears)
					}
					return
				}
				if !had {
					t.Errorf("the step edits a tool without the condition of %s", s.Clears)
				}
				out, err := rewrite.ApplyFiles(d.Files(), p.Edits)
				if err != nil {
					t.Fatal(err)
				}
				tool := out["tool.xml"]
				if tool == nil {
					tool = []byte(a.files["tool.xml"])
				}
				for f, b := range out {
					files[f] = b
				}
				d2 := NewDoc("tool.xml", tool, macros.Options{Files: files, NoDisk: true})
				if d2.View == nil {
					t.Fatalf("the fixed tool does not expand: %v", d2.Err)
				}
				if cond(d2.Root) {
					t.Errorf("the fixed tool still has the condition of %s", s.Clears)
				}
			})
		}
	}
}

// TestFixChangesExact checks that the view changes the runtime fixes
// declare accept their own rewrite and refuse a rewrite that differs from
// it: the expansion-equality gate, given a fix's changes, passes only the
// fix's output.
func TestFixChangesExact(t *testing.T) {
	tests := []struct {
		name          string
		step          *Step
		before, after string
		ok            bool
	}{
		{"GTR014 strips", GTR014,
			`<tool><outputs><data name="o" from_work_dir=" o.txt "/></outputs></tool>`,
			`<tool><outputs><data name="o" from_work_dir="o.txt"/></outputs></tool>`, true},
		{"GTR014 strips one side only", GTR014,
			`<tool><outputs><data name="o" from_work_dir=" o.txt "/></outputs></tool>`,
			`<tool><outputs><data name="o" from_work_dir="o.txt "/></outputs></tool>`, false},
		{"GTR014 renames the file", GTR014,
			`<tool><outputs><data name="o" from_work_dir=" o.txt "/></outputs></tool>`,
			`<tool><outputs><data name="o" from_work_dir="p.txt"/></outputs></tool>`, false},
		{"GTR014 strips a collection's attribute", GTR014,
			`<tool><outputs><collection name="c" from_work_dir=" o "/></outputs></tool>`,
			`<tool><outputs><collection name="c" from_work_dir="o"/></outputs></tool>`, false},
		{"GTR015 names the one input", GTR015,
			`<tool><inputs><param name="i" type="data"/></inputs><outputs><data name="o" format="input"/></outputs></tool>`,
			`<tool><inputs><param name="i" type="data"/></inputs><outputs><data name="o" format_source="i"/></outputs></tool>`, true},
		{"GTR015 names another input", GTR015,
			`<tool><inputs><param name="i" type="data"/></inputs><outputs><data name="o" format="input"/></outputs></tool>`,
			`<tool><inputs><param name="i" type="data"/></inputs><outputs><data name="o" format_source="j"/></outputs></tool>`, false},
		{"GTR015 drops format only", GTR015,
			`<tool><inputs><param name="i" type="data"/></inputs><outputs><data name="o" format="input"/></outputs></tool>`,
			`<tool><inputs><param name="i" type="data"/></inputs><outputs><data name="o"/></outputs></tool>`, false},
		{"GTR015 with two inputs", GTR015,
			`<tool><inputs><param name="i" type="data"/><param name="j" type="data"/></inputs><outputs><data name="o" format="input"/></outputs></tool>`,
			`<tool><inputs><param name="i" type="data"/><param name="j" type="data"/></inputs><outputs><data name="o" format_source="i"/></outputs></tool>`, false},
		{"GTR016 inlines", GTR016,
			`<tool><command interpreter="python">x.py $a</command></tool>`,
			`<tool><command>python '$__tool_directory__/x.py' $a</command></tool>`, true},
		{"GTR016 drops the attribute only", GTR016,
			`<tool><command interpreter="python">x.py $a</command></tool>`,
			`<tool><command>x.py $a</command></tool>`, false},
		{"GTR016 inlines without quotes", GTR016,
			`<tool><command interpreter="python">x.py $a</command></tool>`,
			`<tool><command>python $__tool_directory__/x.py $a</command></tool>`, false},
		{"GTR016 drops an empty interpreter", GTR016,
			`<tool><command interpreter="">x.py $a</command></tool>`,
			`<tool><command>x.py $a</command></tool>`, true},
		{"GTR016 keeps the attribute", GTR016,
			`<tool><command interpreter="python">x.py $a</command></tool>`,
			`<tool><command interpreter="python">python '$__tool_directory__/x.py' $a</command></tool>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mo := macros.Options{NoDisk: true}
			x := &rewrite.Expansion{File: "tool.xml", Macros: mo, Data: rules.IsPayload, Allow: tt.step.Changes}
			_, err := x.CompareExpanded([]byte(tt.before), []byte(tt.after))
			if ok := err == nil; ok != tt.ok {
				t.Errorf("gate passes: %v, want %v (%v)", ok, tt.ok, err)
			}
		})
	}
}
