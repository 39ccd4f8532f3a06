// Package lint is what gtr's advisory checks are written against: Galaxy's
// macro-expanded view of a tool, as Galaxy's own linters (and so planemo
// lint) read it, and the means to report a finding at the source an author
// must edit — inside an imported macro file or a <token> definition when
// that is where the bytes come from.
//
// A check is a [Check] value in one of the subpackages, which are named
// after the part of the tool their checks inspect (general, inputs,
// outputs, tests, …); package rules lists them all in its registry and
// runs them in the strict ruleset.
package lint

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// Doc is a rule's documentation, with the same headings for every rule.
type Doc struct {
	What      string // what the rule does
	Why       string // why it matters
	Example   string // a before/after example
	FixSafety string // when the fix is safe, and what it never touches
}

// Check is one advisory check.
type Check struct {
	Code    string // "GTR021"
	Name    string // kebab-case, after what it checks: "tests-missing"
	Summary string // one line
	// Linters are the Galaxy linter classes (lib/galaxy/tool_util/linters)
	// the check covers: planemo's names, selection aliases for the rule.
	Linters []string
	Cite    string // the Galaxy or IUC documentation the check follows
	Since   string // the gtr version that introduced it
	// Macros says that the check runs on macro files (<macros> root) too;
	// it runs on tools only otherwise.
	Macros bool
	Doc    Doc
	// Run inspects the file of c and reports what it finds with c's
	// Report methods.
	Run func(c *Ctx)
}

// Ctx is what a check sees of one file.
type Ctx struct {
	// File is the file checked, as written.
	File *cst.Tree
	// Tool reports whether the file is a tool (<tool> root); a macro file
	// (<macros> root) otherwise.
	Tool bool
	// Root is Galaxy's view of the file: for a tool, the macro-expanded
	// tool when it expands (Result is then not nil), else the file as
	// written (lxml's tree of it); for a macro file, the file as written.
	// It is nil when the file is not well-formed.
	Root *macros.Element
	// Result is the expansion of the tool, nil when it did not expand or
	// the file is a macro file.
	Result *macros.Result
	// Dir is the directory of the file on disk, "" for content given in
	// memory (an MCP call): checks that read files beside the tool
	// (datatypes_conf.xml, required files) skip then.
	Dir string
	// NewestErrors, when not nil, returns the violations of the expanded
	// view at the newest schema, worked out once per file (the schema
	// repairs find them too); nil when Result is nil.
	NewestErrors func() []schema.Error
	// Shared holds the analyses the rules of one run over the file share
	// with the checks (such as a help text known to be valid
	// reStructuredText), nil when there is none.
	Shared map[string]any
	// Cache, when not nil, is the run's cache of the files it reads:
	// [Ctx.Stat] asks it about files beside the tool.
	Cache *macros.Cache
	// ParseCommand, when not nil, parses the text of the tool's
	// <command> for [Ctx.Command] in place of cheetah.Parse: the run
	// hands over its parse of the same text made for another rule.
	ParseCommand func(text string) *cheetah.Template

	check       *Check
	findings    []Finding
	inputParams []*macros.Element            // InputParams, once walked
	byTag       map[string][]*macros.Element // FindAll's elements of each tag asked for
	toolType    string                       // ToolType, "" until read
	command     *cheetah.Template
	parsed      bool
	memo        map[string]any // Memo's analyses, by key
}

// Partial reports whether Root is a tool that did not expand: its <expand>
// elements and tokens are as written, so what they would have brought is
// missing. A check that reports something absent stays silent then.
func (c *Ctx) Partial() bool { return c.Tool && c.Result == nil }

// Command returns the Cheetah template of the tool's <command> text (as
// Galaxy reads it, after expansion), parsed once; nil when the tool has
// no <command>.
func (c *Ctx) Command() *cheetah.Template {
	if !c.parsed {
		c.parsed = true
		if c.Root != nil {
			if cmd := Child(c.Root, "command"); cmd != nil {
				parse := cheetah.Parse
				if c.ParseCommand != nil {
					parse = c.ParseCommand
				}
				c.command = parse(cmd.Text)
			}
		}
	}
	return c.command
}

// Memo returns what build makes of c's file, built once for every check
// of the run that asks for it under key (an analysis several checks
// share, such as a list of the tool's parameters).
func Memo[T any](c *Ctx, key string, build func() T) T {
	if v, ok := c.memo[key]; ok {
		return v.(T)
	}
	v := build()
	if c.memo == nil {
		c.memo = map[string]any{}
	}
	c.memo[key] = v
	return v
}

