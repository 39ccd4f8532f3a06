package rename

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"pgregory.net/rapid"
)

// propNames are the names the generated tools and renames use: few, so
// that they collide (a name taken, a name bound by #set).
var propNames = []string{"a", "b", "in_file", "mode", "c", "x"}

// propTool draws a tool that names its parameters in the ways the index
// knows: placeholders of every shape in the command, directives, a
// comment, a #raw block, a #set; a configfile, an environment variable,
// an output label, filter and format_source, a change_format, a
// conditional read as a member, a param named by argument= alone, a token,
// tests naming parameters flat and nested. Each part may be written in the
// tool or brought in by an <expand> from the macro file.
func propTool(t *rapid.T) (tool, macroFile string) {
	name := func(label string) string { return rapid.SampledFrom(propNames).Draw(t, label) }
	var tb, mb strings.Builder
	tb.WriteString("<tool id=\"t\" name=\"T\" version=\"1.0\">\n    <macros>\n        <import>macros.xml</import>\n")
	if rapid.Bool().Draw(t, "token") {
		fmt.Fprintf(&tb, "        <token name=\"@ARG@\"><![CDATA[--%s '$%s']]></token>\n", name("token flag"), name("token ref"))
	}
	tb.WriteString("    </macros>\n")
	mb.WriteString("<macros>\n")
	part := func(label, body string) {
		if rapid.Bool().Draw(t, label+" in macro") {
			fmt.Fprintf(&mb, "    <xml name=%q>\n%s    </xml>\n", label, body)
			fmt.Fprintf(&tb, "    <expand macro=%q/>\n", label)
			return
		}
		tb.WriteString(body)
	}
	var cmd strings.Builder
	for i := range rapid.IntRange(1, 6).Draw(t, "command lines") {
		shape := rapid.SampledFrom([]string{
			"echo '$%s'\n", "echo ${%s}\n", "echo $%s.ext\n", "echo $c.%s\n", "#if $%s\necho yes\n#end if\n",
			"#if %s == 'x'\necho no\n#end if\n", "## $%s in a comment\n", "#raw\n$%s\n#end raw\n", "echo \\$%s\n",
			"#set $%s = 1\n", "echo $getVar('%s')\n", "#for $r in $rep\necho $r.%s\n#end for\n", "echo @ARG@ $%s\n",
		}).Draw(t, fmt.Sprintf("command line %d", i))
		fmt.Fprintf(&cmd, shape, name(fmt.Sprintf("command name %d", i)))
	}
	part("cmd", "    <command><![CDATA[\n"+cmd.String()+"]]></command>\n")
	if rapid.Bool().Draw(t, "configfile") {
		part("cf", fmt.Sprintf("    <configfiles>\n        <configfile name=\"script\">print('$%s')</configfile>\n    </configfiles>\n", name("configfile ref")))
	}
	var in strings.Builder
	in.WriteString("    <inputs>\n")
	for i := range rapid.IntRange(1, 4).Draw(t, "params") {
		n := name(fmt.Sprintf("param %d", i))
		if rapid.IntRange(0, 4).Draw(t, fmt.Sprintf("argument %d", i)) == 0 {
			fmt.Fprintf(&in, "        <param argument=\"--%s\" type=\"text\" label=\"L\"/>\n", strings.ReplaceAll(n, "_", "-"))
			continue
		}
		fmt.Fprintf(&in, "        <param name=%q type=\"text\" label=\"L\"/>\n", n)
	}
	if rapid.Bool().Draw(t, "conditional") {
		fmt.Fprintf(&in, "        <conditional name=\"c\">\n            <param name=\"sel\" type=\"select\"><option value=\"a\">A</option></param>\n"+
			"            <when value=\"a\"><param name=%q type=\"text\"/></when>\n        </conditional>\n", name("member"))
	}
	if rapid.Bool().Draw(t, "repeat") {
		fmt.Fprintf(&in, "        <repeat name=\"rep\" title=\"R\"><param name=%q type=\"text\"/></repeat>\n", name("repeat member"))
	}
	in.WriteString("    </inputs>\n")
	part("ins", in.String())
	var out strings.Builder
	out.WriteString("    <outputs>\n")
	fmt.Fprintf(&out, "        <data name=\"out\" format_source=%q label=\"${%s.name}\">\n", name("format_source"), name("label"))
	if rapid.Bool().Draw(t, "filter") {
		fmt.Fprintf(&out, "            <filter>%s</filter>\n", rapid.SampledFrom([]string{"%s", "%s == 'x'", "c['%s']", "'%s' in x"}).Draw(t, "filter shape"))
	}
	if rapid.Bool().Draw(t, "change_format") {
		fmt.Fprintf(&out, "            <change_format><when input=%q value=\"x\" format=\"txt\"/></change_format>\n", name("when"))
	}
	out.WriteString("        </data>\n    </outputs>\n")
	part("outs", strings.ReplaceAll(out.String(), "%s", name("filter name")))
	if rapid.Bool().Draw(t, "tests") {
		part("tests", fmt.Sprintf("    <tests>\n        <test>\n            <param name=%q value=\"1\"/>\n            <param name=\"c|%s\" value=\"2\"/>\n        </test>\n    </tests>\n",
			name("test name"), name("test member")))
	}
	if rapid.Bool().Draw(t, "env") {
		part("env", fmt.Sprintf("    <environment_variables>\n        <environment_variable name=\"E\">$%s</environment_variable>\n    </environment_variables>\n", name("env")))
	}
	tb.WriteString("    <help><![CDATA[Mentions $a and b.]]></help>\n</tool>\n")
	mb.WriteString("</macros>\n")
	return tb.String(), mb.String()
}

