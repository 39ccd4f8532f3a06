package rewrite

import (
	"bytes"

	"github.com/galaxy-gtr/gtr/cst"
)

// Replace returns an edit replacing the bytes of a node with text.
func Replace(n cst.Node, text string) Edit {
	s := n.Span()
	return Edit{Start: s.Start, End: s.End, New: text}
}

// ReplaceSpan returns an edit replacing a span with text.
func ReplaceSpan(s cst.Span, text string) Edit {
	return Edit{Start: s.Start, End: s.End, New: text}
}

// Delete returns an edit removing the bytes of a node.
func Delete(n cst.Node) Edit { return Replace(n, "") }

// InsertBefore returns an edit inserting text just before a node.
func InsertBefore(n cst.Node, text string) Edit {
	s := n.Span()
	return Edit{Start: s.Start, End: s.Start, New: text}
}

// InsertAfter returns an edit inserting text just after a node.
func InsertAfter(n cst.Node, text string) Edit {
	s := n.Span()
	return Edit{Start: s.End, End: s.End, New: text}
}

// Newline returns the file's newline convention: "\r\n" when CRLF line ends
// outnumber lone LF ones, else "\n". New text a rule writes uses it, so CRLF
// files stay CRLF.
func Newline(src []byte) string {
	// Most files hold no carriage return at all: one vectorised search
	// tells, instead of counting both kinds of line end.
	if bytes.IndexByte(src, '\r') < 0 {
		return "\n"
	}
	crlf := bytes.Count(src, []byte("\r\n"))
	lf := bytes.Count(src, []byte("\n")) - crlf
	if crlf > lf {
		return "\r\n"
	}
	return "\n"
}
