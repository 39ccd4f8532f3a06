package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A line-level view of unified diffs, for the review output: the hunks of
// gtr's own diffs and of "git diff", and edits of whole lines.

// fileDiff is one file of a unified diff.
type fileDiff struct {
	path  string // the new name after "+++ b/", or the old one for a deleted file
	hunks []hunk
}

// hunk is one hunk of a unified diff. Line numbers are 1-based; a count of
// 0 means the hunk inserts after line start on that side (0: before the
// first line), as GNU diff writes it.
type hunk struct {
	oldStart, oldCount int
	newStart, newCount int
	ops                []lineOp
}

// lineOp is one line of a hunk: ' ' kept, '-' deleted, '+' inserted. text
// has the line's ending; a last line without one has none.
type lineOp struct {
	op   byte
	text string
}

// parseUnifiedDiff reads the unified diff text as gtr and git write it.
// Lines outside hunks (git's "diff --git", "index", mode and rename lines)
// are skipped; hunk lines are read by the counts of their header, so a
// deleted line that reads "-- x" is not taken for a header.
func parseUnifiedDiff(text string) ([]fileDiff, error) {
	lines := strings.SplitAfter(text, "\n")
	var files []fileDiff
	oldPath := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "--- "):
			oldPath = diffPath(line[4:], "a/")
		case strings.HasPrefix(line, "+++ "):
			p := diffPath(line[4:], "b/")
			if p == "" { // deleted: "+++ /dev/null"
				p = oldPath
			}
			files = append(files, fileDiff{path: p})
		case strings.HasPrefix(line, "@@ "):
			if len(files) == 0 {
				return nil, fmt.Errorf("diff: hunk before any file header")
			}
			h, err := parseHunkHeader(line)
			if err != nil {
				return nil, err
			}
			i++
			for oldLeft, newLeft := h.oldCount, h.newCount; i < len(lines); i++ {
				l := lines[i]
				if strings.HasPrefix(l, `\`) {
					// "\ No newline at end of file" ends the line before it.
					if n := len(h.ops); n > 0 {
						h.ops[n-1].text = strings.TrimSuffix(h.ops[n-1].text, "\n")
					}
					continue
				}
				if oldLeft == 0 && newLeft == 0 {
					break
				}
				if l == "" {
					return nil, fmt.Errorf("diff: hunk %q ends early", strings.TrimSpace(line))
				}
				op := l[0]
				switch op {
				case ' ':
					oldLeft--
					newLeft--
				case '-':
					oldLeft--
				case '+':
					newLeft--
				default:
					return nil, fmt.Errorf("diff: unexpected line %q in a hunk", l)
				}
				h.ops = append(h.ops, lineOp{op, l[1:]})
			}
			i-- // the loop steps over the next line
			f := &files[len(files)-1]
			f.hunks = append(f.hunks, h)
		}
	}
	return files, nil
}

// diffPath returns the path of a "---" or "+++" header without its
// prefix, unquoting git's C-style quoting; "" for /dev/null.
func diffPath(s, prefix string) string {
	s = strings.TrimRight(s, "\r\n")
	if i := strings.IndexByte(s, '\t'); i >= 0 && !strings.HasPrefix(s, `"`) {
		s = s[:i] // GNU diff's timestamp
	}
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	}
	if s == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(s, prefix)
}

// parseHunkHeader reads "@@ -a,b +c,d @@ …".
func parseHunkHeader(line string) (hunk, error) {
	var h hunk
	fields := strings.Fields(line)
	if len(fields) < 4 || fields[3] != "@@" || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return h, fmt.Errorf("diff: bad hunk header %q", strings.TrimSpace(line))
	}
	var err1, err2 error
	h.oldStart, h.oldCount, err1 = hunkRangeOf(fields[1][1:])
	h.newStart, h.newCount, err2 = hunkRangeOf(fields[2][1:])
	if err1 != nil || err2 != nil {
		return h, fmt.Errorf("diff: bad hunk header %q", strings.TrimSpace(line))
	}
	return h, nil
}

// hunkRangeOf reads "start,count" or "start" (a count of 1).
func hunkRangeOf(s string) (start, count int, err error) {
	a, b, found := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	if !found {
		return start, 1, nil
	}
	count, err = strconv.Atoi(b)
	return start, count, err
}

// added returns the lines the hunk writes on the new side, in order.
func (h hunk) added() []string {
	var out []string
	for _, o := range h.ops {
		if o.op == '+' {
			out = append(out, o.text)
		}
	}
	return out
}

// lineEdit replaces del lines from index at (0-based) with ins, each
// line with its ending.
type lineEdit struct {
	at, del int
	ins     []string
}

// splitLines splits src after each "\n"; a last line without one is kept.
func splitLines(src []byte) []string {
	lines := strings.SplitAfter(string(src), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// applyLineEdits applies edits, which must not overlap, to lines and
// returns the text.
func applyLineEdits(lines []string, edits []lineEdit) (string, error) {
	var b strings.Builder
	next := 0 // the first line not yet written
	for _, e := range sortedEdits(edits) {
		if e.at < next || e.at+e.del > len(lines) {
			return "", fmt.Errorf("line edit at %d (+%d) overlaps another or runs past %d lines", e.at, e.del, len(lines))
		}
		for _, l := range lines[next:e.at] {
			b.WriteString(l)
		}
		for _, l := range e.ins {
			b.WriteString(l)
		}
		next = e.at + e.del
	}
	for _, l := range lines[next:] {
		b.WriteString(l)
	}
	return b.String(), nil
}

// sortedEdits returns edits by position, insertions before a deletion at
// the same line.
func sortedEdits(edits []lineEdit) []lineEdit {
	out := slices.Clone(edits)
	slices.SortStableFunc(out, func(a, b lineEdit) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.del, b.del))
	})
	return out
}

// changes returns the edits a hunk makes to the old side, without its
// context lines: one per run of deleted and inserted lines.
func (h hunk) changes() []lineEdit {
	var out []lineEdit
	line := h.oldStart - 1 // 0-based index of the next old line
	if h.oldCount == 0 {
		line = h.oldStart
	}
	var cur *lineEdit
	for _, o := range h.ops {
		switch o.op {
		case ' ':
			cur = nil
			line++
		case '-':
			if cur == nil {
				out = append(out, lineEdit{at: line})
				cur = &out[len(out)-1]
			}
			cur.del++
			line++
		case '+':
			if cur == nil {
				out = append(out, lineEdit{at: line})
				cur = &out[len(out)-1]
			}
			cur.ins = append(cur.ins, o.text)
		}
	}
	return out
}
