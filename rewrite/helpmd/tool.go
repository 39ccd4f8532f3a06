package helpmd

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Tool is one tool file given to [Convert]: its name (a path, the base
// its imports resolve against) and bytes. Tree, when set, is the parse of
// Src.
type Tool struct {
	File string
	Src  []byte
	Tree *cst.Tree
}

// ErrNotTool is wrapped by the error [Convert] returns for a file that is
// not a well-formed Galaxy tool (<tool> root).
var ErrNotTool = errors.New("not a well-formed Galaxy tool")

// Converted is what [Convert] makes of one tool.
type Converted struct {
	File string // the tool
	// Skip says why the help is left as it is; "" when it is converted.
	Skip string
	// Markdown is the help's new text, as Galaxy reads it.
	Markdown string
	// Files holds the new bytes of every file the conversion writes, by
	// name: the tool, and the macro file the help is written in when it
	// comes from one.
	Files map[string][]byte
	// Imports lists the macro files the tool's view reads, unless
	// Unexpanded.
	Imports []string
	// Unexpanded says the tool was skipped for its literal profile before
	// it was expanded: Imports is not known ([Imports] gives it).
	Unexpanded bool
}

// MinProfile is the first Galaxy profile whose schema allows
// <help format="markdown">.
const MinProfile = "24.2"

// token matches a macro token in help text.
var token = regexp.MustCompile(`@[A-Za-z0-9_.-]+@`)

// Convert converts the RST <help> of t to Markdown with format="markdown",
// where the help is written: in the tool, or in the imported macro file
// that holds its text or the whole <help>. It keeps the conversion only
// when the tool's profile allows the attribute, the help is valid RST
// every construct of which converts, the Markdown renders as the RST
// rendered, and Galaxy's expanded view of the tool changes in its <help>
// alone ([HelpToMarkdown]); otherwise Skip says why. The error is for a
// file that is not a tool and for an expansion stopped by its bounds or
// context.
func Convert(t Tool, opts macros.Options) (*Converted, error) {
	res := &Converted{File: t.File}
	tree := t.Tree
	if tree == nil {
		tree = cst.Parse(t.File, t.Src)
	}
	if !tree.WellFormed() || tree.RootElement().Name() != "tool" {
		return nil, fmt.Errorf("%s: %w", t.File, ErrNotTool)
	}
	// A literal profile below 24.2 skips the tool before the expansion.
	if p, ok := tree.RootElement().AttrValue("profile"); !strings.Contains(p, "@") {
		if skip := profileSkip(p, ok); skip != "" {
			res.Skip, res.Unexpanded = skip, true
			return res, nil
		}
	}
	view, err := macros.ExpandTree(tree, opts)
	if err != nil {
		var me *macros.Error
		switch {
		case !errors.As(err, &me), me.Kind == macros.ErrTooLarge, me.Kind == macros.ErrCanceled:
			return nil, err
		}
		res.Skip = fmt.Sprintf("the tool does not expand as Galaxy loads it: %v", err)
		return res, nil
	}
	res.Imports = view.Imports
	res.Skip = skipReason(view.Root)
	if res.Skip != "" {
		return res, nil
	}
	var help *macros.Element
	for c := range view.Root.Elements() {
		if c.Tag == "help" {
			help = c
			break
		}
	}
	md, skip := ConvertText(help.Text)
	if skip != "" {
		res.Skip = skip
		return res, nil
	}
	files, skip := edits(view, help, md)
	if skip != "" {
		res.Skip = skip
		return res, nil
	}
	if skip := gate(tree, view, opts, files); skip != "" {
		res.Skip = skip
		return res, nil
	}
	res.Markdown, res.Files = md, files
	return res, nil
}

// Imports returns the macro files the view of tool t reads, for a result
// that is [Converted.Unexpanded]; nil when it does not expand.
func Imports(t Tool, opts macros.Options) []string {
	tree := t.Tree
	if tree == nil {
		tree = cst.Parse(t.File, t.Src)
	}
	view, err := macros.ExpandTree(tree, opts)
	if err != nil {
		return nil
	}
	return view.Imports
}

// skipReason says why the help of the view root cannot be converted
// before it is read: the profile, no help, a format, no text, a token.
func skipReason(root *macros.Element) string {
	if skip := profileSkip(root.Get("profile")); skip != "" {
		return skip
	}
	var help *macros.Element
	for c := range root.Elements() {
		if c.Tag == "help" {
			help = c
			break
		}
	}
	switch {
	case help == nil:
		return "no <help> element"
	case help.Attr("format") != nil:
		return "the <help> already declares a format"
	case strings.TrimSpace(help.Text) == "":
		return "empty <help>"
	case help.TextOrigin().Parts != nil || token.MatchString(help.Text):
		return "the <help> carries a macro token (@…@) — conversion is unprovable"
	case len(help.Children) > 0:
		return "the <help> holds elements besides its text, which Galaxy does not render"
	}
	return ""
}

// profileSkip says why profile p (ok: declared) does not allow
// format="markdown", or "".
func profileSkip(p string, ok bool) string {
	if ok && atLeast(p, MinProfile) {
		return ""
	}
	if !ok {
		p = "16.01 (no profile= declared)"
	}
	return "profile " + p + " is below " + MinProfile + " — <help format=…> is not XSD-valid there; run `gtr upgrade` first"
}

// atLeast reports whether profile p is at least min, comparing the
// dot-separated numbers one by one.
func atLeast(p, min string) bool {
	a, b := strings.Split(p, "."), strings.Split(min, ".")
	for i := 0; i < len(a) || i < len(b); i++ {
		x, y := 0, 0
		var err error
		if i < len(a) {
			if x, err = strconv.Atoi(a[i]); err != nil {
				return false
			}
		}
		if i < len(b) {
			y, _ = strconv.Atoi(b[i])
		}
		if x != y {
			return x > y
		}
	}
	return true
}
