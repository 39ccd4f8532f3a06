package mcpserver

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules"
)

// Selection is the rule selection every rule-running tool accepts, with the
// CLI's precedence ignore ▸ select ▸ rulesets.
type Selection struct {
	Rulesets []string `json:"rulesets,omitempty" jsonschema:"rulesets whose union is the base selection: cosmetic, default, iuc, strict (default: default)"`
	Select   []string `json:"select,omitempty" jsonschema:"codes (GTR001, a parent such as GTR020) or planemo linter names that replace the base selection"`
	Ignore   []string `json:"ignore,omitempty" jsonschema:"codes or planemo linter names removed from the selection"`
}

func (s Selection) resolve() ([]*rules.Rule, error) {
	rs, err := rules.Selection{Rulesets: s.Rulesets, Select: s.Select, Ignore: s.Ignore}.Resolve()
	var ue *rules.UnknownError
	if errors.As(err, &ue) {
		kind := KindUnknownRuleCode
		if ue.What == "ruleset" {
			kind = KindUnknownRuleset
		}
		return nil, &ToolError{Kind: kind, Message: ue.Error(), Suggestion: ue.Suggestion}
	}
	return rs, err
}

// parseTool parses the XML of a tool or macro file and refuses anything
// malformed or of another kind.
func parseTool(xml string, macros map[string]string) (*cst.Tree, error) {
	return parseToolIn(nil, xml, macros)
}

// parseToolIn is parseTool with the tree's arrays from slabs (nil for
// new ones); the caller releases a tree it returns.
func parseToolIn(slabs *cst.Slabs, xml string, macros map[string]string) (*cst.Tree, error) {
	if err := checkSize(xml, macros); err != nil {
		return nil, err
	}
	t := slabs.Parse("tool.xml", []byte(xml))
	if errs := t.Errors(); len(errs) > 0 {
		e := errs[0]
		msg := fmt.Sprintf("the XML is not well-formed: %d:%d: %s", e.Pos.Line, column.InTree(t, e.Pos.Offset), e.Msg)
		if len(errs) > 1 {
			msg += fmt.Sprintf(" (and %d more errors)", len(errs)-1)
		}
		return nil, &ToolError{Kind: KindInvalidXML, Message: msg, Line: e.Pos.Line, Column: column.InTree(t, e.Pos.Offset)}
	}
	if rules.Classify(t) == 0 {
		return nil, &ToolError{Kind: KindNotATool, Message: fmt.Sprintf(
			"the root element is <%s>; gtr works on Galaxy tool files (<tool>) and macro files (<macros>)", t.RootElement().Name())}
	}
	return t, nil
}

// macroFiles turns the macros argument into the in-memory files macro
// expansion reads imports from.
func macroFiles(m map[string]string) map[string][]byte {
	files := make(map[string][]byte, len(m))
	for name, src := range m {
		files[name] = []byte(src)
	}
	return files
}

// Violation is one finding.
type Violation struct {
	Code        string `json:"code" jsonschema:"the rule code, a partition half such as GTR020.1 where the rule is split"`
	DisplayCode string `json:"display_code" jsonschema:"the code the CLI shows (the parent code of a partition half)"`
	Sourceline  int    `json:"sourceline" jsonschema:"1-based line (the predecessor's field name; same as line)"`
	Line        int    `json:"line" jsonschema:"1-based line of the finding"`
	Column      int    `json:"column" jsonschema:"1-based column in UTF-16 code units"`
	EndLine     int    `json:"end_line" jsonschema:"1-based line where the flagged text ends"`
	EndColumn   int    `json:"end_column" jsonschema:"1-based column (UTF-16) just after the flagged text"`
	XPath       string `json:"xpath" jsonschema:"path of the enclosing element, e.g. /tool/inputs/param[2]"`
	Message     string `json:"message" jsonschema:"what is wrong"`
	Advisory    bool   `json:"advisory" jsonschema:"true for report-only findings; false when format_tool fixes it"`
	Fix         string `json:"fix,omitempty" jsonschema:"what the fix does for a fixable finding; what to do for an advisory one"`
	File        string `json:"file" jsonschema:"the file to edit: tool.xml, or the name of the macro file (as passed in macros) the flagged bytes are written in; for check_paths, the path of the file or of the macro file, relative to the working tree"`
	// ExpandedFrom says how bytes written in a macro file reached the tool.
	ExpandedFrom string `json:"expanded_from,omitempty" jsonschema:"how the flagged bytes got into the tool, e.g. tool.xml:12:9 <expand macro=\"inputs\">"`
	Linter       string `json:"linter,omitempty" jsonschema:"the Galaxy (planemo lint) linter class the finding corresponds to"`
}

// MaxViolations bounds the findings a result lists: a tool with a hundred
// thousand findings (a generated or hostile one) would otherwise answer
// with tens of megabytes an agent cannot use, and cost seconds to encode.
// The counts of a result still count every finding.
const MaxViolations = 1000

// firstFindings returns the first MaxViolations of diags.
func firstFindings(diags []rules.Diagnostic) []rules.Diagnostic {
	return diags[:min(len(diags), MaxViolations)]
}

