package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

const expandDoc = `
Expand prints Galaxy's view of a tool: the tree its tool loader builds after
expanding macros, as Galaxy's lib/galaxy/util/xml_macros.py does. Imported
macro files are read from disk, resolved against the tool's directory as
Galaxy resolves them.

-format xml (the default) prints the expanded tree serialised as lxml does;
-format json prints it in the canonical JSON form of Galaxy's own expansions
(one object per element: attrs, children, tag, tail, text; keys sorted),
byte for byte what Galaxy's loader gives.

-provenance prints, instead of the tree, where each element, attribute and
text came from, indented by depth:

	<param> macros.xml:12:5 via expand inputs tool.xml:20:5
	  @name="input" macros.xml:12:12
	  @format="@FORMATS@" tool.xml:3:9 ← @FORMATS@ "txt" macros.xml:2:5

an element's position in its source file and the chain of <expand>s and
<yield>s that moved it ("via", outermost first), each attribute's value
position and the tokens substituted in it (the token, the bytes it supplied
and its definition). Texts are listed when they hold more than whitespace.

Expansion is bounded, where Galaxy's is not: it stops with an error once the
expanded view takes more than -max-expansion times the bytes of the tool and
the macro files it imports (default 256) plus 16 MiB, counting the memory
of every element and attribute copied and the length of its strings, the
text token substitution builds, and a few bytes for each element moved or
searched. Over the corpus of real tools expansion takes at most 69 times
its inputs and a median of 1.0; a macro or token that holds another twice,
which holds another twice, ... grows exponentially and is stopped at its
definition after some tens of megabytes:

	tool.xml:30:1: macro m27 expands exponentially: the expanded view grows to 17264646 bytes, past the bound of 17264640 (256 times the 1904 bytes of the tool and its macro files, plus 16777216); if the tool is meant to be this large, raise the factor with -max-expansion

The expanded tree may nest elements at most 1024 deep, chains of
expansions that bring an element to its place may be at most 1024 long,
and imports may nest at most 64 deep; -max-expansion does not change these.

A tool Galaxy cannot expand is reported on standard error with the position
to fix and the exception Galaxy's loader raises:

	tool.xml:6:9: no macro named input: did you mean inputs?
	  Galaxy: AssertionError: No macro named input found, known macros are inputs.

The exit code is 1 when the tool cannot be expanded, 2 for a usage error or
a FILE that cannot be read, 0 otherwise.`

// expandFormats are the values of -format, the first the default.
var expandFormats = []string{"xml", "json"}

func runExpand(e *env, args []string) int {
	fs := e.flagSet()
	format := fs.String("format", "xml", "print the expanded tree as `FORMAT`: xml or json (Galaxy's canonical form)")
	prov := fs.Bool("provenance", false, "print where each element, attribute and text came from instead of the tree")
	maxExp := maxExpansionFlag(fs)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if *maxExp < 1 {
		return e.usageError("-max-expansion: want a factor of at least 1, got %d", *maxExp)
	}
	if !slices.Contains(expandFormats, *format) {
		return e.usageError("unknown format %q (want %s)", *format, strings.Join(expandFormats, ", "))
	}
	if len(paths) != 1 {
		return e.usageError("want one FILE, got %d", len(paths))
	}
	path := paths[0]
	src, err := os.ReadFile(path)
	if err != nil {
		e.pathError(path, err)
		return exitError
	}
	res, err := macros.Expand(path, src, macros.Options{MaxExpansion: *maxExp})
	if err != nil {
		e.expandError(err)
		return exitFindings
	}
	switch {
	case *prov:
		err = res.WriteProvenance(e.stdout)
	case *format == "json":
		err = res.WriteJSON(e.stdout)
	default:
		_, err = e.stdout.Write(res.XML())
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtr: writing output: %v\n", err)
		return exitError
	}
	return exitOK
}

// maxExpansionFlag defines -max-expansion, the factor of
// [macros.Options.MaxExpansion], on fs.
func maxExpansionFlag(fs *flag.FlagSet) *int {
	return fs.Int("max-expansion", macros.DefaultMaxExpansion,
		"stop expanding macros once the expanded view takes `N` times the bytes of the tool and its macro files (plus 16 MiB)")
}

// expandError reports why a tool cannot be expanded.
func (e *env) expandError(err error) {
	e.stdout.Flush()
	writeExpandError(e.stderr, "", err)
}

// writeExpandError writes an expansion error as "POS: message", then the
// exception Galaxy raises, each line after the first indented by indent.
func writeExpandError(w io.Writer, indent string, err error) {
	var me *macros.Error
	if !errors.As(err, &me) {
		fmt.Fprintf(w, "%s\n", err)
		return
	}
	fmt.Fprintf(w, "%s\n", me)
	if g := galaxyText(me); g != "" {
		fmt.Fprintf(w, "%s  Galaxy: %s\n", indent, g)
	}
}

// galaxyText returns the exception Galaxy raises for me, "Class: message",
// with only the class when the message is the one already printed (syntax
// errors carry gtr's message) or empty.
func galaxyText(me *macros.Error) string {
	class, msg, _ := strings.Cut(me.Galaxy, ":")
	msg = strings.TrimSpace(msg)
	if msg == "" || msg == me.Msg {
		return class
	}
	return class + ": " + msg
}