// renameProperty: a rename that is made changes exactly the bytes
// find-references reports (the name, at each place it lists; a name=
// added to a param named by argument=), and renaming back restores every
// file.
func renameProperty(t *rapid.T) {
	tool, mac := propTool(t)
	old, new := rapid.SampledFrom(propNames).Draw(t, "old"), rapid.SampledFrom(append(propNames, "fresh")).Draw(t, "new")
	files := map[string][]byte{"macros.xml": []byte(mac)}
	res, err := Rename("tool.xml", []byte(tool), old, new, macros.Options{Files: files, NoDisk: true})
	if err != nil {
		t.Fatalf("rename: %v\n%s", err, tool)
	}
	if res.Bail != nil {
		if res.Bail.Reason == GateRefused {
			t.Fatalf("a gate refuses %s → %s: %s\n%s\n%s", old, new, res.Bail.Detail, tool, mac)
		}
		return
	}
	orig := map[string][]byte{"tool.xml": []byte(tool), "macros.xml": []byte(mac)}
	// The bytes changed are the places find-references lists.
	want := expectedRename(t, res.Index, old, new, orig)
	for f, b := range res.Files {
		if !bytes.Equal(b, want[f]) {
			t.Fatalf("%s after renaming %s to %s:\n%s\nwant (the places find-references lists):\n%s", f, old, new, b, want[f])
		}
	}
	for f, b := range want {
		if _, ok := res.Files[f]; !ok && !bytes.Equal(b, orig[f]) {
			t.Fatalf("%s is not rewritten, though find-references lists %s there", f, old)
		}
	}
	// Renaming back restores every file.
	after := map[string][]byte{"macros.xml": []byte(mac)}
	if b, ok := res.Files["macros.xml"]; ok {
		after["macros.xml"] = b
	}
	renamed := orig["tool.xml"]
	if b, ok := res.Files["tool.xml"]; ok {
		renamed = b
	}
	back, err := Rename("tool.xml", renamed, new, old, macros.Options{Files: after, NoDisk: true})
	if err != nil || back.Bail != nil {
		t.Fatalf("renaming back %s → %s: %v %v", new, old, err, back.Bail)
	}
	for f, b := range back.Files {
		if !bytes.Equal(b, orig[f]) {
			t.Fatalf("renaming back does not restore %s:\n%s\nwant:\n%s", f, b, orig[f])
		}
	}
}