// violations lists diags found in t, the tool (or macro file) passed as
// xml; a finding in a macro file passed in others is located in that
// file's parse.
func violations(t *cst.Tree, diags []rules.Diagnostic, others map[string]string) []Violation {
	parsed := map[string]*cst.Tree{}
	return FileViolations(t, toolFile, diags, func(path string) (*cst.Tree, string) {
		file := macroName(path, others)
		ft := parsed[file]
		if ft == nil {
			ft = cst.Parse(file, []byte(others[file]))
			parsed[file] = ft
		}
		return ft, file
	})
}

// FileViolations lists diags found in t, the file called name, as
// violations. A finding in another file (an imported macro file,
// [rules.Diagnostic.File]) is located in the tree other returns for
// that file's path, and named by the name it returns with it; a nil tree
// leaves the finding without end and columns.
func FileViolations(t *cst.Tree, name string, diags []rules.Diagnostic, other func(path string) (*cst.Tree, string)) []Violation {
	out := make([]Violation, 0, len(diags))
	paths := map[*cst.Tree]*xpaths{}
	for _, d := range diags {
		r := rules.Lookup(d.Code)
		display := d.Code
		if r != nil {
			display = r.DisplayCode()
		}
		ft, file := t, name
		if d.File != "" {
			ft, file = other(d.File)
		}
		v := Violation{
			Code: d.Code, DisplayCode: display, Sourceline: d.Pos.Line, Line: d.Pos.Line,
			Message: d.Message, Advisory: d.Advisory, File: file, Linter: d.Linter, Fix: d.Help,
		}
		if ft != nil {
			v.EndLine, _ = ft.Lines().LineCol(d.Span.End)
			v.Column, v.EndColumn = column.InTree(ft, d.Span.Start), column.InTree(ft, d.Span.End)
			xp := paths[ft]
			if xp == nil {
				xp = newXPaths(ft)
				paths[ft] = xp
			}
			v.XPath = xp.at(d.Span.Start)
		}
		if len(d.Via) > 0 {
			parts := make([]string, len(d.Via))
			for i, f := range d.Via {
				parts[i] = f.String()
			}
			v.ExpandedFrom = strings.Join(parts, ", ")
		}
		if d.Fix != nil {
			v.Fix = d.Fix.Message
		}
		out = append(out, v)
	}
	return out
}

// macroName returns the name under which the macro file at path was
// passed in others: path itself, else the entry path ends with.
func macroName(path string, others map[string]string) string {
	if _, ok := others[path]; ok {
		return path
	}
	clean := filepath.ToSlash(filepath.Clean(path))
	for name := range others {
		n := filepath.ToSlash(filepath.Clean(name))
		if n == clean || strings.HasSuffix(clean, "/"+n) {
			return name
		}
	}
	return path
}

// xpaths finds the XPath of elements of one tree for the findings of a
// call, each element's path and each sibling's position worked out once:
// a tool of thousands of sibling params with a finding on each would
// otherwise cost their number squared.
type xpaths struct {
	t     *cst.Tree
	paths map[cst.Node]string
	// sibs holds, for each parent and name asked about, the node indices
	// of the parent's children of that name, in document order.
	sibs map[siblingGroup][]int
}

// siblingGroup names the children of one parent that share a name.
type siblingGroup struct {
	parent cst.Node
	name   string
}

func newXPaths(t *cst.Tree) *xpaths {
	return &xpaths{t: t, paths: map[cst.Node]string{}, sibs: map[siblingGroup][]int{}}
}

// at returns the path of the innermost element containing off, with a
// position predicate where siblings share the name.
func (x *xpaths) at(off int) string {
	n := x.t.TokenAt(off).Node()
	for n.IsValid() && n.Kind() != cst.KindElement {
		n = n.Parent()
	}
	if !n.IsValid() {
		return "/"
	}
	return x.of(n)
}

// of returns the path of element n.
func (x *xpaths) of(n cst.Node) string {
	if p, ok := x.paths[n]; ok {
		return p
	}
	// The ancestors without a path yet, innermost first; the loop, not
	// recursion, walks up however deep the tree.
	var chain []cst.Node
	for e := n; e.IsValid() && e.Kind() == cst.KindElement; e = e.Parent() {
		if _, ok := x.paths[e]; ok {
			break
		}
		chain = append(chain, e)
	}
	prefix := ""
	if top := chain[len(chain)-1].Parent(); top.IsValid() && top.Kind() == cst.KindElement {
		prefix = x.paths[top]
	}
	for i := len(chain) - 1; i >= 0; i-- {
		e := chain[i]
		name := e.Name()
		if idx, count := x.position(e, name); count > 1 {
			name = name + "[" + strconv.Itoa(idx) + "]"
		}
		prefix += "/" + name
		x.paths[e] = prefix
	}
	return prefix
}

// position returns e's 1-based position among its parent's children
// named name, and how many there are: the group is listed once, the first
// time one of it is asked about, and searched after that.
func (x *xpaths) position(e cst.Node, name string) (idx, count int) {
	g := siblingGroup{e.Parent(), name}
	sibs, ok := x.sibs[g]
	if !ok {
		for s := range g.parent.ElementsNamed(name) {
			sibs = append(sibs, s.Index())
		}
		x.sibs[g] = sibs
	}
	i, _ := slices.BinarySearch(sibs, e.Index())
	return i + 1, len(sibs)
}
