package rst

import (
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// The system message levels, as docutils numbers them.
const (
	LevelInfo    = 1
	LevelWarning = 2
	LevelError   = 3
	LevelSevere  = 4
)

// levelNames are docutils' names of the levels.
var levelNames = [...]string{"DEBUG", "INFO", "WARNING", "ERROR", "SEVERE"}

// Message is a system message docutils reports while reading a document.
type Message struct {
	// Level is 1 (INFO), 2 (WARNING), 3 (ERROR) or 4 (SEVERE).
	Level int
	// Line is the 1-based line of the help text docutils names, 0 when the
	// message names none.
	Line int
	// Text is the message, as docutils words it.
	Text string
	// Details are the texts docutils attaches (the offending block, as a
	// literal block), in order.
	Details []string
	// Span is the part of the help text the message is about: Line's line
	// when it has one.
	Span cst.Span

	marks []cst.Span // the problematic marks linked to the message, in the help text
}

// Type returns docutils' name of the message's level: "INFO", "WARNING",
// "ERROR" or "SEVERE".
func (m *Message) Type() string {
	if m.Level >= 0 && m.Level < len(levelNames) {
		return levelNames[m.Level]
	}
	return "LEVEL" + strconv.Itoa(m.Level)
}

// String returns the message as docutils writes it to its warning stream
// (and so as Galaxy's HelpInvalidRST linter quotes it), without the final
// newline: "<string>:LINE: (TYPE/LEVEL) text", the details following after
// blank lines.
func (m *Message) String() string {
	var b strings.Builder
	b.WriteString("<string>:")
	if m.Line > 0 {
		b.WriteString(strconv.Itoa(m.Line))
	}
	b.WriteString(": (")
	b.WriteString(m.Type())
	b.WriteByte('/')
	b.WriteString(strconv.Itoa(m.Level))
	b.WriteString(") ")
	b.WriteString(m.Text)
	for _, d := range m.Details {
		b.WriteString("\n\n")
		b.WriteString(d)
	}
	return b.String()
}

// report records a system message and returns its node. line is the
// absolute 1-based line, 0 for the current line of the outermost state
// machine (docutils' reporter asks that machine when a message names no
// line).
func (d *doc) report(level int, line int, text string, details ...string) *Node {
	if line == 0 {
		line = d.currentTopLine()
	}
	if line > len(d.src)+1 {
		line = 0 // docutils finds no source line past the line after the end
	}
	m := &Message{Level: level, Line: line, Text: text, Details: details}
	switch {
	case line > len(d.src):
		m.Span = cst.Span{Start: len(d.text), End: len(d.text)}
	case line > 0:
		l := d.src[line-1]
		m.Span = cst.Span{Start: l.start, End: l.start + len(l.raw)}
	}
	d.messages = append(d.messages, m)
	n := d.newNode(KindSystemMessage, m.Span)
	n.Level = level
	n.Line = line
	n.msg = m
	n.Append(d.newNode(KindParagraph, m.Span, d.newText(text, m.Span)))
	for _, s := range details {
		n.Append(d.newNode(KindLiteralBlock, m.Span, d.newText(s, m.Span)))
	}
	return n
}

func (d *doc) info(line int, text string, details ...string) *Node {
	return d.report(LevelInfo, line, text, details...)
}

func (d *doc) warning(line int, text string, details ...string) *Node {
	return d.report(LevelWarning, line, text, details...)
}

func (d *doc) errorMsg(line int, text string, details ...string) *Node {
	return d.report(LevelError, line, text, details...)
}

func (d *doc) severe(line int, text string, details ...string) *Node {
	return d.report(LevelSevere, line, text, details...)
}

// currentTopLine returns the 1-based current line of the outermost state
// machine.
func (d *doc) currentTopLine() int {
	if d.top == nil {
		return 0
	}
	return d.top.absLineNumber()
}