// expectedRename returns the files of x with old replaced by new at every
// place x's occurrences of old list, and name="new" added after the
// argument of a param that takes its name from it.
func expectedRename(t *rapid.T, x *refs.Index, old, new string, orig map[string][]byte) map[string][]byte {
	type edit struct {
		at, end int
		text    string
	}
	by := map[string][]edit{}
	for _, r := range x.Occurrences(old) {
		src := orig[r.Loc.File]
		if r.Derived {
			el := x.View.Node(r.At.Elem.Loc)
			a := el.Attr("argument")
			by[r.Loc.File] = append(by[r.Loc.File], edit{a.Span().End, a.Span().End, ` name="` + new + `"`})
			continue
		}
		if got := string(src[r.Loc.Span.Start:r.Loc.Span.End]); got != old {
			t.Fatalf("find-references lists %s at %s:%v, where the bytes are %q", old, r.Loc.File, r.Loc.Span, got)
		}
		by[r.Loc.File] = append(by[r.Loc.File], edit{r.Loc.Span.Start, r.Loc.Span.End, new})
	}
	out := map[string][]byte{}
	for f, src := range orig {
		edits := by[f]
		slices.SortFunc(edits, func(a, b edit) int { return a.at - b.at })
		var b []byte
		last := 0
		for _, e := range edits {
			b = append(append(b, src[last:e.at]...), e.text...)
			last = e.end
		}
		out[f] = append(b, src[last:]...)
	}
	return out
}

func TestRenameProperty(t *testing.T) { rapid.Check(t, renameProperty) }

func FuzzRenameRapid(f *testing.F) { f.Fuzz(rapid.MakeFuzz(renameProperty)) }

// FuzzRename renames a name in arbitrary bytes taken as a tool (with an
// arbitrary macro file): nothing makes it panic; it returns an error only
// for a tool that is not well-formed, not a tool or does not expand; a
// rename it makes leaves a well-formed tool and passes the gates again.
func FuzzRename(f *testing.F) {
	for _, s := range []struct{ tool, mac, old, new string }{
		{`<tool id="t" name="t" version="1"><command>echo $x</command><inputs><param name="x" type="text"/></inputs></tool>`, "<macros/>", "x", "y"},
		{`<tool id="t" name="t" version="1"><macros><import>macros.xml</import></macros><expand macro="c"/><inputs><param argument="--x" type="text"/></inputs></tool>`,
			`<macros><xml name="c"><command>#if $x
echo '$x'
#end if</command></xml></macros>`, "x", "y"},
		{`<tool id="t" name="t" version="1"><command>#set $x = 1
$x</command><inputs><param name="x" type="text"/></inputs></tool>`, "<macros/>", "x", "y"},
	} {
		f.Add([]byte(s.tool), []byte(s.mac), s.old, s.new)
	}
	f.Fuzz(func(t *testing.T, tool, mac []byte, old, new string) {
		opts := macros.Options{Files: map[string][]byte{"macros.xml": mac}, NoDisk: true, MaxExpansion: 4}
		res, err := Rename("tool.xml", tool, old, new, opts)
		if err != nil {
			return
		}
		if res.Bail != nil {
			if res.Bail.Reason == GateRefused {
				t.Fatalf("a gate refuses %q → %q: %s", old, new, res.Bail.Detail)
			}
			return
		}
		out, ok := res.Files["tool.xml"]
		if !ok {
			out = tool
		}
		if !cst.Parse("tool.xml", out).WellFormed() {
			t.Fatalf("the renamed tool is not well-formed:\n%s", out)
		}
		x2, err := res.Plan.Check(opts, res.Files)
		if err != nil {
			t.Fatalf("the gates refuse the rename they passed: %v", err)
		}
		if err := res.Plan.RoundTrip(x2); err != nil {
			t.Fatalf("the round trip fails again: %v", err)
		}
	})
}

// TestPropToolShapes keeps the generator honest: the tools it draws are
// well-formed and expand.
func TestPropToolShapes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tool, mac := propTool(t)
		if _, err := macros.Expand("tool.xml", []byte(tool), macros.Options{Files: map[string][]byte{"macros.xml": []byte(mac)}, NoDisk: true}); err != nil {
			t.Fatalf("%v\n%s\n%s", err, tool, mac)
		}
	})
}
