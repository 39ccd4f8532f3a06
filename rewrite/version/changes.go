package version

import (
	"regexp"
	"strconv"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// MacrosBlock is the one difference tokenizing may make to Galaxy's view
// of a tool: a <macros> element where the tool had none. Galaxy empties
// the <macros> block of every tool it loads (it keeps only template
// macros there) and reads nothing else from it, so an empty <macros>
// reads as no <macros> at all; the change's Normalize drops an empty one
// from both views.
var MacrosBlock = &rewrite.ViewChange{
	Name:      "macros-block",
	Normalize: dropEmptyMacros,
}

// dropEmptyMacros removes the empty <macros> children of a root <tool>
// and returns how many it removed.
func dropEmptyMacros(root *macros.Element) int {
	if root.Tag != "tool" || root.Parent() != nil {
		return 0
	}
	n := 0
	kept := root.Children[:0:0]
	for _, c := range root.Children {
		if !c.PI && c.Tag == "macros" && len(c.Children) == 0 && len(c.Attrs) == 0 && isLayout(c.Text) && isLayout(c.Tail) {
			n++
			continue
		}
		kept = append(kept, c)
	}
	if n > 0 {
		root.Children = kept
	}
	return n
}

// isLayout reports whether s is XML whitespace only.
func isLayout(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return true
}

// SuffixAdopted is the change tokenize-version -adopt-suffix makes: the
// version of the root <tool> gains "+galaxy0".
var SuffixAdopted = &rewrite.ViewChange{
	Name: "suffix-adopted",
	Attr: func(before, after *macros.Element, name string) bool {
		if !isRootVersion(before, name) {
			return false
		}
		old, _ := before.Get(name)
		v, ok := after.Get(name)
		return ok && v == old+"+galaxy0"
	},
}

// SuffixBumped is the change a bump makes: the +galaxy<N> suffix of the
// version of the root <tool> becomes +galaxy<N+1>.
var SuffixBumped = &rewrite.ViewChange{
	Name: "suffix-bumped",
	Attr: func(before, after *macros.Element, name string) bool {
		if !isRootVersion(before, name) {
			return false
		}
		old, _ := before.Get(name)
		want, ok := bumped(old)
		v, has := after.Get(name)
		return ok && has && v == want
	},
}

// isRootVersion reports whether name is the version attribute of the
// root <tool>.
func isRootVersion(e *macros.Element, name string) bool {
	return name == "version" && e.Tag == "tool" && e.Parent() == nil
}

// integerSuffix matches a version ending in an integer +galaxy<N>.
var integerSuffix = regexp.MustCompile(`^(.*\+galaxy)([0-9]+)$`)

// bumped returns v with its integer +galaxy<N> suffix made N+1, and
// whether v ends in one.
func bumped(v string) (string, bool) {
	m := integerSuffix.FindStringSubmatch(v)
	if m == nil {
		return "", false
	}
	n, err := strconv.ParseUint(m[2], 10, 63)
	if err != nil {
		return "", false
	}
	return m[1] + strconv.FormatUint(n+1, 10), true
}
