// Package files holds the checks of the files a tool declares beside
// itself: the <required_files> that Galaxy stages with the tool
// (Galaxy's linters/required_files.py).
package files

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// walkMaxDirs caps the directories a pattern is matched in, as Galaxy's
// WALK_MAX_DIRS does: following symbolic links can make the walk endless
// (a link to an ancestor), and a huge tree would make the check slow.
const walkMaxDirs = 10000

// anyFile reports whether match accepts the path, relative to dir and
// with / separators, of some file below dir. It walks as Python's
// os.walk(dir, followlinks=True) does — depth first, a directory before
// its subdirectories, a link to a directory entered as a directory — and
// stops after walkMaxDirs directories, as Galaxy does.
func anyFile(dir string, match func(rel string) bool) bool {
	seen := 0
	var walk func(abs, rel string) bool
	walk = func(abs, rel string) bool {
		if seen >= walkMaxDirs {
			return false
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			// os.walk skips a directory it cannot list without
			// yielding it, so it does not count toward the cap.
			return false
		}
		seen++
		var subdirs []string
		for _, e := range entries {
			name := e.Name()
			if isDir(filepath.Join(abs, name), e) {
				subdirs = append(subdirs, name)
				continue
			}
			if match(rel + name) {
				return true
			}
		}
		for _, name := range subdirs {
			if walk(filepath.Join(abs, name), rel+name+"/") {
				return true
			}
		}
		return false
	}
	return walk(dir, "")
}

// isDir reports whether the entry at p is a directory to os.walk: a
// directory, or a symbolic link whose target is one (a broken link counts
// as a file).
func isDir(p string, e os.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&os.ModeSymlink == 0 {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// fnmatchRegexp translates a shell pattern as Python's fnmatch.translate
// does: * and ? match any characters, / included, [seq] and [!seq] are
// character sets, and a [ without its ] is literal. The result matches the
// whole name. It returns nil when Go cannot compile the translation, a
// pattern gtr then does not judge.
func fnmatchRegexp(pat string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`(?s)\A(?:`)
	r := []rune(pat)
	for i := 0; i < len(r); {
		c := r[i]
		i++
		switch c {
		case '*':
			// Python folds a run of stars into one.
			for i < len(r) && r[i] == '*' {
				i++
			}
			b.WriteString(`.*`)
		case '?':
			b.WriteString(`.`)
		case '[':
			j := i
			if j < len(r) && r[j] == '!' {
				j++
			}
			if j < len(r) && r[j] == ']' {
				j++
			}
			for j < len(r) && r[j] != ']' {
				j++
			}
			if j >= len(r) {
				b.WriteString(`\[`)
				continue
			}
			b.WriteString(charClass(r[i:j]))
			i = j + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`)\z`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	return re
}

// charClass is the regular expression of the fnmatch set body (between
// [ and ]): a leading ! negates it, a-b is a range (dropped when empty, as
// Python drops it) and every other character, backslash included, stands
// for itself. A set left with nothing matches nothing (negated: any one
// character).
func charClass(body []rune) string {
	neg := false
	if len(body) > 0 && body[0] == '!' {
		neg, body = true, body[1:]
	}
	var items strings.Builder
	for k := 0; k < len(body); k++ {
		if k+2 < len(body) && body[k+1] == '-' {
			lo, hi := body[k], body[k+2]
			k += 2
			if lo > hi {
				continue
			}
			items.WriteString(classChar(lo) + "-" + classChar(hi))
			continue
		}
		items.WriteString(classChar(body[k]))
	}
	if items.Len() == 0 {
		if neg {
			return `.`
		}
		return `[^\x00-\x{10FFFF}]`
	}
	if neg {
		return "[^" + items.String() + "]"
	}
	return "[" + items.String() + "]"
}

// classChar writes one character for use inside a Go character class.
func classChar(c rune) string {
	switch c {
	case '\\', ']', '[', '^', '-':
		return `\` + string(c)
	}
	return string(c)
}
