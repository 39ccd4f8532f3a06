package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// The github-review output of gtr diff: the body of GitHub's "create a
// review for a pull request" request
// (POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews), with one
// suggestion comment per change gtr format would make. GitHub takes
// comments only on lines the pull request's diff shows, so a change
// elsewhere goes into the review's body as a patch.

// githubReview is the request body.
type githubReview struct {
	CommitID string          `json:"commit_id,omitempty"` // the reviewed commit: HEAD
	Body     string          `json:"body"`
	Event    string          `json:"event"` // always COMMENT: gtr suggests, it does not approve or block
	Comments []reviewComment `json:"comments"`
}

// reviewComment is one comment of a review, on the head version's lines
// StartLine … Line (StartLine 0 for one line).
type reviewComment struct {
	Path      string `json:"path"` // relative to the repository root, slash-separated
	Body      string `json:"body"`
	StartLine int    `json:"start_line,omitempty"`
	StartSide string `json:"start_side,omitempty"`
	Line      int    `json:"line"`
	Side      string `json:"side"`
}

// maxReviewText bounds a comment's and the review body's text: GitHub
// refuses bodies over 65,536 characters.
const maxReviewText = 60000

// lineSpan is a range of lines, first to last inclusive, 1-based.
type lineSpan struct{ first, last int }

// reviewFile is one changed file of the review.
type reviewFile struct {
	path     string     // relative to the repository root, slash-separated
	head     []byte     // the file as the pull request has it
	out      []byte     // the file as gtr format writes it
	pr       []lineSpan // the new-side lines of the pull request's diff hunks
	whole    bool       // every line is in the diff (an untracked file)
	blame    *blame
	comments []reviewComment
	outside  []lineEdit // the changes that cannot be suggestions
	codes    []string   // the codes of the changes outside
}

// runReview prints the review of the changed files among results for a
// pull request whose diff is "git diff base", and returns the exit code
// as the text output does.
func (e *env) runReview(base string, files []string, results []rewriteResult, errs []*fileError, split ruleSplit) int {
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return e.gitFailed(err)
	}
	root := strings.TrimSpace(string(top))
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	prDiff, err := git("diff", "-U3", "-M", "--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", base, "--")
	if err != nil {
		return e.gitFailed(err)
	}
	parsed, err := parseUnifiedDiff(string(prDiff))
	if err != nil {
		return e.gitFailed(err)
	}
	spans := map[string][]lineSpan{}
	for _, f := range parsed {
		spans[f.path] = newSideSpans(f.hunks)
	}

	code := exitOK
	if len(errs) > 0 {
		code = exitFindings
	}
	mo := macros.Options{Cache: macros.NewCache(), MaxExpansion: split.maxExpansion}
	var changed []*reviewFile
	for i, r := range results {
		if r.err != nil {
			e.reportFileError(r.err)
			errs = append(errs, r.err)
			code = exitFindings
			continue
		}
		if !r.changed {
			continue
		}
		code = exitFindings
		rel := repoPath(root, files[i])
		pr, tracked := spans[rel]
		rf := &reviewFile{path: rel, head: r.src.src, out: r.out, pr: pr, whole: !tracked}
		rf.blame = blameOf(files[i], r.src.src, r.applied, split, &mo)
		if err := rf.review(); err != nil {
			errs = append(errs, &fileError{path: files[i], msg: fmt.Sprintf("%s: %v", files[i], err)})
			continue
		}
		changed = append(changed, rf)
	}
	rv := githubReview{Event: "COMMENT", Comments: []reviewComment{}}
	if head, err := git("rev-parse", "HEAD"); err == nil {
		rv.CommitID = strings.TrimSpace(string(head))
	}
	for _, rf := range changed {
		rv.Comments = append(rv.Comments, rf.comments...)
	}
	rv.Body = reviewBody(changed, errs, len(rv.Comments))
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false) // the suggestions are XML, read by people in the JSON too
	enc.SetIndent("", "  ")
	if err := enc.Encode(rv); err != nil {
		panic(err) // plain structs always encode
	}
	return code
}

// gitFailed reports a git command that failed and returns exitError.
func (e *env) gitFailed(err error) int {
	e.stdout.Flush()
	fmt.Fprintf(e.stderr, "%s: %v\n", e.name, err)
	return exitError
}

