package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst"
)

const debugRoundtripDoc = `
Roundtrip parses each file and checks that printing its syntax tree gives
the file back byte for byte, which every gtr rewrite relies on. A PATH may
be a file or a directory, searched recursively for *.xml files (hidden
directories are skipped). Files are parsed in parallel and reported in a
deterministic order.

For each file that does not print back exactly, it names the file and shows
the first difference with whitespace made visible: · space, → tab, ↵ line
feed, ␍ carriage return. The last line counts files:

	N files, N byte-exact, N malformed

Malformed files (not well-formed XML) still have to round-trip; -v lists
them with their first parse error. The exit code is 1 when a file does not
round-trip and 2 when a path cannot be read.`

// roundtripResult is what checking one file found.
type roundtripResult struct {
	err       error  // the file could not be read
	diff      string // where printing differs from the source; "" when byte-exact
	malformed string // the first parse error; "" when well-formed
}

func runDebugRoundtrip(e *env, args []string) int {
	fs := e.flagSet()
	verbose := fs.Bool("v", false, "list malformed files with their first parse error")
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		return e.usageError("no PATH given")
	}

	code = exitOK
	files, errs := xmlFiles(paths)
	for _, err := range errs {
		e.pathError("", err)
		code = exitError
	}
	var nfiles, exact, malformed int
	forEachOrdered(len(files), func(i int) roundtripResult {
		return roundtrip(files[i])
	}, func(i int, r roundtripResult) {
		if r.err != nil {
			e.pathError(files[i], r.err)
			code = exitError
			return
		}
		nfiles++
		if r.diff == "" {
			exact++
		} else {
			fmt.Fprint(e.stdout, r.diff)
			code = max(code, exitFindings)
		}
		if r.malformed != "" {
			malformed++
			if *verbose {
				fmt.Fprintln(e.stdout, r.malformed)
			}
		}
	})
	fmt.Fprintf(e.stdout, "%d files, %d byte-exact, %d malformed\n", nfiles, exact, malformed)
	return code
}

func roundtrip(path string) roundtripResult {
	src, err := os.ReadFile(path)
	if err != nil {
		return roundtripResult{err: err}
	}
	tree := cst.Parse(path, src)
	var r roundtripResult
	if got := tree.Bytes(); !bytes.Equal(got, src) {
		r.diff = describeDiff(tree, src, got)
	}
	if errs := tree.Errors(); len(errs) > 0 {
		r.malformed = errs.Error()
	}
	return r
}

// diffContext is how many bytes describeDiff shows on each side of the
// first difference.
const diffContext = 24

// describeDiff names where got first differs from the source src of tree
// and shows both around that point with whitespace made visible, a caret
// under the first differing byte:
//
//	f.xml:3:9: printed tree differs from the source at byte 41
//	  source:  <a>·x↵
//	  printed: <a>→x↵
//	              ^
func describeDiff(tree *cst.Tree, src, got []byte) string {
	i := 0
	for i < len(src) && i < len(got) && src[i] == got[i] {
		i++
	}
	lo := max(0, i-diffContext)
	for lo > 0 && lo > i-diffContext-utf8.UTFMax && !utf8.RuneStart(src[lo]) {
		lo--
	}
	prefix := visible(src[lo:i])
	var b strings.Builder
	fmt.Fprintf(&b, "%s: printed tree differs from the source at byte %d\n", tree.Position(i), i)
	fmt.Fprintf(&b, "  source:  %s%s\n", prefix, visibleFrom(src, i))
	fmt.Fprintf(&b, "  printed: %s%s\n", prefix, visibleFrom(got, i))
	fmt.Fprintf(&b, "           %s^\n", strings.Repeat(" ", utf8.RuneCountInString(prefix)))
	return b.String()
}

// visibleFrom shows up to diffContext bytes of b from i, or ⟨EOF⟩ at the
// end of b.
func visibleFrom(b []byte, i int) string {
	if i >= len(b) {
		return "⟨EOF⟩"
	}
	end := min(len(b), i+diffContext)
	for end < len(b) && end < i+diffContext+utf8.UTFMax && !utf8.RuneStart(b[end]) {
		end++
	}
	return visible(b[i:end])
}

// visible returns b on one line with whitespace and control characters
// made visible: · space, → tab, ↵ line feed, ␍ carriage return, \xNN for
// other control bytes and invalid UTF-8.
func visible(b []byte) string {
	var s strings.Builder
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		switch {
		case r == ' ':
			s.WriteString("·")
		case r == '\t':
			s.WriteString("→")
		case r == '\n':
			s.WriteString("↵")
		case r == '\r':
			s.WriteString("␍")
		case r == utf8.RuneError && size == 1, r < utf8.RuneSelf && !unicode.IsPrint(r):
			fmt.Fprintf(&s, `\x%02x`, b[0])
		case !unicode.IsPrint(r):
			fmt.Fprintf(&s, `\u%04x`, r)
		default:
			s.Write(b[:size])
		}
		b = b[size:]
	}
	return s.String()
}
