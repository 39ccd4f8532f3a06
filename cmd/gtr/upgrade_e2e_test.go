package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes name → content into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// profileTool is a tool taking its profile from the imported macro file,
// with body inside <tool>.
func profileTool(id, body string) string {
	return `<tool id="` + id + `" name="` + id + `" version="1.0" profile="@PROFILE@">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command><![CDATA[cat '$input' > '$output']]></command>
    <inputs>
        <param name="input" type="data" format="txt" label="Input"/>
    </inputs>
    <outputs>
        <data name="output" format="txt"/>
    </outputs>
` + body + `</tool>
`
}

const profileMacros = `<macros>
    <token name="@PROFILE@">21.01</token>
</macros>
`

// TestUpgradeMacroConsensus runs upgrade -modernize over two tools sharing
// the macro file that defines their @PROFILE@: when both walk to the same
// profile the token is bumped once and both tools are upgraded; when they
// disagree nothing is written and the line names the macro file.
func TestUpgradeMacroConsensus(t *testing.T) {
	t.Parallel()
	t.Run("agree", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"a.xml": profileTool("a", ""), "b.xml": profileTool("b", ""), "macros.xml": profileMacros})
		stdout, stderr, code := runGTR(t, dir, "upgrade", "-modernize", ".")
		if code != exitOK {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
		if !strings.Contains(stdout, "upgraded @PROFILE@ 21.01 -> 25.1 in macros.xml (2 tool(s))") {
			t.Errorf("no token bump line:\n%s", stdout)
		}
		got, _ := os.ReadFile(filepath.Join(dir, "macros.xml"))
		if !strings.Contains(string(got), `<token name="@PROFILE@">25.1</token>`) {
			t.Errorf("macros.xml not bumped:\n%s", got)
		}
		a, _ := os.ReadFile(filepath.Join(dir, "a.xml"))
		if string(a) != profileTool("a", "") {
			t.Errorf("a.xml changed although only its token moves:\n%s", a)
		}
	})
	t.Run("disagree", func(t *testing.T) {
		dir := t.TempDir()
		// b's 16.04 interpreter change cannot be fixed (its command starts
		// with Cheetah): its walk stays put while a's goes on. Minimal
		// mode, which a and b both pass (valid at 21.01), changes nothing;
		// the walk is what they disagree on.
		bBody := ""
		files := map[string]string{"a.xml": profileTool("a", ""), "macros.xml": profileMacros,
			"b.xml": strings.Replace(profileTool("b", bBody), `<command><![CDATA[cat '$input' > '$output']]></command>`,
				`<command><![CDATA[cat '$input' > '$output']]></command>`, 1)}
		// b needs a profile the walk cannot reach: a <data> output without
		// a name is valid up to 19.01 only, and b declares it 21.01 with a
		// blocking code at 21.09 (from_work_dir with whitespace that the
		// runtime fix cannot rewrite, being made by a token).
		files["b.xml"] = strings.Replace(files["b.xml"], `<data name="output" format="txt"/>`,
			`<data name="output" format="txt" from_work_dir="@OUT@"/>`, 1)
		files["macros.xml"] = strings.Replace(profileMacros, "</macros>", "    <token name=\"@OUT@\"> out.txt</token>\n</macros>", 1)
		writeFiles(t, dir, files)
		before := snapshot(t, dir)
		stdout, stderr, code := runGTR(t, dir, "upgrade", "-modernize", ".")
		if code != exitFindings {
			t.Errorf("exit %d, want %d\n%s%s", code, exitFindings, stdout, stderr)
		}
		if !strings.Contains(stdout, "skipped macros.xml: @PROFILE@ importers disagree on target profile (2 tool(s))") {
			t.Errorf("no disagreement line:\n%s", stdout)
		}
		if !strings.Contains(stdout, "held back (importers disagree)") {
			t.Errorf("summary does not count the held-back tool:\n%s", stdout)
		}
		if after := snapshot(t, dir); !sameSnapshot(before, after) {
			t.Errorf("files were written although the importers disagree")
		}
	})
}

