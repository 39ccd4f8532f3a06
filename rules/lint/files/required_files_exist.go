package files

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// RequiredFilesExist is GTR114: a <required_files> include that names no
// file in the tool's directory.
var RequiredFilesExist = &lint.Check{
	Code:    "GTR114",
	Name:    "required-files-exist",
	Summary: "Each <required_files> <include> should name or match a file beside the tool.",
	Linters: []string{"RequiredFilesExist"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-required-files",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an <include> of <required_files> whose path does not exist in the tool's " +
			"directory (type literal, the default), or whose prefix, glob or regex pattern (type " +
			"prefix, glob, regex; any other type is read as a regex, as Galaxy does) matches no file " +
			"below it, as Galaxy's RequiredFilesExist linter does. The walk follows symbolic links " +
			"and stops after 10000 directories, as Galaxy's does. Silent for content checked in " +
			"memory, which has no directory.",
		Why: "Galaxy stages only the required files with a remote or containerised job: a script " +
			"the include misses (a typo, a renamed file) is absent when the command runs, and the " +
			"job fails far from the cause; planemo lint reports it as an error.",
		Example: "<required_files>\n  <include path=\"scirpt.py\"/>\n</required_files>\n→\n" +
			"<required_files>\n  <include path=\"script.py\"/>\n</required_files>",
		FixSafety: "Advisory only: whether the path is misspelt or the file was never committed " +
			"is for the author to decide.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's module sets no tool types, so the default ones apply.
		if !c.ToolTypeIn(lint.DefaultTypes...) || c.Dir == "" {
			return
		}
		// Galaxy reads only the first <required_files> of the tool.
		rf := lint.Child(c.Root, "required_files")
		if rf == nil {
			return
		}
		includes := lint.Children(rf, "include")
		// A path-less include or exclude fails Galaxy's parse before any
		// include is checked (the schema check reports the element).
		for _, tag := range []string{"include", "exclude"} {
			for _, el := range lint.Children(rf, tag) {
				if _, ok := el.Get("path"); !ok {
					return
				}
			}
		}
		for _, inc := range includes {
			checkInclude(c, inc)
		}
	},
}

// checkInclude reports inc when its path or pattern finds no file.
func checkInclude(c *lint.Ctx, inc *macros.Element) {
	path, _ := inc.Get("path")
	typ, ok := inc.Get("type")
	if !ok {
		typ = "literal"
	}
	// A token left unexpanded stands for a path gtr cannot know.
	if c.Partial() && (strings.Contains(path, "@") || strings.Contains(typ, "@")) {
		return
	}
	if typ == "literal" {
		if literalExists(c.Dir, path) {
			return
		}
		c.ReportAttr("RequiredFilesExist", inc, "path", "Required file ["+path+"] does not exist",
			"Correct the path to name a file in the tool's directory (relative to it), or add the missing file to the repository.")
		return
	}
	match := matcher(typ, path)
	if match == nil || anyFile(c.Dir, match) {
		return
	}
	c.ReportAttr("RequiredFilesExist", inc, "path",
		"Required files pattern ["+path+"] (type "+typ+") does not match any files",
		"Correct the pattern so that it matches the files the tool needs, relative to its directory, or add those files.")
}

// literalExists is Python's os.path.exists(os.path.join(dir, path)): an
// absolute path replaces dir, and a link counts only when its target
// exists.
func literalExists(dir, path string) bool {
	p := path
	if !filepath.IsAbs(path) {
		p = filepath.Join(dir, path)
		// os.path.join keeps a trailing separator, which makes the stat
		// fail on a file; filepath.Join drops it.
		if strings.HasSuffix(path, "/") {
			p += "/"
		}
	}
	_, err := os.Stat(p)
	return err == nil
}

// matcher returns the test of a relative file path for a pattern of type
// typ, nil when the pattern is a regular expression that Go cannot
// compile: that is a pattern gtr cannot judge, so it stays silent.
func matcher(typ, pat string) func(string) bool {
	switch typ {
	case "prefix":
		return func(rel string) bool { return strings.HasPrefix(rel, pat) }
	case "glob":
		re := fnmatchRegexp(pat)
		if re == nil {
			return nil
		}
		return re.MatchString
	}
	// Python's re.match anchors at the start only.
	re, err := regexp.Compile(`\A(?:` + pat + `)`)
	if err != nil {
		return nil
	}
	return re.MatchString
}