// repoPath returns the path of file relative to the repository root, as
// git names it.
func repoPath(root, file string) string {
	abs := absPath(workDir(), file)
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	if rel, err := filepath.Rel(root, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(file)
}

// newSideSpans returns the lines of the head version that hunks show,
// context lines included: GitHub takes comments on any of them.
func newSideSpans(hunks []hunk) []lineSpan {
	var out []lineSpan
	for _, h := range hunks {
		if h.newCount > 0 {
			out = append(out, lineSpan{h.newStart, h.newStart + h.newCount - 1})
		}
	}
	return out
}

// review divides the changes gtr format makes to the file into
// suggestion comments and changes outside the pull request's lines.
func (rf *reviewFile) review() error {
	diffs, err := parseUnifiedDiff(rewrite.UnifiedDiff("a/"+rf.path, "b/"+rf.path, rf.head, rf.out, 0))
	if err != nil || len(diffs) != 1 {
		return fmt.Errorf("reading gtr's own diff: %v", err)
	}
	lines := splitLines(rf.head)
	used := map[int]bool{} // lines a comment replaces already
	for _, h := range diffs[0].hunks {
		for _, p := range rf.pieces(h, lines) {
			if !rf.suggestible(p, lines, used) {
				rf.outside = append(rf.outside, p.edit)
				rf.codes = appendNew(rf.codes, rf.blame.codes(p.first, p.last)...)
				continue
			}
			for l := p.first; l <= p.last; l++ {
				used[l] = true
			}
			c := reviewComment{Path: rf.path, Line: p.last, Side: "RIGHT"}
			if p.first < p.last {
				c.StartLine, c.StartSide = p.first, "RIGHT"
			}
			c.Body = suggestionBody(rf.blame.codes(p.first, p.last), p.text)
			rf.comments = append(rf.comments, c)
		}
	}
	return nil
}

// piece is one change of the head version, made either by a suggestion
// (lines first … last become text) or, where that cannot be, by edit.
type piece struct {
	first, last int
	text        []string
	edit        lineEdit
}

// pieces returns the changes of hunk h, each of which is suggested or
// left to the patch. A hunk that replaces lines one for one is cut where
// the pull request's hunks begin and end, so that the lines inside them
// are suggested even when the hunk reaches beyond them. A pure insertion
// is suggested as a change of the line before it, or when that is not in
// the pull request's diff the line after, written again with the new
// lines.
func (rf *reviewFile) pieces(h hunk, lines []string) []piece {
	added := h.added()
	edit := h.changes()[0] // a hunk without context is one change
	if h.oldCount == 0 {
		k := h.oldStart // the insertion is after line k
		if k >= 1 && (rf.inDiff(k, k) || k == len(lines)) {
			return []piece{{k, k, append([]string{lines[k-1]}, added...), edit}}
		}
		if k < len(lines) {
			return []piece{{k + 1, k + 1, append(slices.Clone(added), lines[k]), edit}}
		}
		return []piece{{edit: edit}} // an empty file: no line to comment on
	}
	first, last := h.oldStart, h.oldStart+h.oldCount-1
	if h.oldCount != h.newCount || rf.whole {
		return []piece{{first, last, added, edit}}
	}
	// Cut at the first and last lines of the pull request's hunks.
	cuts := []int{first, last + 1}
	for _, s := range rf.pr {
		for _, c := range []int{s.first, s.last + 1} {
			if first < c && c <= last {
				cuts = append(cuts, c)
			}
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var out []piece
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]-1
		text := added[a-first : b-first+1]
		out = append(out, piece{a, b, text, lineEdit{at: a - 1, del: b - a + 1, ins: text}})
	}
	return out
}

// suggestible reports whether a piece can be a suggestion: its lines lie
// in one hunk of the pull request's diff, no other comment replaces
// them, its text fits in a comment, and every line of both versions ends
// with "\n". A suggestion replaces whole lines, so it cannot add or
// remove the newline at the end of a file; CRLF line endings are left to
// the patch, since GitHub does not document how suggestions keep them.
func (rf *reviewFile) suggestible(p piece, lines []string, used map[int]bool) bool {
	return p.first > 0 && rf.inDiff(p.first, p.last) && free(used, p.first, p.last) &&
		wholeLines(lines[p.first-1:p.last]) && wholeLines(p.text) &&
		len(suggestionBody(nil, p.text)) < maxReviewText
}

// inDiff reports whether lines first … last lie in one hunk of the pull
// request's diff.
func (rf *reviewFile) inDiff(first, last int) bool {
	if rf.whole {
		return true
	}
	for _, s := range rf.pr {
		if s.first <= first && last <= s.last {
			return true
		}
	}
	return false
}

// wholeLines reports whether every line ends with "\n" and none with
// "\r\n".
func wholeLines(lines []string) bool {
	for _, l := range lines {
		if !strings.HasSuffix(l, "\n") || strings.HasSuffix(l, "\r\n") {
			return false
		}
	}
	return true
}

// free reports whether no line first … last is in used.
func free(used map[int]bool, first, last int) bool {
	for l := first; l <= last; l++ {
		if used[l] {
			return false
		}
	}
	return true
}

// suggestionBody returns a comment's text: the rules, then the suggestion
// block, fenced with more backticks than the text holds in a row.
func suggestionBody(codes []string, text []string) string {
	var b strings.Builder
	b.WriteString("gtr format would rewrite ")
	if len(text) == 0 {
		b.WriteString("(remove) ")
	}
	b.WriteString("these lines")
	if len(codes) > 0 {
		b.WriteString(" (" + ruleList(codes) + ")")
	}
	b.WriteString(".\n\n")
	joined := strings.Join(text, "")
	fence := strings.Repeat("`", max(3, longestRun(joined, '`')+1))
	b.WriteString(fence + "suggestion\n" + joined + fence + "\n")
	return b.String()
}

// ruleList names codes with their rules, such as "GTR001 indentation,
// GTR004 attribute-order".
func ruleList(codes []string) string {
	var parts []string
	seen := map[string]bool{}
	for _, c := range codes {
		display, name := c, ""
		if r := rules.Lookup(c); r != nil {
			display, name = r.DisplayCode(), r.Name
			if p := rules.Lookup(display); p != nil && p != r {
				name = p.Name
			}
		}
		if seen[display] {
			continue
		}
		seen[display] = true
		parts = append(parts, strings.TrimSpace(display+" "+name))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

// longestRun returns the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			n = 0
			continue
		}
		n++
		best = max(best, n)
	}
	return best
}

