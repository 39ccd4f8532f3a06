package upgrade

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR016 inlines the deprecated interpreter attribute of <command>, which
// Galaxy ignores from 16.04, into the command line.
var GTR016 = &Step{
	Code:    "GTR016",
	Name:    "inline-interpreter",
	Summary: "Inline a deprecated <command interpreter=\"I\">script …</command> as I '$__tool_directory__/script' … (Galaxy ignores interpreter= from 16.04).",
	Kind:    KindRuntimeFix,
	From:    "16.04",
	Clears:  "16_04_fix_interpreter",
	Planemo: []string{"CommandInterpreterDeprecated"},
	Cite:    "https://github.com/galaxyproject/galaxy/pull/1688",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Removes the interpreter attribute of the tool's <command> and writes, in place of the command's " +
			"first word, the interpreter followed by that word as a path in the tool's directory, single-quoted: " +
			"'$__tool_directory__/script' (an absolute path stays as it is). The edit is made where the command " +
			"is written, in the tool or in an imported macro file. An empty interpreter, which Galaxy never used, " +
			"is only removed.",
		Why: "For a tool without a profile Galaxy builds the command line, after Cheetah, by replacing its first " +
			"word with the interpreter and that word joined to the tool's directory. From profile 16.04 it " +
			"ignores the attribute, so the command would run the script as a program, from the job's working " +
			"directory, where it is not.",
		Example: "<command interpreter=\"python\">filter.py $input $output</command>\n→\n" +
			"<command>python '$__tool_directory__/filter.py' $input $output</command>",
		FixSafety: "Only when the command's first word is written literally as a plain path (letters, digits and " +
			"._-/+,:%=~), so that it is also the first word Galaxy renders; a command that starts with Cheetah " +
			"(#if, #set, $var, a comment), a token or a reference is refused, as is an interpreter holding $, #, " +
			"\\, <, >, & or ], which would read differently inside the template. The quotes keep a tool " +
			"directory with spaces one word, which Galaxy's own rewrite did from 20.09.",
	},
	Changes: []*rewrite.ViewChange{changeInterpreter},
	Plan:    planInterpreter,
}

// changeInterpreter is the interpreter attribute of the tool's <command>
// going, and its text changing as [inlineInterpreter] rewrites it.
var changeInterpreter = &rewrite.ViewChange{
	Name: "inline-interpreter",
	Attr: func(before, after *macros.Element, name string) bool {
		interp, ok := before.Get(name)
		_, still := after.Get(name)
		if name != "interpreter" || !ok || still || !isToolCommand(before) {
			return false
		}
		// Galaxy never used an empty interpreter, nor one without a command.
		if interp == "" || before.Text == "" {
			return after.Text == before.Text
		}
		return inlinedText(before, after)
	},
	Text: func(before, after *macros.Element) bool {
		// The text changes only together with the attribute going.
		return hasAttr(before, "interpreter") && !hasAttr(after, "interpreter") && isToolCommand(before) && inlinedText(before, after)
	},
}

// inlinedText reports whether the text of after is that of before, a
// <command> with a non-empty interpreter, as [inlineInterpreter] rewrites
// it.
func inlinedText(before, after *macros.Element) bool {
	interp, _ := before.Get("interpreter")
	want, err := inlineInterpreter(before.Text, interp)
	return interp != "" && err == nil && after.Text == want
}

func planInterpreter(d *Doc) Plan {
	// A tool that is not well-formed has no command to speak of.
	if d.Root == nil {
		return Plan{}
	}
	cmd := firstChild(d.Root, "command")
	interp, ok := "", false
	if cmd != nil {
		interp, ok = cmd.Get("interpreter")
	}
	// No interpreter: nothing changes at 16.04.
	if !ok {
		return Plan{}
	}
	pos := d.Position(cmd.Loc)
	refuse := func(format string, args ...any) Plan {
		return Plan{Refused: []string{fmt.Sprintf("%s: ", pos) + fmt.Sprintf(format, args...)}}
	}
	// Without Galaxy's view the command may be a copy of a macro's.
	if d.View == nil {
		return refuse("the tool does not expand, so its <command> cannot be placed: %v", d.Err)
	}
	attr := d.Node(cmd).Attr("interpreter")
	if !attr.IsValid() {
		return refuse("the interpreter attribute of <command> is not where the view says")
	}
	drop := rewrite.In(cmd.Loc.File, rewrite.DeleteAttr(attr))
	// Galaxy never used an empty interpreter, nor one without a command.
	if interp == "" || cmd.Text == "" {
		return Plan{Edits: []rewrite.FileEdit{drop}}
	}
	inline, err := inlineEdit(d, cmd, interp)
	if err != nil {
		return refuse("<command interpreter=%q> cannot be inlined: %v", interp, err)
	}
	return Plan{Edits: []rewrite.FileEdit{drop, inline}}
}

// inlineEdit returns the edit writing the interpreter call in place of
// the first word of cmd, where that word is written.
func inlineEdit(d *Doc, cmd *macros.Element, interp string) (rewrite.FileEdit, error) {
	word, err := scriptWord(cmd.Text)
	if err != nil {
		return rewrite.FileEdit{}, err
	}
	call, err := inlinedCall(interp, word)
	if err != nil {
		return rewrite.FileEdit{}, err
	}
	start, end, _ := scriptSpan(cmd.Text)
	site, err := textSite(d, cmd, start, end)
	if err != nil {
		return rewrite.FileEdit{}, err
	}
	return site.Replace(call), nil
}

// isToolCommand reports whether e is the <command> Galaxy reads: the
// first one of the root <tool>.
func isToolCommand(e *macros.Element) bool {
	p := e.Parent()
	return e.Tag == "command" && p != nil && p.Parent() == nil && firstChild(p, "command") == e
}

