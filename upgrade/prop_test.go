package upgrade

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"pgregory.net/rapid"
)

// propTool draws a tool made of the things upgrades change: a profile
// written in place, as a token of the tool or of its macro file, or
// absent; an interpreter; outputs without a name, with format="input",
// with whitespace around from_work_dir, in collections with filters;
// datatypes in capitals; stdio codes; trackster_conf; tests naming nested
// parameters flat. Each part may be written in the tool or brought in by
// an <expand> from the macro file.
func propTool(t *rapid.T) (tool, macroFile string) {
	var tb, mb strings.Builder
	profile := rapid.SampledFrom([]string{"", "16.04", "18.01", "19.01", "20.05", "21.01", "21.09", "22.05",
		"23.0", "24.0", "24.1", "24.2", "25.1", "26.0", "21.1", "@PROFILE@", "@LOCAL@", "x"}).Draw(t, "profile")
	attr := ""
	if profile != "" {
		attr = fmt.Sprintf(" profile=%q", profile)
	}
	fmt.Fprintf(&tb, "<tool id=\"t\" name=\"T\" version=\"1.0\"%s>\n    <macros>\n        <import>macros.xml</import>\n", attr)
	if profile == "@LOCAL@" {
		fmt.Fprintf(&tb, "        <token name=\"@LOCAL@\">%s</token>\n", rapid.SampledFrom([]string{"20.01", "23.0", "@X@"}).Draw(t, "local"))
	}
	tb.WriteString("    </macros>\n")
	mb.WriteString("<macros>\n")
	fmt.Fprintf(&mb, "    <token name=\"@PROFILE@\">%s</token>\n", rapid.SampledFrom([]string{"19.01", "21.05", "24.0"}).Draw(t, "token profile"))
	part := func(name, body string) {
		if rapid.Bool().Draw(t, name+" in macro") {
			fmt.Fprintf(&mb, "    <xml name=%q>\n%s    </xml>\n", name, body)
			fmt.Fprintf(&tb, "    <expand macro=%q/>\n", name)
			return
		}
		tb.WriteString(body)
	}
	command := rapid.SampledFrom([]string{
		"    <command><![CDATA[cat '$input' > '$out1']]></command>\n",
		"    <command interpreter=\"python\">script.py '$input' '$out1'</command>\n",
		"    <command interpreter=\"bash\">#if $input\nrun.sh\n#end if</command>\n",
	}).Draw(t, "command")
	part("cmd", command)
	inputs := "    <inputs>\n        <param name=\"input\" type=\"data\" format=\"txt\" label=\"In\"/>\n"
	if rapid.Bool().Draw(t, "conditional") {
		inputs += "        <conditional name=\"c\">\n            <param name=\"sel\" type=\"select\" label=\"S\">\n" +
			"                <option value=\"a\">A</option>\n                <option value=\"b\">B</option>\n            </param>\n" +
			"            <when value=\"a\">\n                <param name=\"deep\" type=\"integer\" value=\"1\" label=\"D\"/>\n            </when>\n" +
			"            <when value=\"b\"/>\n        </conditional>\n"
	}
	inputs += "    </inputs>\n"
	part("inputs", inputs)
	outs := "    <outputs>\n"
	outs += "        " + rapid.SampledFrom([]string{
		`<data name="out1" format="txt"/>`,
		`<data name="out1" format="input"/>`,
		`<data name="out1" format="TXT"/>`,
		`<data name="out1" format="txt" from_work_dir=" out.txt "/>`,
		`<data format="txt"/>`,
	}).Draw(t, "output") + "\n"
	if rapid.Bool().Draw(t, "collection") {
		outs += "        <collection name=\"col\" type=\"list\">\n            <data name=\"e1\" format=\"txt\"><filter>x</filter></data>\n" +
			"            <data name=\"e2\" format=\"txt\"><filter>x</filter></data>\n        </collection>\n"
	}
	outs += "    </outputs>\n"
	part("outputs", outs)
	if rapid.Bool().Draw(t, "stdio") {
		part("stdio", "    <stdio>\n        <exit_code range=\"1:\" level=\"fatal\"/>\n    </stdio>\n")
	}
	if rapid.Bool().Draw(t, "trackster") {
		tb.WriteString("    <trackster_conf/>\n")
	}
	if rapid.Bool().Draw(t, "tests") {
		name := rapid.SampledFrom([]string{"input", "deep", "c|deep", "nothere"}).Draw(t, "test param")
		part("tests", fmt.Sprintf("    <tests>\n        <test>\n            <param name=\"input\" value=\"a.txt\"/>\n            <param name=%q value=\"2\"/>\n        </test>\n    </tests>\n", name))
	}
	tb.WriteString("    <help><![CDATA[Help.]]></help>\n</tool>\n")
	mb.WriteString("</macros>\n")
	return tb.String(), mb.String()
}

