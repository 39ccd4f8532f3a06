package main

import (
	"cmp"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
)

// reviewBranch builds a git repository from real corpus tools with a
// pull request's history: main holds the tools as the corpus has them;
// the branch, checked out, changes some lines of two tools, inserts
// lines into them, edits the macro file of one, adds a tool and a
// malformed one, over three commits. One tool of main the branch leaves alone. It returns the
// repository and the files the branch changes.
func reviewBranch(t *testing.T) (dir string, changed []string) {
	t.Helper()
	corpus := sharedCorpus()
	if corpus == "" {
		t.Skip("skipping: the shared corpus is not present (set GTR_SHARED)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("skipping: git not found")
	}
	dir = t.TempDir()
	copyTo := func(from, to string) {
		src, err := os.ReadFile(filepath.Join(corpus, filepath.FromSlash(from)))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(to))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"alevin.xml", "macros.xml", "salmonquant.xml", "salmonquantmerge.xml"} {
		copyTo("bgruening__galaxytools/tools/salmon/"+f, "tools/salmon/"+f)
	}
	copyTo("bgruening__galaxytools/tools/canu/canu.xml", "tools/canu/canu.xml")
	runGit(t, dir, "init", "-q", "-b", "main")
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-q", "-m", "tools as the corpus has them")
	runGit(t, dir, "checkout", "-q", "-b", "feature")

	// edit replaces old by new in the file, once; old must be there.
	edit := func(name, old, new string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), old) {
			t.Fatalf("%s does not hold %q", name, old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A changed default and label in the middle of a run of parameters
	// gtr reorders, and a parameter added, written carelessly.
	edit("tools/canu/canu.xml",
		`<param argument="minReadLength" type="integer" value="1000" min="1" label="Minimum read length"/>`,
		`<param argument="minReadLength" type="integer" value="500" min="1" label="Minimum read length (bases)"/>`)
	edit("tools/canu/canu.xml",
		`<param argument="lowCovDepth" type="integer" value="5" min="0" label="Low coverage depth"/>`,
		`<param argument="lowCovDepth" type="integer" value="5" min="0" label="Low coverage depth"/>
            <param argument="maxCov"  type="integer" value="3" min="0"   label="Maximum coverage" />`)
	runGit(t, dir, "commit", "-q", "-am", "canu: shorter reads, maximum coverage")

	// A line inserted after <inputs>, and the first line's version
	// bumped, in a tool importing the macro file the branch also edits.
	edit("tools/salmon/salmonquant.xml", "<inputs>", `<inputs>
        <param name="branch_flag"   type="boolean" checked="false" truevalue="--flag" falsevalue="" label="Added on the branch" />`)
	edit("tools/salmon/macros.xml", "</macros>", `    <token name="@BRANCH_TOKEN@">1</token>
</macros>`)
	runGit(t, dir, "commit", "-q", "-am", "salmon: a flag")

	// A new tool: every line of it is in the pull request's diff. And
	// a tool whose XML is broken, which gtr cannot format.
	copyTo("galaxyproject__tools-devteam/tools/add_value/fixedValueColumn.xml", "tools/add_value/fixedValueColumn.xml")
	if err := os.MkdirAll(filepath.Join(dir, "tools", "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tools", "broken", "broken.xml"), []byte("<tool id=\"broken\">\n  <inputs>\n</tool>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-q", "-m", "add_value: new tool; broken: work in progress")
	return dir, []string{"tools/add_value/fixedValueColumn.xml", "tools/canu/canu.xml", "tools/salmon/macros.xml", "tools/salmon/salmonquant.xml"}
}

// prSpans returns, by path, the new-side line ranges of the hunks of
// "git diff base" in dir, read with a parser of this test's own.
func prSpans(t *testing.T, dir, base string) map[string][][2]int {
	t.Helper()
	out := runGit(t, dir, "diff", "-U3", "-M", "--no-color", base)
	header := regexp.MustCompile(`^@@ -\S+ \+(\d+)(?:,(\d+))? @@`)
	spans := map[string][][2]int{}
	path := ""
	for _, line := range strings.Split(out, "\n") {
		if p, ok := strings.CutPrefix(line, "+++ b/"); ok {
			path = p
			continue
		}
		m := header.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		start, _ := strconv.Atoi(m[1])
		count := 1
		if m[2] != "" {
			count, _ = strconv.Atoi(m[2])
		}
		if count > 0 {
			spans[path] = append(spans[path], [2]int{start, start + count - 1})
		}
	}
	return spans
}

// suggestionText returns the text of the suggestion block of a comment.
func suggestionText(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, "suggestion\n")
	if i < 3 {
		t.Fatalf("no suggestion block in %q", body)
	}
	j := i
	for j > 0 && body[j-1] == '`' {
		j--
	}
	fence := body[j:i]
	rest := body[i+len("suggestion\n"):]
	end := strings.LastIndex(rest, fence+"\n")
	if len(fence) < 3 || end < 0 || end > 0 && rest[end-1] != '\n' {
		t.Fatalf("suggestion block not closed in %q", body)
	}
	return rest[:end]
}

// bodyPatch returns the patch in a review body, "" when there is none.
func bodyPatch(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, "diff\n--- a/")
	if i < 0 {
		return ""
	}
	j := i
	for j > 0 && body[j-1] == '`' {
		j--
	}
	fence := body[j:i]
	rest := body[i+len("diff\n"):]
	end := strings.Index(rest, "\n"+fence+"\n")
	if end < 0 {
		t.Fatalf("patch block not closed in the body")
	}
	return rest[:end+1]
}