// inlineInterpreter returns the text of a <command interpreter=interp>
// that runs without the attribute as Galaxy ran it with it: the first
// word replaced by [inlinedCall].
func inlineInterpreter(text, interp string) (string, error) {
	if _, err := scriptWord(text); err != nil {
		return "", err
	}
	start, end, _ := scriptSpan(text)
	call, err := inlinedCall(interp, text[start:end])
	if err != nil {
		return "", err
	}
	return text[:start] + call + text[end:], nil
}

// inlinedCall returns what the command's first word becomes: the
// interpreter (without surrounding whitespace), a space, and the word as a
// path in the tool's directory, single-quoted, where Galaxy joined it to
// the tool's directory (os.path.join keeps an absolute path as it is, and
// one that $__tool_directory__ starts).
func inlinedCall(interp, word string) (string, error) {
	in := strings.TrimSpace(interp)
	if in == "" {
		return "", errors.New("the interpreter is blank")
	}
	if i := strings.IndexFunc(in, func(r rune) bool {
		return strings.ContainsRune("$#\\<>&]", r) || r < ' ' && r != '\t'
	}); i >= 0 {
		return "", fmt.Errorf("the interpreter holds %q, which would read differently in the command template", in[i:i+1])
	}
	path := "$__tool_directory__/" + word
	if strings.HasPrefix(word, "/") || toolDirPrefix(word) != "" {
		path = word
	}
	return in + " '" + path + "'", nil
}

// scriptSpan returns where the first word of a command text is: after
// its leading XML whitespace, up to the next XML whitespace or the end.
func scriptSpan(text string) (start, end int, ok bool) {
	start = len(text) - len(strings.TrimLeft(text, " \t\r\n"))
	if start == len(text) {
		return start, start, false
	}
	end = start + strings.IndexAny(text[start:]+" ", " \t\r\n")
	return start, end, true
}

// scriptWord returns the first word of a command text when it is a plain
// path, which Cheetah renders as it is (or one under
// $__tool_directory__), so that it is the word Galaxy took for the
// script; otherwise it says what the command starts with.
func scriptWord(text string) (string, error) {
	start, end, ok := scriptSpan(text)
	if !ok {
		return "", errors.New("the command is blank, so Galaxy had no script to run")
	}
	word := text[start:end]
	path := strings.TrimPrefix(word, toolDirPrefix(word))
	if path == "" || strings.HasPrefix(path, "#") || strings.HasPrefix(path, "$") {
		return "", fmt.Errorf("the command starts with Cheetah (%s), not a literal script path", clip(word))
	}
	for i := 0; i < len(path); i++ {
		if !isPathByte(path[i]) {
			return "", fmt.Errorf("the command's first word %s is not a plain path (it holds %q)", clip(word), path[i:i+1])
		}
	}
	return word, nil
}

// toolDirPrefix returns the spelling of $__tool_directory__/ that word
// starts with, or "". A script named through it renders as an absolute
// path, which Galaxy's join kept as it was.
func toolDirPrefix(word string) string {
	for _, p := range []string{"$__tool_directory__/", "${__tool_directory__}/"} {
		if strings.HasPrefix(word, p) {
			return p
		}
	}
	return ""
}

// isPathByte reports whether b may be part of a script path that the
// rewrite copies: a character that neither Cheetah nor XML reads
// specially.
func isPathByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("._-/+,:%=~", b) >= 0
}

// clip quotes a word for a message, shortened past 40 bytes.
func clip(s string) string {
	if len(s) > 40 {
		return fmt.Sprintf("%q…", s[:40])
	}
	return fmt.Sprintf("%q", s)
}

// textSite returns where the bytes [start, end) of e.Text are written,
// for a range that starts the text's first word and holds only path
// bytes (after a $__tool_directory__/): after the whitespace, comments and CDATA openings that begin the
// text in its source, and as written there, not by a token.
func textSite(d *Doc, e *macros.Element, start, end int) (Site, error) {
	o := e.TextOrigin()
	for i, p := range o.Parts {
		next := len(e.Text)
		if i+1 < len(o.Parts) {
			next = o.Parts[i+1].Off
		}
		if p.Off > start || start >= next {
			continue
		}
		if p.Token != "" {
			return Site{}, fmt.Errorf("the command's first word comes from %s, not from the <command> itself", p.Token)
		}
		if end > next {
			return Site{}, fmt.Errorf("the command's first word is made of text and a token")
		}
	}
	src := d.Source(o.Loc.File)
	limit := o.Loc.Span.End
	if src == nil || limit > len(src) {
		return Site{}, fmt.Errorf("the source of the command is not loaded")
	}
	i := o.Loc.Span.Start
	for i < limit {
		rest := src[i:limit]
		switch {
		case rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\r' || rest[0] == '\n':
			i++
			continue
		case bytes.HasPrefix(rest, []byte("<!--")):
			close := bytes.Index(rest, []byte("-->"))
			if close < 0 {
				return Site{}, fmt.Errorf("the command's comment is not closed")
			}
			i += close + 3
			continue
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			i += 9
			continue
		}
		break
	}
	j := i + len(toolDirPrefix(string(src[i:min(i+32, limit)])))
	for j < limit && isPathByte(src[j]) {
		j++
	}
	word := e.Text[start:end]
	if string(src[i:j]) != word {
		return Site{}, fmt.Errorf("the command's first word %s is not written as it reads (a reference or a token makes it)", clip(word))
	}
	return Site{File: o.Loc.File, Span: cst.Span{Start: i, End: j}}, nil
}
