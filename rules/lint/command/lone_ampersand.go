package command

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// LoneAmpersand is GTR032: a single '&' between two shell commands in
// <command>, where '&&' was meant.
var LoneAmpersand = &lint.Check{
	Code:    "GTR032",
	Name:    "lone-ampersand",
	Summary: "Join shell commands with && (a lone & backgrounds the first).",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-command",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a single '&' in a tool's <command> with a command before it and another after it on " +
			"the same line. It reads the shell text of the Cheetah template only (not directives, " +
			"placeholders or comments), outside single and double quotes, and leaves alone '&&', the " +
			"redirections '>&', '&>', '<&', '|&' and '2>&1', an escaped '\\&' and a trailing '&'.",
		Why: "'a & b' runs a in the background and b at once: b may read a's output before it is written, " +
			"and the job's exit code is b's alone, so a failure of a goes unnoticed. '&&' runs b after a " +
			"succeeds.",
		Example: "<command>sort '$input' > sorted.txt & head sorted.txt > '$output'</command>\n→\n<command>sort '$input' > sorted.txt && head sorted.txt > '$output'</command>",
		FixSafety: "Advisory only: a few tools background a process on purpose (a server their next command " +
			"talks to), and only the author knows which was meant.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's command module lints the default and manage_data types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		t := c.Command()
		if t == nil {
			return
		}
		cmd := lint.Child(c.Root, "command")
		for _, at := range loneAmpersands(t) {
			c.ReportIn("", cmd, at, at+1, "A lone '&' runs the command before it in the background; join commands with '&&'.",
				"Write '&&' to run the next command after this one succeeds, or ';' to run it regardless; "+
					"keep '&' only for a process meant to run in the background, and then wait for it.")
		}
	},
}

// loneAmpersands returns the offsets in t's source of the lone '&'s that
// join two commands, reading the shell text as a shell does: quotes,
// backslashes and comments.
func loneAmpersands(t *cheetah.Template) []int {
	src := t.Source()
	// joins reads only the bytes around an '&', so a command none of whose
	// '&'s joins (nearly every command: its '&'s are '&&' and redirections)
	// has none to report, whatever the quotes and comments; the shell
	// text is read only for the rest.
	if !anyJoins(src) {
		return nil
	}
	return scanAmpersands(t)
}

// scanAmpersands is loneAmpersands reading all of t's shell text.
func scanAmpersands(t *cheetah.Template) []int {
	src := t.Source()
	var out []int
	var quote byte   // the open shell quote, 0 outside quotes
	comment := false // inside a shell comment, up to the end of its line
	for tk := range t.Tokens() {
		// Only shell text: directives, placeholders and Cheetah comments
		// are Cheetah's, and a placeholder inside quotes keeps them open.
		if tk.Kind != cheetah.TokText && tk.Kind != cheetah.TokRaw {
			continue
		}
		for i := tk.Span.Start; i < tk.Span.End; i++ {
			b := src[i]
			switch {
			case comment:
				comment = b != '\n'
			case quote == '\'':
				if b == '\'' {
					quote = 0
				}
			case b == '\\':
				i++ // an escaped character, in double quotes too
			case quote == '"':
				if b == '"' {
					quote = 0
				}
			case b == '\'' || b == '"':
				quote = b
			case b == '#' && (i == 0 || strings.IndexByte(" \t\n;&|(", src[i-1]) >= 0):
				comment = true
			case b == '&' && joins(src, i):
				out = append(out, i)
			}
		}
	}
	return out
}

// anyJoins reports whether some '&' of src joins two commands as [joins]
// sees it, quotes and comments aside.
func anyJoins(src string) bool {
	for i := 0; ; i++ {
		j := strings.IndexByte(src[i:], '&')
		if j < 0 {
			return false
		}
		i += j
		if joins(src, i) {
			return true
		}
	}
}

// joins reports whether the '&' at src[i] stands alone between two
// commands on one line: not part of '&&' or a redirection, with a command
// before it and something other than a comment after it.
func joins(src string, i int) bool {
	prev, next := byte(0), byte(0)
	if i > 0 {
		prev = src[i-1]
	}
	if i+1 < len(src) {
		next = src[i+1]
	}
	// '&&', '>&', '<&', '|&', '&>' and '&>>' are other operators.
	if strings.IndexByte("&<>|", prev) >= 0 && prev != 0 || next == '&' || next == '>' {
		return false
	}
	// Only blanks are skipped either way, so that a long line costs
	// nothing more per '&'.
	j := i - 1
	for j >= 0 && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r') {
		j--
	}
	// Nothing before it, or an operator that leaves no command to background.
	if j < 0 || src[j] == '\n' || src[j] == '|' || src[j] == ';' {
		return false
	}
	k := i + 1
	for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r') {
		k++
	}
	// A trailing '&' backgrounds on purpose (a later 'wait'); so does one
	// before a comment or a closing bracket.
	return k < len(src) && strings.IndexByte("\n#)}", src[k]) < 0
}