// TestDiffGithubReview checks the review of a pull request built from
// real corpus tools: every comment lies in one hunk of "git diff main",
// names rules, and suggests a block; applying every suggestion and the
// body's patch to the head version gives exactly what gtr format writes;
// the patch applies with git apply; files the branch did not touch are
// not in the review.
func TestDiffGithubReview(t *testing.T) {
	t.Parallel()
	dir, changed := reviewBranch(t)
	stdout, stderr, code := runGTR(t, dir, "diff", "-base", "main", "-output-format", "github-review")
	if code != exitFindings {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	var rv githubReview
	if err := json.Unmarshal([]byte(stdout), &rv); err != nil {
		t.Fatalf("review is not JSON: %v\n%s", err, stdout)
	}
	head := strings.TrimSpace(runGit(t, dir, "rev-parse", "HEAD"))
	if rv.Event != "COMMENT" || rv.CommitID != head {
		t.Errorf("event %q, commit_id %q; want COMMENT and %s", rv.Event, rv.CommitID, head)
	}

	// What gtr format writes, in a copy of the work tree.
	formatted := t.TempDir()
	if out, err := exec.Command("cp", "-R", dir+"/.", formatted).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	if _, stderr, code := runGTR(t, formatted, "format", "-q", "tools"); code != exitFindings || !strings.Contains(stderr, "broken.xml: malformed XML") {
		t.Fatalf("gtr format: exit %d, %s; want 1 for the malformed tool", code, stderr)
	}
	if !strings.Contains(rv.Body, "gtr could not format these files:\n\n- tools/broken/broken.xml: malformed XML: ") {
		t.Errorf("the body does not name the malformed tool:\n%s", rv.Body)
	}

	spans := prSpans(t, dir, "main")
	code1 := regexp.MustCompile(`GTR\d{3}(\.\d)?`)
	edits := map[string][]lineEdit{}
	multi := 0
	for _, c := range rv.Comments {
		first := c.Line
		if c.StartLine != 0 {
			first = c.StartLine
			multi++
			if c.StartSide != "RIGHT" || c.StartLine >= c.Line {
				t.Errorf("%s: start_line %d, start_side %q for line %d", c.Path, c.StartLine, c.StartSide, c.Line)
			}
		}
		if c.Side != "RIGHT" {
			t.Errorf("%s:%d: side %q", c.Path, c.Line, c.Side)
		}
		inHunk := false
		for _, s := range spans[c.Path] {
			inHunk = inHunk || s[0] <= first && c.Line <= s[1]
		}
		if !inHunk {
			t.Errorf("%s:%d-%d lies in no hunk of git diff main (%v)", c.Path, first, c.Line, spans[c.Path])
		}
		codes := code1.FindAllString(c.Body, -1)
		if len(codes) == 0 {
			t.Errorf("%s:%d: the comment names no rule: %q", c.Path, c.Line, c.Body)
		}
		for _, code := range codes {
			if rules.Lookup(code) == nil && rules.Lookup(code+".1") == nil { // a parent code names a half's rule
				t.Errorf("%s:%d: unknown code %s", c.Path, c.Line, code)
			}
		}
		text := suggestionText(t, c.Body)
		var ins []string
		if text != "" {
			ins = strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
			ins[len(ins)-1] += "\n"
		}
		edits[c.Path] = append(edits[c.Path], lineEdit{at: first - 1, del: c.Line - first + 1, ins: ins})
	}
	patch := bodyPatch(t, rv.Body)
	if len(rv.Comments) == 0 || multi == 0 || patch == "" {
		t.Fatalf("want single-line and multi-line comments and a patch in the body: %d comments (%d multi-line), patch %d bytes",
			len(rv.Comments), multi, len(patch))
	}
	t.Logf("%d comments (%d multi-line), a patch of %d lines in the body", len(rv.Comments), multi, strings.Count(patch, "\n"))
	// The patch applies to the head as it stands.
	check := exec.Command("git", "apply", "--check", "-")
	check.Dir, check.Stdin = dir, strings.NewReader(patch)
	if out, err := check.CombinedOutput(); err != nil {
		t.Errorf("git apply --check of the body's patch: %v\n%s", err, out)
	}
	fds, err := parseUnifiedDiff(patch)
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		for _, h := range fd.hunks {
			edits[fd.path] = append(edits[fd.path], h.changes()...)
		}
	}

	for path := range edits {
		if !slices.Contains(changed, path) {
			t.Errorf("the review changes %s, which the branch does not touch", path)
		}
	}
	for _, path := range changed {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(formatted, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := applyLineEdits(splitLines(src), edits[path])
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s: the suggestions and the patch give\n%s\nwant (gtr format)\n%s", path, got, want)
		}
	}
}