// upgradeProperty: an upgrade never lowers a profile, never returns a
// tool that does not validate at the profile it reached, and upgrading
// its result again changes nothing.
func upgradeProperty(t *rapid.T) {
	tool, mac := propTool(t)
	mo := macros.Options{Files: map[string][]byte{"macros.xml": []byte(mac)}, NoDisk: true}
	opts := Options{Macros: mo}
	switch rapid.IntRange(0, 3).Draw(t, "mode") {
	case 1:
		opts.Modernize = true
	case 2:
		opts.Modernize, opts.AllowBehaviorChange = true, true
	case 3:
		opts.TargetProfile = rapid.SampledFrom(Profiles()).Draw(t, "target")
	}
	res, err := Upgrade("tool.xml", []byte(tool), opts)
	if err != nil {
		return // a tool that is not well-formed or whose run stops: an error, nothing returned
	}
	if res.Refused != "" && (string(res.Formatted) != tool || len(res.Files) > 0) {
		t.Fatalf("refused (%s) but the output differs", res.Refused)
	}
	if !res.Changed {
		return
	}
	if less(res.ReachedProfile, res.BaselineProfile) {
		t.Fatalf("the profile went down: %s → %s", res.BaselineProfile, res.ReachedProfile)
	}
	amo := outputOptions(mo, res)
	out := NewDoc("tool.xml", res.Formatted, amo)
	if out.View == nil {
		t.Fatalf("the output does not expand: %v\n%s", out.Err, res.Formatted)
	}
	if p, ok := out.Root.Get("profile"); ok && less(p, res.BaselineProfile) {
		t.Fatalf("the output declares %s, below the baseline %s", p, res.BaselineProfile)
	}
	if !validAtProfile("tool.xml", res.Formatted, amo, res.ReachedProfile) {
		t.Fatalf("the output does not validate at %s:\n%s", res.ReachedProfile, res.Formatted)
	}
	again := opts
	again.Macros = amo
	res2, err := Upgrade("tool.xml", res.Formatted, again)
	if err != nil || res2.Changed {
		t.Fatalf("not idempotent (%v): %+v", err, res2)
	}
}

func TestUpgradeProperty(t *testing.T) { rapid.Check(t, upgradeProperty) }

func FuzzUpgradeRapid(f *testing.F) { f.Fuzz(rapid.MakeFuzz(upgradeProperty)) }

// FuzzUpgrade upgrades arbitrary bytes as a tool, in every mode: no input
// makes it panic, and what it returns obeys the upgrade property. The
// golden cases' tools seed it.
func FuzzUpgrade(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "steps", "*", "*.txtar"))
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		if tool, ok := parseTxtar(string(data)).files["tool.xml"]; ok {
			f.Add([]byte(tool), uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, mode uint8) {
		opts := Options{Macros: macros.Options{NoDisk: true}, Modernize: mode&1 != 0, AllowBehaviorChange: mode&3 == 3}
		if mode&4 != 0 {
			opts.TargetProfile = Profiles()[int(mode>>3)%len(Profiles())]
		}
		res, err := Upgrade("tool.xml", src, opts)
		if err != nil || !res.Changed {
			return
		}
		if less(res.ReachedProfile, res.BaselineProfile) {
			t.Fatalf("the profile went down: %s → %s", res.BaselineProfile, res.ReachedProfile)
		}
		if !validAtProfile("tool.xml", res.Formatted, opts.Macros, res.ReachedProfile) {
			t.Fatalf("the output does not validate at %s", res.ReachedProfile)
		}
		res2, err := Upgrade("tool.xml", res.Formatted, opts)
		if err != nil || res2.Changed {
			t.Fatalf("not idempotent (%v)", err)
		}
	})
}