// Finding is one finding of a check.
type Finding struct {
	Code string
	// Linter is the Galaxy linter class whose message this finding
	// corresponds to, "" when Galaxy has none (gtr sees more).
	Linter string
	// Loc is the source to edit: its file and span.
	Loc macros.Loc
	// Pos is where Loc starts.
	Pos cst.Position
	// Via lists how the bytes got to their place in the expanded tool,
	// outermost first; empty for bytes written in the tool where they
	// stand.
	Via     []schema.Frame
	Message string
	// Fix says what to do about it, in a sentence.
	Fix string
}

// Run runs ch on c and returns its findings.
func Run(ch *Check, c *Ctx) []Finding {
	out := RunScratch(ch, c)
	c.findings = nil
	return out
}

// RunScratch is [Run] for a caller that is done with the findings before
// it runs the next check on c: they are in c's own list, which the next
// run reuses. A run over a tool runs some eighty checks on one Ctx; a
// list of their own for each check's findings was 27 MB of the 600 MB
// that checking the corpus allocates.
func RunScratch(ch *Check, c *Ctx) []Finding {
	c.check = ch
	clear(c.findings) // the last check's strings are not kept alive
	c.findings = c.findings[:0]
	ch.Run(c)
	return c.findings
}

// Report records a finding at element el (its whole span).
func (c *Ctx) Report(linter string, el *macros.Element, msg, fix string) {
	c.add(linter, c.locate(el, schema.Error{Pos: el}), msg, fix)
}

// ReportAttr records a finding at the value of el's attribute name — at
// the one token definition that supplies it, when one does — or at el
// when it has no such attribute.
func (c *Ctx) ReportAttr(linter string, el *macros.Element, name, msg, fix string) {
	if el.Attr(name) == nil {
		c.Report(linter, el, msg, fix)
		return
	}
	c.add(linter, c.locate(el, schema.Error{Pos: el, Attr: name, Kind: schema.KindValue}), msg, fix)
}

// ReportAttrName records a finding at the name of el's attribute name.
func (c *Ctx) ReportAttrName(linter string, el *macros.Element, name, msg, fix string) {
	if el.Attr(name) == nil {
		c.Report(linter, el, msg, fix)
		return
	}
	c.add(linter, c.locate(el, schema.Error{Pos: el, Attr: name, Kind: schema.KindAttrNotAllowed}), msg, fix)
}

// ReportText records a finding at el's first text that is not blank (its
// text or a child's tail), else at its text.
func (c *Ctx) ReportText(linter string, el *macros.Element, msg, fix string) {
	c.add(linter, c.locate(el, schema.Error{Pos: el, Kind: schema.KindText}), msg, fix)
}

// ReportIn records a finding at the bytes at offsets [start, end) of el's
// text (as Galaxy reads it, references decoded), located in the source
// when the text was written without references, CDATA or substitutions
// that move its bytes, else at the whole text.
func (c *Ctx) ReportIn(linter string, el *macros.Element, start, end int, msg, fix string) {
	loc := c.locate(el, schema.Error{Pos: el, Kind: schema.KindText})
	o := el.TextOrigin()
	if o.Parts == nil && o.Loc.IsValid() {
		if src := c.source(o.Loc.File); src != nil {
			raw := src[o.Loc.Span.Start:o.Loc.Span.End]
			base := o.Loc.Span.Start
			// A text that is one CDATA section reads as its inside.
			if inner, ok := bytes.CutPrefix(raw, []byte("<![CDATA[")); ok && bytes.HasSuffix(inner, []byte("]]>")) {
				if inner = inner[:len(inner)-3]; string(inner) == el.Text {
					raw, base = inner, base+len("<![CDATA[")
				}
			}
			if string(raw) == el.Text && end <= len(raw) && start <= end {
				loc.Loc = macros.Loc{File: o.Loc.File, Span: cst.Span{Start: base + start, End: base + end}}
				loc.Pos = c.position(loc.Loc)
			}
		}
	}
	c.add(linter, loc, msg, fix)
}

func (c *Ctx) source(file string) []byte {
	if c.Result != nil {
		if t := c.Result.Tree(file); t != nil {
			return t.Source()
		}
		return nil
	}
	if file == c.File.File() {
		return c.File.Source()
	}
	return nil
}

func (c *Ctx) position(l macros.Loc) cst.Position {
	if c.Result != nil {
		return c.Result.Position(l)
	}
	if l.File == c.File.File() {
		return c.File.Position(l.Span.Start)
	}
	return cst.Position{File: l.File, Offset: l.Span.Start}
}