// appendNew appends the codes not in list yet.
func appendNew(list []string, codes ...string) []string {
	for _, c := range codes {
		if !slices.Contains(list, c) {
			list = append(list, c)
		}
	}
	return list
}

// reviewBody returns the review's body: what the comments are, the
// patch of the changes outside the pull request's lines, and the files
// gtr could not format. It is empty when there is nothing to say.
func reviewBody(files []*reviewFile, errs []*fileError, comments int) string {
	if len(files) == 0 && len(errs) == 0 {
		return ""
	}
	var b strings.Builder
	if len(files) > 0 {
		fmt.Fprintf(&b, "gtr format would change %d file(s) of this pull request", len(files))
		if comments > 0 {
			fmt.Fprintf(&b, "; %d suggestion(s) on its lines below", comments)
		}
		b.WriteString(".\n")
	}
	var patch strings.Builder
	var codes []string
	var names []string
	for _, rf := range files {
		if len(rf.outside) == 0 {
			continue
		}
		partial, err := applyLineEdits(splitLines(rf.head), rf.outside)
		if err != nil {
			continue // the hunks of one diff never overlap
		}
		patch.WriteString(rewrite.UnifiedDiff("a/"+rf.path, "b/"+rf.path, rf.head, []byte(partial), 3))
		codes = appendNew(codes, rf.codes...)
		names = append(names, rf.path)
	}
	if patch.Len() > 0 {
		b.WriteString("\nSome changes fall on lines this pull request does not change, where GitHub takes no suggestions")
		if len(codes) > 0 {
			b.WriteString(" (" + ruleList(codes) + ")")
		}
		text := patch.String()
		if b.Len()+len(text) > maxReviewText-2000 {
			fmt.Fprintf(&b, ". The patch that makes them is too long for a review (%d bytes); run `gtr format` on these files instead:\n\n", len(text))
			for _, n := range names {
				fmt.Fprintf(&b, "- `%s`\n", n)
			}
		} else {
			fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
			b.WriteString(". This patch makes them; it applies to the pull request's head as it stands " +
				"(`git apply` from the repository root), or run `gtr format` on the files:\n\n")
			b.WriteString("<details><summary>changes outside the pull request's lines</summary>\n\n")
			b.WriteString(fence + "diff\n" + text + fence + "\n\n</details>\n")
		}
	}
	if len(errs) > 0 {
		b.WriteString("\ngtr could not format these files:\n\n")
		for _, fe := range errs {
			msg := strings.ReplaceAll(fe.msg, "\n", " ")
			if len(fe.parse) > 0 {
				msg += ": " + fe.parse[0].Error()
			}
			fmt.Fprintf(&b, "- %s\n", msg)
		}
	}
	return b.String()
}