// TestUpgradeMacroSettle runs upgrade -modernize over two tools that
// each need a different part of their shared macro file changed (GTR010
// lowercases the datatype of the output macro each expands): upgraded
// again over each other's change, they agree on one macro file that
// holds both changes, written once, with both tools.
func TestUpgradeMacroSettle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tool := func(id, macro string) string {
		return `<tool id="` + id + `" name="` + id + `" version="1.0" profile="24.1">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command><![CDATA[cat '$input' > '$out']]></command>
    <inputs>
        <param name="input" type="data" format="txt" label="Input"/>
    </inputs>
    <outputs>
        <expand macro="` + macro + `"/>
    </outputs>
</tool>
`
	}
	mac := `<macros>
    <xml name="out_a">
        <data name="out" format="TXT"/>
    </xml>
    <xml name="out_b">
        <data name="out" format="Tabular"/>
    </xml>
</macros>
`
	writeFiles(t, dir, map[string]string{"a.xml": tool("a", "out_a"), "b.xml": tool("b", "out_b"), "macros.xml": mac})
	stdout, stderr, code := runGTR(t, dir, "upgrade", "-modernize", "-select", "GTR006", ".")
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "upgraded macros.xml with GTR010 (2 tool(s))") {
		t.Errorf("no macro line:\n%s", stdout)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "macros.xml"))
	if !strings.Contains(string(got), `format="txt"`) || !strings.Contains(string(got), `format="tabular"`) {
		t.Errorf("macros.xml does not hold both changes:\n%s", got)
	}
	for _, f := range []string{"a.xml", "b.xml"} {
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if !strings.Contains(string(b), `profile="25.1"`) {
			t.Errorf("%s not upgraded to 25.1:\n%s\n%s", f, b, stdout)
		}
	}
}

func sameSnapshot(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestUpgradeThroughMacroFile upgrades a tool whose deprecated
// <command interpreter=…> is written in an imported macro file: GTR016
// rewrites the macro file, as every importer of the run agrees, and the
// tool itself only gets its profile.
func TestUpgradeThroughMacroFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tool := `<tool id="t" name="t" version="1.0">
    <macros>
        <import>macros.xml</import>
    </macros>
    <expand macro="cmd"/>
    <inputs>
        <param name="input" type="data" format="txt" label="Input"/>
    </inputs>
    <outputs>
        <data name="output" format="txt"/>
    </outputs>
</tool>
`
	mac := `<macros>
    <xml name="cmd">
        <command interpreter="python">run.py '$input' '$output'</command>
    </xml>
</macros>
`
	writeFiles(t, dir, map[string]string{"t.xml": tool, "macros.xml": mac})
	stdout, stderr, code := runGTR(t, dir, "upgrade", "-modernize", "-select", "GTR006", "t.xml")
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "macros.xml"))
	if !strings.Contains(string(got), `<command>python '$__tool_directory__/run.py' '$input' '$output'</command>`) {
		t.Errorf("macros.xml not rewritten by GTR016:\n%s\n%s", got, stdout)
	}
	if !strings.Contains(stdout, "upgraded macros.xml with GTR016 (1 tool(s))") {
		t.Errorf("no macro line:\n%s", stdout)
	}
	if !strings.Contains(stdout, "fixed automatically (GTR016)") {
		t.Errorf("no auto-fix note:\n%s", stdout)
	}
	tb, _ := os.ReadFile(filepath.Join(dir, "t.xml"))
	if !strings.Contains(string(tb), `profile="25.1"`) {
		t.Errorf("t.xml has no profile 25.1:\n%s", tb)
	}
}

// TestUpgradeFlags checks the flag errors and exit codes of upgrade.
func TestUpgradeFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.xml": profileTool("a", ""), "macros.xml": profileMacros})
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"upgrade", "-ruleset", "strict", "a.xml"}, exitError, "-ruleset is not applicable to 'upgrade'"},
		{[]string{"upgrade", "-allow-behavior-change", "a.xml"}, exitError, "--allow-behavior-change needs a walk"},
		{[]string{"upgrade", "-target-profile", "27.0", "a.xml"}, exitError, `unknown profile "27.0": profiles run from 16.01 (the oldest) to 26.1 (the newest)`},
		{[]string{"upgrade", "-select", "GTR007", "a.xml"}, exitError, "GTR007 is internal to the `upgrade` pipeline, not selectable"},
		{[]string{"upgrade", "-check", "a.xml"}, exitOK, "1 file(s) would be left unchanged"},
		{[]string{"upgrade", "-check", "-modernize", "a.xml"}, exitFindings, "would upgrade @PROFILE@ 21.01 -> 25.1 in macros.xml (1 tool(s))"},
		{[]string{"upgrade", "-check", "-target-profile", "26.1", "a.xml"}, exitFindings, "would upgrade @PROFILE@ 21.01 -> 26.1 in macros.xml"},
	} {
		stdout, stderr, code := runGTR(t, dir, tt.args...)
		if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
			t.Errorf("gtr %s: exit %d, want %d with %q:\n%s%s", strings.Join(tt.args, " "), code, tt.code, tt.want, stdout, stderr)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "macros.xml")); string(got) != profileMacros {
		t.Errorf("-check wrote macros.xml:\n%s", got)
	}
}
