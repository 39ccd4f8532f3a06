package rewrite

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// lineOp is one line of a line diff: ' ' kept, '-' deleted, '+' inserted.
type lineOp struct {
	op   byte
	text string // the line, with its line ending if it has one
}

func lineDiff(a, b string) []lineOp {
	// The lines a and b start and end with in common are kept as they
	// are, as the diff of the rest would keep them: only the middle is
	// diffed, which spares hashing every line of a large file with a
	// few edits.
	var head, tail []lineOp
	for a != "" && b != "" {
		la, lb := firstLine(a), firstLine(b)
		if la != lb {
			break
		}
		head = append(head, lineOp{' ', la})
		a, b = a[len(la):], b[len(lb):]
	}
	for a != "" && b != "" {
		la, lb := lastLine(a), lastLine(b)
		if la != lb {
			break
		}
		tail = append(tail, lineOp{' ', la})
		a, b = a[:len(a)-len(la)], b[:len(b)-len(lb)]
	}
	ops := head
	if a != "" || b != "" {
		ops = append(ops, diffLines(a, b)...)
	}
	for i := len(tail) - 1; i >= 0; i-- {
		ops = append(ops, tail[i])
	}
	return ops
}

// firstLine returns the first line of s, with its line ending.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i+1]
	}
	return s
}

// lastLine returns the last line of s, with its line ending: the text
// after the line break before the end (s ends with a line break, or
// not).
func lastLine(s string) string {
	i := strings.LastIndexByte(s[:len(s)-1], '\n')
	return s[i+1:]
}

// diffLines diffs a and b line by line.
func diffLines(a, b string) []lineOp {
	d := diffmatchpatch.New()
	d.DiffTimeout = 0 // a deadline would make diffs less minimal on big files
	ca, cb, lines := d.DiffLinesToChars(a, b)
	diffs := d.DiffCharsToLines(d.DiffMain(ca, cb, false), lines)
	var ops []lineOp
	for _, df := range diffs {
		op := byte(' ')
		switch df.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, l := range strings.SplitAfter(df.Text, "\n") {
			if l != "" {
				ops = append(ops, lineOp{op, l})
			}
		}
	}
	return ops
}

// UnifiedDiff returns a unified diff from a to b with the given file names
// in its "---"/"+++" headers and ctx lines of context, in the form GNU patch
// and git apply accept. It returns "" when a and b are equal.
func UnifiedDiff(aName, bName string, a, b []byte, ctx int) string {
	if string(a) == string(b) {
		return ""
	}
	ops := lineDiff(string(a), string(b))
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	for i := 0; i < len(ops); {
		// Find the next change.
		for i < len(ops) && ops[i].op == ' ' {
			i++
		}
		if i == len(ops) {
			break
		}
		start := max(0, i-ctx)
		end := i
		// Extend the hunk while the gap to the next change is small.
		for end < len(ops) {
			if ops[end].op != ' ' {
				end++
				continue
			}
			gap := end
			for gap < len(ops) && ops[gap].op == ' ' {
				gap++
			}
			if gap == len(ops) || gap-end > 2*ctx {
				end = min(len(ops), end+ctx)
				break
			}
			end = gap
		}
		writeHunk(&out, ops, start, end)
		i = end
	}
	return out.String()
}

// writeHunk writes ops[start:end] as one hunk with GNU range rules.
func writeHunk(out *strings.Builder, ops []lineOp, start, end int) {
	aLine, bLine := 1, 1
	for _, o := range ops[:start] {
		if o.op != '+' {
			aLine++
		}
		if o.op != '-' {
			bLine++
		}
	}
	aCount, bCount := 0, 0
	for _, o := range ops[start:end] {
		if o.op != '+' {
			aCount++
		}
		if o.op != '-' {
			bCount++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aLine, aCount), hunkRange(bLine, bCount))
	for _, o := range ops[start:end] {
		out.WriteByte(o.op)
		out.WriteString(o.text)
		if !strings.HasSuffix(o.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(line, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", line-1)
	case 1:
		return fmt.Sprintf("%d", line)
	}
	return fmt.Sprintf("%d,%d", line, count)
}
