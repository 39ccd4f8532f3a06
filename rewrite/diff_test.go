package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestUnifiedDiffGolden(t *testing.T) {
	a := "<tool>\n  <a/>\n  <b/>\n  <c/>\n  <d/>\n  <e/>\n  <f/>\n  <g/>\n  <h/>\n  <i/>\n</tool>\n"
	b := "<tool>\n    <a/>\n  <b/>\n  <c/>\n  <d/>\n  <e/>\n  <f/>\n  <g/>\n  <h/>\n  <i/>\n</tool>"
	want := `--- a/t.xml
+++ b/t.xml
@@ -1,5 +1,5 @@
 <tool>
-  <a/>
+    <a/>
   <b/>
   <c/>
   <d/>
@@ -8,4 +8,4 @@
   <g/>
   <h/>
   <i/>
-</tool>
+</tool>
\ No newline at end of file
`
	assert.Equal(t, want, UnifiedDiff("a/t.xml", "b/t.xml", []byte(a), []byte(b), 3))
	assert.Equal(t, "", UnifiedDiff("a", "b", []byte(a), []byte(a), 3))
}

func TestUnifiedDiffRanges(t *testing.T) {
	assert.Equal(t, "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n", UnifiedDiff("a", "b", nil, []byte("x\n"), 3))
	assert.Equal(t, "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n", UnifiedDiff("a", "b", []byte("x\n"), nil, 3))
	assert.Equal(t, "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n", UnifiedDiff("a", "b", []byte("a\r\nb\r\n"), []byte("a\r\nc\r\n"), 3))
}

// TestUnifiedDiffPatchOracle checks that GNU patch turns a into b with our
// diff, on generated line files.
func TestUnifiedDiffPatchOracle(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("skipping: GNU patch not installed")
	}
	dir := t.TempDir()
	line := rapid.SampledFrom([]string{"<a/>\n", "<b/>\n", "  <c/>\n", "\n", "x\r\n", "<d>"})
	doc := rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(line, 0, 12).Draw(t, "lines"), "")
	})
	rapid.Check(t, func(rt *rapid.T) {
		a, b := doc.Draw(rt, "a"), doc.Draw(rt, "b")
		d := UnifiedDiff("a/f.xml", "b/f.xml", []byte(a), []byte(b), rapid.IntRange(0, 3).Draw(rt, "ctx"))
		if a == b {
			if d != "" {
				rt.Fatalf("diff of equal texts: %q", d)
			}
			return
		}
		f := filepath.Join(dir, "f.xml")
		if err := os.WriteFile(f, []byte(a), 0o644); err != nil {
			rt.Fatal(err)
		}
		cmd := exec.Command("patch", "-s", "-p1", "-F0", "-d", dir)
		cmd.Stdin = strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			rt.Fatalf("patch failed: %v\n%s\ndiff:\n%s", err, out, d)
		}
		got, _ := os.ReadFile(f)
		if string(got) != b {
			rt.Fatalf("patched %q, want %q\ndiff:\n%s", got, b, d)
		}
	})
}