// locate is schema.Locate for the expanded view, and its equivalent for a
// file read as written.
func (c *Ctx) locate(el *macros.Element, e schema.Error) schema.Location {
	if el == nil {
		l := macros.Loc{File: c.File.File()}
		return schema.Location{Loc: l, Pos: c.position(l)}
	}
	if c.Result != nil {
		return schema.Locate(c.Result, e)
	}
	loc := schema.Location{Loc: el.Loc}
	switch {
	case e.Attr != "" && e.Kind == schema.KindAttrNotAllowed:
		loc.Loc = el.NameOrigin(e.Attr).Loc
	case e.Attr != "":
		loc.Loc = el.ValueOrigin(e.Attr).Loc
	case e.Kind == schema.KindText:
		loc.Loc = el.TextOrigin().Loc
	}
	if !loc.Loc.IsValid() {
		loc.Loc = el.Loc
	}
	loc.Pos = c.position(loc.Loc)
	return loc
}

func (c *Ctx) add(linter string, loc schema.Location, msg, fix string) {
	if len(c.findings) == cap(c.findings) {
		// Doubling: append grows a large slice by a quarter, which copies
		// a check's findings some five times over when it reports one per
		// element of a very large tool.
		c.findings = slices.Grow(c.findings, max(len(c.findings), 8))
	}
	c.findings = append(c.findings, Finding{Code: c.check.Code, Linter: linter, Loc: loc.Loc, Pos: loc.Pos,
		Via: loc.Via, Message: msg, Fix: fix})
}

// Child returns the first child element of el named tag, or nil.
func Child(el *macros.Element, tag string) *macros.Element {
	if el == nil {
		return nil
	}
	for _, k := range el.Children {
		if !k.PI && k.Tag == tag {
			return k
		}
	}
	return nil
}