// TestReviewPieces checks how the changes of one file divide into
// suggestions and the patch, on small files whose lines are numbered.
func TestReviewPieces(t *testing.T) {
	numbered := func(n int, nl string) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString("<l n=\"" + strconv.Itoa(i) + "\"/>" + nl)
		}
		return b.String()
	}
	head := numbered(10, "\n")
	line := func(i int) string { return "<l n=\"" + strconv.Itoa(i) + "\"/>\n" }
	replace := func(src string, from, to int, with ...string) string {
		lines := strings.SplitAfter(src, "\n")
		return strings.Join(lines[:from-1], "") + strings.Join(with, "") + strings.Join(lines[to:], "")
	}
	type span = [2]int // a comment's first and last line
	tests := []struct {
		name     string
		head     string
		out      string
		pr       []lineSpan
		whole    bool
		comments []span
		outside  int    // changes left to the patch
		fence    string // the suggestion fence, when not ```
	}{
		{name: "inside", head: head, out: replace(head, 5, 5, "<l n='5'/>\n"), pr: []lineSpan{{3, 7}}, comments: []span{{5, 5}}},
		{name: "outside", head: head, out: replace(head, 5, 5, "<l n='5'/>\n"), pr: []lineSpan{{8, 10}}, outside: 1},
		{name: "split one for one", head: head, out: replace(head, 4, 6, "a\n", "b\n", "c\n"), pr: []lineSpan{{5, 9}},
			comments: []span{{5, 6}}, outside: 1},
		{name: "across two hunks", head: head, out: replace(head, 3, 8, "a\n", "b\n", "c\n", "d\n", "e\n", "f\n"),
			pr: []lineSpan{{1, 4}, {7, 10}}, comments: []span{{3, 4}, {7, 8}}, outside: 1},
		{name: "unequal counts across", head: head, out: replace(head, 4, 6, "a\n", "b\n"), pr: []lineSpan{{5, 9}}, outside: 1},
		{name: "insertion on the line before", head: head, out: replace(head, 6, 5, "new\n"), pr: []lineSpan{{3, 5}}, comments: []span{{5, 5}}},
		{name: "insertion on the line after", head: head, out: replace(head, 6, 5, "new\n"), pr: []lineSpan{{6, 8}}, comments: []span{{6, 6}}},
		{name: "deletion", head: head, out: replace(head, 4, 5), pr: []lineSpan{{1, 10}}, comments: []span{{4, 5}}},
		{name: "newline at the end", head: strings.TrimSuffix(head, "\n"), out: head, pr: []lineSpan{{1, 10}}, outside: 1},
		{name: "crlf", head: numbered(10, "\r\n"), out: replace(numbered(10, "\r\n"), 5, 5, "x\r\n"), pr: []lineSpan{{1, 10}}, outside: 1},
		{name: "backticks", head: head, out: replace(head, 5, 5, "<!-- ``` -->\n"), pr: []lineSpan{{1, 10}}, comments: []span{{5, 5}}, fence: "````"},
		{name: "untracked", head: head, out: replace(head, 2, 2, line(20)), whole: true, comments: []span{{2, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rf := &reviewFile{path: "t.xml", head: []byte(tt.head), out: []byte(tt.out), pr: tt.pr, whole: tt.whole,
				blame: &blame{all: []string{"GTR001"}}}
			if err := rf.review(); err != nil {
				t.Fatal(err)
			}
			var got []span
			var edits []lineEdit
			for _, c := range rf.comments {
				first := c.Line
				if c.StartLine != 0 {
					first = c.StartLine
				}
				got = append(got, span{first, c.Line})
				fence := cmp.Or(tt.fence, "```")
				if !strings.Contains(c.Body, "\n"+fence+"suggestion\n") || !strings.Contains(c.Body, "GTR001 indentation") {
					t.Errorf("comment body %q", c.Body)
				}
				text := suggestionText(t, c.Body)
				var ins []string
				if text != "" {
					ins = strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
					ins[len(ins)-1] += "\n"
				}
				edits = append(edits, lineEdit{at: first - 1, del: c.Line - first + 1, ins: ins})
			}
			if !slices.Equal(got, tt.comments) || len(rf.outside) != tt.outside {
				t.Errorf("comments on %v, %d change(s) outside; want %v and %d", got, len(rf.outside), tt.comments, tt.outside)
			}
			applied, err := applyLineEdits(splitLines(rf.head), append(edits, rf.outside...))
			if err != nil || applied != tt.out {
				t.Errorf("suggestions and changes outside give %q (%v); want %q", applied, err, tt.out)
			}
		})
	}
}

