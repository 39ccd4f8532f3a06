package rename

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// tool wraps a command and inputs (and more) in a tool.
func tool(command, inputs, rest string) string {
	return `<tool id="t" name="t" version="1"><macros><import>m.xml</import></macros><command><![CDATA[` + command + `]]></command><inputs>` + inputs + `</inputs>` + rest + `</tool>`
}

// TestRenameCases renames in small tools: each case either bails with a
// reason whose detail holds a phrase, or rewrites the tool (and m.xml) as
// expected.
func TestRenameCases(t *testing.T) {
	param := `<param name="x" type="text"/>`
	tests := []struct {
		name, tool, mac, old, new string
		reason, detail            string // the bail
		want, wantMac             string // the rewrite ("" for m.xml: unchanged)
	}{
		{name: "command and test", tool: tool("echo $x '${x}' $x.ext", param, `<tests><test><param name="x" value="1"/></test></tests>`), old: "x", new: "y",
			want: tool("echo $y '${y}' $y.ext", `<param name="y" type="text"/>`, `<tests><test><param name="y" value="1"/></test></tests>`)},
		{name: "member of a conditional", tool: tool("$c.x #for $r in $rep\n$r.z\n#end for", `<conditional name="c"><param name="s" type="select"><option value="a">a</option></param><when value="a">`+param+`</when></conditional><repeat name="rep" title="r"><param name="z" type="text"/></repeat>`, `<tests><test><param name="c|x" value="1"/></test></tests>`), old: "x", new: "y",
			want: tool("$c.y #for $r in $rep\n$r.z\n#end for", `<conditional name="c"><param name="s" type="select"><option value="a">a</option></param><when value="a"><param name="y" type="text"/></when></conditional><repeat name="rep" title="r"><param name="z" type="text"/></repeat>`, `<tests><test><param name="c|y" value="1"/></test></tests>`)},
		{name: "reference in the macro file", tool: tool("@CMD@", param, ""), mac: `<macros><token name="@CMD@">run '$x'</token></macros>`, old: "x", new: "y",
			want: tool("@CMD@", `<param name="y" type="text"/>`, ""), wantMac: `<macros><token name="@CMD@">run '$y'</token></macros>`},
		{name: "argument only", tool: tool("run $min_len", `<param argument="--min-len" type="integer"/>`, ""), old: "min_len", new: "len",
			want: tool("run $len", `<param argument="--min-len" name="len" type="integer"/>`, "")},
		{name: "back to the argument's name", tool: tool("run $len", `<param argument="--min-len" name="len" type="integer"/>`, ""), old: "len", new: "min_len",
			want: tool("run $min_len", `<param argument="--min-len" type="integer"/>`, "")},
		{name: "invalid name", tool: tool("$x", param, ""), old: "x", new: "y-z", reason: InvalidName, detail: "valid identifiers"},
		{name: "keyword", tool: tool("$x", param, ""), old: "x", new: "class", reason: InvalidName},
		{name: "Galaxy's name", tool: tool("$__tool_directory__", `<param name="__tool_directory__" type="text"/>`, ""), old: "__tool_directory__", new: "d", reason: InvalidName, detail: "Galaxy provides"},
		{name: "no-op", tool: tool("$x", param, ""), old: "x", new: "x", reason: NoOp},
		{name: "not found", tool: tool("$x", param, ""), old: "w", new: "y", reason: NotFound},
		{name: "reference without a parameter", tool: tool("$w", param, ""), old: "w", new: "y", reason: NotFound, detail: "not to a parameter"},
		{name: "shadowed by #set", tool: tool("#set $x = 1\n$x", param, ""), old: "x", new: "y", reason: Shadowed, detail: "#set binds x"},
		{name: "NEW bound by #for", tool: tool("$x\n#for $y in $l\n$y\n#end for", param, ""), old: "x", new: "y", reason: Shadowed, detail: "#for binds y"},
		{name: "mixed content", tool: `<tool id="t" name="t" version="1"><command>$x <b/></command><inputs>` + param + `</inputs></tool>`, old: "x", new: "y", reason: MixedContent},
		{name: "lexer bail", tool: tool("#if $x\nrun", param, ""), old: "x", new: "y", reason: LexerBail, detail: "does not parse as Cheetah"},
		{name: "filter string", tool: tool("$x", param, `<outputs><data name="o" format="txt"><filter>x == 'x'</filter></data></outputs>`), old: "x", new: "y", reason: FilterBareRef, detail: "the string 'x'"},
		{name: "filter that does not parse", tool: tool("$x", param, `<outputs><data name="o" format="txt"><filter>(x and</filter></data></outputs>`), old: "x", new: "y", reason: FilterBareRef, detail: "does not parse"},
		{name: "filter name", tool: tool("$x", param, `<outputs><data name="o" format="txt"><filter>x and x.ext == 'bam'</filter></data></outputs>`), old: "x", new: "y",
			want: tool("$y", `<param name="y" type="text"/>`, `<outputs><data name="o" format="txt"><filter>y and y.ext == 'bam'</filter></data></outputs>`)},
		{name: "unmodeled attribute", tool: tool("$x", param, `<outputs><data name="o" format="txt" some_future_ref="x"/></outputs>`), old: "x", new: "y", reason: CrossRefResidual, detail: "gtr does not know this attribute"},
		{name: "unresolved member", tool: tool("$f().x", `<conditional name="c"><param name="s" type="select"><option value="a">a</option></param><when value="a">`+param+`</when></conditional>`, ""), old: "x", new: "y", reason: CrossRefResidual, detail: "cannot resolve"},
		{name: "inputs as JSON", tool: tool("$x", param, `<configfiles><inputs name="j"/></configfiles>`), old: "x", new: "y", reason: CrossRefResidual, detail: "JSON keys"},
		{name: "token used elsewhere", tool: tool("run @N@", `<param name="@N@" type="text"/>`, `<help>@N@</help>`), mac: `<macros><token name="@N@">x</token></macros>`, old: "x", new: "y", reason: CrossRefResidual, detail: "also make the text of <command>"},
		{name: "name taken", tool: tool("$x $y", param+`<param name="y" type="text"/>`, ""), old: "x", new: "y", reason: NameTaken, detail: "already defines y"},
		{name: "name read already", tool: tool("$x $y", param, ""), old: "x", new: "y", reason: NameTaken, detail: "already reads $y"},
		{name: "NEW in an unmodeled attribute", tool: tool("$x", param, `<outputs><data name="o" format="txt" some_future_ref="y"/></outputs>`), old: "x", new: "y", reason: NameTaken, detail: "may name y already"},
		{name: "not invertible", tool: tool("$split", `<param argument="--split" name="split" type="integer"/>`, ""), old: "split", new: "size", reason: NotInvertible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mac := tt.mac
			if mac == "" {
				mac = "<macros/>"
			}
			res, err := Rename("tool.xml", []byte(tt.tool), tt.old, tt.new, macros.Options{Files: map[string][]byte{"m.xml": []byte(mac)}, NoDisk: true})
			if err != nil {
				t.Fatal(err)
			}
			if tt.reason != "" {
				if res.Bail == nil || res.Bail.Reason != tt.reason || !strings.Contains(res.Bail.Detail, tt.detail) {
					t.Fatalf("got %v, want the bail %s (%q)", res.Bail, tt.reason, tt.detail)
				}
				if len(res.Files) > 0 {
					t.Errorf("a bail returns files")
				}
				return
			}
			if res.Bail != nil {
				t.Fatalf("bail %v", res.Bail)
			}
			if got := string(res.Files["tool.xml"]); got != tt.want {
				t.Errorf("tool:\n%s\nwant:\n%s", got, tt.want)
			}
			if got, ok := res.Files["m.xml"]; ok != (tt.wantMac != "") || ok && string(got) != tt.wantMac {
				t.Errorf("m.xml:\n%s\nwant:\n%s", got, tt.wantMac)
			}
		})
	}
}

// TestGateRefusesOtherEdits checks that the expansion-equality gate
// accepts the plan's changes only: the same plan, with an edit it did not
// plan added, is refused.
func TestGateRefusesOtherEdits(t *testing.T) {
	src := tool("echo $x", `<param name="x" type="text" label="L"/>`, "")
	opts := macros.Options{Files: map[string][]byte{"m.xml": []byte("<macros/>")}, NoDisk: true}
	res, err := Rename("tool.xml", []byte(src), "x", "y", opts)
	if err != nil || res.Bail != nil {
		t.Fatal(err, res.Bail)
	}
	after := map[string][]byte{"tool.xml": []byte(strings.Replace(string(res.Files["tool.xml"]), `label="L"`, `label="M"`, 1))}
	if _, err := res.Plan.Check(opts, after); err == nil || !strings.Contains(err.Error(), `label="L" became "M"`) {
		t.Errorf("the gate lets an edit the plan did not make through: %v", err)
	}
	after = map[string][]byte{"tool.xml": []byte(strings.Replace(src, "echo $x", "echo $y", 1))}
	if _, err := res.Plan.Check(opts, after); err == nil {
		t.Errorf("the gate lets a rename of the command alone through")
	}
}