// Children returns the child elements of el named tag.
func Children(el *macros.Element, tag string) []*macros.Element {
	if el == nil {
		return nil
	}
	// Counted first, so that the list is allocated once at its size:
	// checks ask for children by the hundred per tool. Kept small enough
	// to inline: the callers' constant tag then compares without a call
	// (a version that started its second pass at the first match, too
	// large to inline, cost 40 M instructions more over the corpus).
	n := 0
	for _, k := range el.Children {
		if !k.PI && k.Tag == tag {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*macros.Element, 0, n)
	for _, k := range el.Children {
		if !k.PI && k.Tag == tag {
			out = append(out, k)
		}
	}
	return out
}

// HasPath reports whether [Path] of el and path finds an element, without
// listing them: it stops at the first.
func HasPath(el *macros.Element, path string) bool {
	if el == nil {
		return false
	}
	tag, rest, more := strings.Cut(path, "/")
	for _, k := range el.Children {
		if !k.PI && k.Tag == tag && (!more || HasPath(k, rest)) {
			return true
		}
	}
	return false
}

// FindAll returns the elements named tag in the subtree of el, el
// included, in document order.
func FindAll(el *macros.Element, tag string) []*macros.Element {
	if el == nil {
		return nil
	}
	return appendTagged(nil, el, tag)
}

// Path finds the elements at a slash-separated path of tags below el, as
// ElementTree's findall("a/b") does: "inputs/param" is every <param>
// child of every <inputs> child of el.
func Path(el *macros.Element, path string) []*macros.Element {
	tag, rest, more := strings.Cut(path, "/")
	// The usual case: one element at each step but the last ("outputs"
	// of "outputs/data"), gone down to without a list of it.
	for more {
		one, n := soleChild(el, tag)
		if n == 0 {
			return nil
		}
		if n > 1 {
			break
		}
		el = one
		tag, rest, more = strings.Cut(rest, "/")
	}
	cur := Children(el, tag)
	for more {
		tag, rest, more = strings.Cut(rest, "/")
		if len(cur) == 1 { // the usual case: no list to merge
			cur = Children(cur[0], tag)
			continue
		}
		var next []*macros.Element
		for _, e := range cur {
			next = append(next, Children(e, tag)...)
		}
		cur = next
	}
	return cur
}

// soleChild returns el's child element named tag when it has one alone,
// and how many it has, counted up to 2.
func soleChild(el *macros.Element, tag string) (*macros.Element, int) {
	if el == nil {
		return nil, 0
	}
	var one *macros.Element
	for _, k := range el.Children {
		if !k.PI && k.Tag == tag {
			if one != nil {
				return nil, 2
			}
			one = k
		}
	}
	if one == nil {
		return nil, 0
	}
	return one, 1
}

// NameFromArgument returns the name Galaxy derives from an argument (its
// _parse_name): leading dashes stripped, the other dashes made
// underscores.
func NameFromArgument(arg string) string {
	return strings.ReplaceAll(strings.TrimLeft(arg, "-"), "-", "_")
}

// MayHoldToken reports whether v may hold a Galaxy macro token (@NAME@):
// it has two @ signs. A check or fix reading a value as written cannot
// know what such a value expands to.
func MayHoldToken(v string) bool { return strings.Count(v, "@") >= 2 }

// Get returns el's attribute name, "" when absent.
func Get(el *macros.Element, name string) string {
	v, _ := el.Get(name)
	return v
}

// Beside returns the path of name in the directory of the file checked,
// "" for content given in memory.
func (c *Ctx) Beside(name string) string {
	if c.Dir == "" {
		return ""
	}
	return filepath.Join(c.Dir, name)
}

// Stat is os.Stat of a file beside the tool, remembered for the run when
// it has a cache ([macros.Cache.Stat]).
func (c *Ctx) Stat(path string) (fs.FileInfo, error) { return c.Cache.Stat(path) }

// ToolType returns the tool's tool_type attribute, "default" when it has
// none. Galaxy runs each linter module on some tool types only. It is
// read once per file: most checks ask first thing.
func (c *Ctx) ToolType() string {
	if c.toolType == "" {
		c.toolType = "default"
		if c.Root != nil {
			if t, ok := c.Root.Get("tool_type"); ok && t != "" {
				c.toolType = t
			}
		}
	}
	return c.toolType
}

// ToolTypeIn reports whether the tool's type is one of types.
func (c *Ctx) ToolTypeIn(types ...string) bool {
	t := c.ToolType()
	for _, x := range types {
		if x == t {
			return true
		}
	}
	return false
}

// Galaxy's linter modules lint these tool types (lint_tool_types): general
// and inputs every type; tests these; the others (command, help, outputs,
// stdio, citations, xml_order) DefaultTypes.
var (
	TestsTypes   = []string{"default", "data_source", "manage_data"}
	DefaultTypes = []string{"default", "manage_data"}
)

// ReportAt records a finding at a location worked out already, such as
// one [schema.Locate] returns for a schema error.
func (c *Ctx) ReportAt(linter string, loc schema.Location, msg, fix string) {
	c.add(linter, loc, msg, fix)
}

// InputParams returns the <param> elements Galaxy's linters go through,
// its findall("./inputs//param"): every <param> below each <inputs> child
// of the tool, in document order. It walks the tree once per file for
// every check that asks.
func (c *Ctx) InputParams() []*macros.Element {
	if c.inputParams == nil {
		c.inputParams = []*macros.Element{}
		if c.Root != nil {
			for in := range c.Root.Elements() {
				if in.PI || in.Tag != "inputs" {
					continue
				}
				for d := range in.Descendants() {
					if d != in && !d.PI && d.Tag == "param" {
						c.inputParams = append(c.inputParams, d)
					}
				}
			}
		}
	}
	return c.inputParams
}

// FindAll returns the elements named tag in Galaxy's view of the file
// (Root included), in document order, found once per file and tag. The
// checks ask for three tags, [walkedTogether], which the first ask for
// any of them finds in one walk: a walk for those three costs less than
// indexing every element of the tree by its tag (a large tool has tens
// of thousands of options), and less than three walks.
func (c *Ctx) FindAll(tag string) []*macros.Element {
	if found, ok := c.byTag[tag]; ok {
		return found
	}
	if c.byTag == nil {
		c.byTag = make(map[string][]*macros.Element, len(walkedTogether))
	}
	if i := slices.Index(walkedTogether[:], tag); i >= 0 && c.Root != nil {
		var found [len(walkedTogether)][]*macros.Element
		appendWalkedTogether(&found, c.Root)
		for j, t := range walkedTogether {
			c.byTag[t] = found[j]
		}
		return found[i]
	}
	found := FindAll(c.Root, tag)
	c.byTag[tag] = found
	return found
}

// walkedTogether are the tags the checks ask [Ctx.FindAll] for, in the
// order of appendWalkedTogether's cases.
var walkedTogether = [...]string{"command", "configfile", "inputs"}

// appendWalkedTogether is appendTagged for each tag of walkedTogether at
// once: found[i] gets el and its descendants named walkedTogether[i].
func appendWalkedTogether(found *[len(walkedTogether)][]*macros.Element, el *macros.Element) {
	if !el.PI {
		switch el.Tag {
		case "command":
			found[0] = append(found[0], el)
		case "configfile":
			found[1] = append(found[1], el)
		case "inputs":
			found[2] = append(found[2], el)
		}
	}
	for _, k := range el.Children {
		appendWalkedTogether(found, k)
	}
}

// appendTagged appends el and its descendants named tag to out, in
// document order.
func appendTagged(out []*macros.Element, el *macros.Element, tag string) []*macros.Element {
	if !el.PI && el.Tag == tag {
		out = append(out, el)
	}
	for _, k := range el.Children {
		out = appendTagged(out, k, tag)
	}
	return out
}