// TestParseUnifiedDiff reads git's headers, renames, deletions and a
// last line without a newline.
func TestParseUnifiedDiff(t *testing.T) {
	text := `diff --git a/old.xml b/new.xml
similarity index 90%
rename from old.xml
rename to new.xml
index 1111111..2222222 100644
--- a/old.xml
+++ b/new.xml
@@ -1,3 +1,3 @@
 <tool>
--- a comment line that starts with dashes
+-- another
 </tool>
diff --git a/gone.xml b/gone.xml
deleted file mode 100644
--- a/gone.xml
+++ /dev/null
@@ -1 +0,0 @@
-<tool/>
\ No newline at end of file
diff --git "a/sp ace.xml" "b/sp ace.xml"
--- "a/sp ace.xml"
+++ "b/sp ace.xml"
@@ -2,0 +3,2 @@ <tool>
+a
+b
`
	fds, err := parseUnifiedDiff(text)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range fds {
		paths = append(paths, f.path)
	}
	if want := []string{"new.xml", "gone.xml", "sp ace.xml"}; !slices.Equal(paths, want) {
		t.Fatalf("paths %q, want %q", paths, want)
	}
	if h := fds[0].hunks[0]; len(h.ops) != 4 || h.ops[1] != (lineOp{'-', "-- a comment line that starts with dashes\n"}) {
		t.Errorf("rename hunk %+v", h)
	}
	if h := fds[1].hunks[0]; h.oldCount != 1 || h.newCount != 0 || h.ops[0].text != "<tool/>" {
		t.Errorf("deletion hunk %+v", h)
	}
	if ch := fds[2].hunks[0].changes(); len(ch) != 1 || ch[0].at != 2 || ch[0].del != 0 || len(ch[0].ins) != 2 {
		t.Errorf("insertion changes %+v", ch)
	}
}
