package command

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// ParamUnused is GTR034: an input <param> that nothing in the tool reads.
var ParamUnused = &lint.Check{
	Code:    "GTR034",
	Name:    "param-unused",
	Summary: "Input <param> is never referenced in the tool.",
	Linters: []string{"InputsUsed"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <param> under <inputs> (in conditionals' whens, repeats and sections too) whose name " +
			"no <command> or <configfile> template reads, as Galaxy's InputsUsed linter does: a name counts " +
			"as read when it is a name inside a placeholder or directive ($x, ${x}, $cond.x, $x.ext, #if x, " +
			"[r.x for r in $rep]) or the text of a string there ($getVar('x'), $r['x']), or when an output " +
			"<filter>, an output label, a change_format <when input=…>, an output action or a " +
			"format_source/metadata_source names it. A conditional's test parameter, every parameter of a " +
			"tool with <options from_dataset> or an options <filter ref>, and every parameter of a tool with " +
			"a <configfiles><inputs> (which hands Galaxy's whole parameter tree to the job) are not reported, " +
			"as in Galaxy. Only default and manage_data tools are checked: a data source sends its " +
			"parameters to the remote site, an expression tool reads them in JavaScript.",
		Why: "A parameter that nothing reads is a form field that does nothing: users set it and nothing " +
			"changes. It is usually a typo in the command or an option that was removed half-way.",
		Example: "<command>sort '$input' > '$output'</command>\n<inputs>\n  <param name=\"input\" type=\"data\"/>\n  <param name=\"reverse\" type=\"boolean\"/>\n</inputs>\n→\n<command>sort $reverse '$input' > '$output'</command>\n<inputs>\n  <param name=\"input\" type=\"data\"/>\n  <param name=\"reverse\" type=\"boolean\" truevalue=\"-r\" falsevalue=\"\"/>\n</inputs>",
		FixSafety: "Advisory only: the parameter is either to be used in the command or removed from the form, " +
			"and only the author knows which.",
	},
	Run: func(c *lint.Ctx) {
		// Data sources and expression tools read their parameters elsewhere.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		// The command may come from a macro that did not expand.
		if c.Partial() {
			return
		}
		// Galaxy cannot tell which parameter these read, and skips them all.
		if lint.HasPath(c.Root, "configfiles/inputs") || optionsRefer(c) {
			return
		}
		// A <code> file's hooks read parameters in Python, out of sight.
		if lint.Child(c.Root, "code") != nil {
			return
		}
		read := namesRead(c)
		// A template that builds names ($getVar($prefix + "x")) may read any.
		if read.dynamic {
			return
		}
		for _, p := range toolParams(c) {
			name, attr := paramName(p) // one of read's names
			// Galaxy skips a name Cheetah cannot hold, and a conditional's test.
			if !isPlaceholderName(name) || p.Parent() != nil && p.Parent().Tag == "conditional" {
				continue
			}
			if read.has(name) || read.wholeAbove(p) {
				continue
			}
			c.ReportAttr("InputsUsed", p, attr, "Param input ["+name+"] not found in command or configfiles.",
				"Use the parameter in the command (or a configfile), or remove it from the form if it has no effect.")
		}
	},
}

// isPlaceholderName reports whether name is what Galaxy's
// is_valid_cheetah_placeholder accepts, as the regexp ^[a-zA-Z_]\w*$
// reads in Go (ASCII word bytes): an ASCII letter or underscore, then
// ASCII word bytes.
func isPlaceholderName(name string) bool {
	if name == "" || '0' <= name[0] && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isWordByte(name[i]) {
			return false
		}
	}
	return true
}

// paramName is the name Galaxy gives p (its name, else the name derived
// from its argument) and the attribute that holds it.
func paramName(p *macros.Element) (name, attr string) {
	if n, ok := p.Get("name"); ok {
		return n, "name"
	}
	if a, ok := p.Get("argument"); ok {
		return cst.ArgumentName(a), "argument"
	}
	return "", "name"
}

// paramsBelow returns the <param>s in the subtree of inputs, in document
// order (Galaxy's "./inputs//param").
func paramsBelow(inputs *macros.Element) []*macros.Element {
	if inputs == nil {
		return nil
	}
	var out []*macros.Element
	for _, k := range inputs.Children {
		if k.PI {
			continue
		}
		for d := range k.Descendants() {
			if !d.PI && d.Tag == "param" {
				out = append(out, d)
			}
		}
	}
	return out
}

// toolParams is paramsBelow of the tool's first <inputs>, made once per
// file for the checks that read it.
func toolParams(c *lint.Ctx) []*macros.Element {
	return lint.Memo(c, "command.toolParams", func() []*macros.Element { return paramsBelow(lint.Child(c.Root, "inputs")) })
}

// optionsRefer reports whether a parameter's options are drawn from
// another parameter (from_dataset, or a filter's ref).
func optionsRefer(c *lint.Ctx) bool {
	for _, p := range toolParams(c) {
		for _, o := range lint.Children(p, "options") {
			if _, ok := o.Get("from_dataset"); ok {
				return true
			}
			for _, f := range lint.Children(o, "filter") {
				if _, ok := f.Get("ref"); ok {
					return true
				}
			}
		}
	}
	return false
}

// names is what a tool reads of its parameters' names: the names inside
// the Cheetah of its templates, and the words of the other texts that may
// name a parameter.
type names struct {
	// read holds the names of the tool's parameters (paramName of each
	// of toolParams), true for those a template or text reads: a name
	// inside the Cheetah of a template, or a word (run of \w) of an
	// output filter, label, action or source, which Galaxy searches for
	// the name as a word. Only these names are asked about: keeping the
	// others (every name and word of a large command) cost more in map
	// growth than looking each up.
	read    map[string]bool
	dynamic bool // a template looks a name up that it computes
	// whole are the sections, conditionals and repeats a template walks
	// through ($opts.items(), .keys(), .values()), reading every
	// parameter inside.
	whole map[string]bool
}

// wholeAbove reports whether a template walks through a group that
// holds p.
func (n names) wholeAbove(p *macros.Element) bool {
	for a := p.Parent(); a != nil && a.Tag != "inputs"; a = a.Parent() {
		if n.whole[lint.Get(a, "name")] {
			return true
		}
	}
	return false
}

// walkThrough adds the groups whose items t walks through.
func (n names) walkThrough(t *cheetah.Template) {
	for ph := range t.Placeholders() {
		i := strings.LastIndexByte(ph.Path, '.')
		if i < 0 {
			continue
		}
		switch ph.Path[i+1:] {
		case "items", "keys", "values":
			group := ph.Path[:i]
			n.whole[group[strings.LastIndexByte(group, '.')+1:]] = true
		}
	}
}

// has reports whether name, one of the parameters' names, is read.
func (n names) has(name string) bool { return n.read[name] }

// mark records that name is read, when it is a parameter's.
func (n names) mark(name string) { markRead(n.read, name) }

// markRead sets read[name] when read holds name.
func markRead(read map[string]bool, name string) {
	if r, ok := read[name]; ok && !r {
		read[name] = true
	}
}

// addText adds the words of text: its runs of ASCII letters, digits and
// underscores, the words regexp's \W+ separates (Go's \w is ASCII only,
// and every byte of a multi-byte rune lies outside it). It scans the bytes
// itself: the regexp's Split cost this check a third of its time.
func (n names) addText(text string) {
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && isWordByte(text[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			n.mark(text[start:i])
			start = -1
		}
	}
}

// isWordByte reports whether b is in regexp's \w: [0-9A-Za-z_].
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// namesRead collects which of the tool's parameters' names its templates
// and outputs read. It stops at a template that computes the names it
// looks up (names.dynamic): the check reads nothing else then.
func namesRead(c *lint.Ctx) names {
	root := c.Root
	params := toolParams(c)
	n := names{read: make(map[string]bool, len(params)), whole: map[string]bool{}}
	for _, p := range params {
		name, _ := paramName(p)
		n.read[name] = false
	}
	cmd := lint.Child(root, "command")
	for _, tag := range []string{"command", "configfile"} {
		for _, el := range c.FindAll(tag) {
			var t *cheetah.Template
			if el == cmd {
				t = c.Command() // parsed once for every check
			} else {
				t = cheetah.Parse(el.Text)
			}
			if n.dynamic = cheetahNames(t, n.read); n.dynamic {
				return n
			}
			n.walkThrough(t)
		}
	}
	// A template macro (Galaxy keeps them in its view) is Cheetah a
	// command calls; Galaxy warns that a parameter used only there
	// should be a token, which is not this check's concern.
	for _, el := range lint.Path(root, "macros/macro") {
		if lint.Get(el, "type") == "template" {
			if n.dynamic = cheetahNames(cheetah.Parse(el.Text), n.read); n.dynamic {
				return n
			}
		}
	}
	// A data_column parameter reads the dataset it refers to, an upload
	// its file type, a conditional its value source.
	if inputs := lint.Child(root, "inputs"); inputs != nil {
		n.addRefs(inputs)
	}
	outputs := lint.Child(root, "outputs")
	for _, o := range childElements(outputs) {
		for _, f := range lint.Children(o, "filter") {
			n.addText(f.Text)
		}
		for _, a := range []string{"label", "format_source", "metadata_source"} {
			n.addText(lint.Get(o, a))
		}
	}
	for _, el := range lint.FindAll(outputs, "when") {
		n.addText(lint.Get(el, "input"))
	}
	for _, el := range lint.FindAll(outputs, "conditional") {
		n.addText(lint.Get(el, "name"))
	}
	for _, el := range lint.FindAll(outputs, "action") {
		n.addText(lint.Get(el, "default"))
		for _, o := range lint.Children(el, "option") {
			n.addText(lint.Get(o, "name"))
			for _, f := range lint.Children(o, "filter") {
				n.addText(lint.Get(f, "ref"))
			}
		}
	}
	return n
}

// addRefs adds the words of the attributes of el and the elements below
// it that name another parameter. It reads each element's attributes once
// (their names are distinct) rather than asking for each of the four.
func (n names) addRefs(el *macros.Element) {
	for _, a := range el.Attrs {
		switch a.Name {
		case "data_ref", "value_ref", "file_type_name", "metadata_ref":
			n.addText(a.Value)
		}
	}
	for _, k := range el.Children {
		n.addRefs(k)
	}
}

// childElements returns el's child elements.
func childElements(el *macros.Element) []*macros.Element {
	if el == nil {
		return nil
	}
	var out []*macros.Element
	for _, k := range el.Children {
		if !k.PI {
			out = append(out, k)
		}
	}
	return out
}

// cheetahNames marks in read (markRead) every name t's placeholders and directives
// hold — roots, attributes and bare names alike — and the dotted names
// inside their strings, which getVar, varExists and r['x'] read. It
// reports whether t looks up a name it computes: getVar, varExists or
// hasVar called on anything but a string literal, or a subscript that
// is not a literal ($section['opt_' + $kind]).
func cheetahNames(t *cheetah.Template, read map[string]bool) (dynamic bool) {
	src := t.Source()
	lookup := 0 // 1 after a lookup function's name, 2 after its '(', 3 after a string there
	var prev cheetah.TokenKind
	sub := false // inside a subscript's brackets
	for tk := range t.Tokens() {
		text := src[tk.Span.Start:tk.Span.End]
		switch {
		case tk.Kind == cheetah.TokOpen && text == "[" && (prev == cheetah.TokName || prev == cheetah.TokClose):
			sub = true
		case sub && tk.Kind == cheetah.TokClose:
			sub = false
		case sub && tk.Kind != cheetah.TokString && tk.Kind != cheetah.TokNumber && tk.Kind != cheetah.TokSpace:
			dynamic, sub = true, false
		}
		if tk.Kind != cheetah.TokSpace {
			prev = tk.Kind
		}
		switch {
		case lookup == 1 && tk.Kind == cheetah.TokOpen:
			lookup = 2
		case (lookup == 2 || lookup == 3) && tk.Kind == cheetah.TokSpace:
		case lookup == 2 && tk.Kind == cheetah.TokString:
			lookup = 3 // a literal, unless more of the expression follows
		case lookup == 2:
			dynamic, lookup = true, 0
		case lookup == 3:
			dynamic = dynamic || tk.Kind != cheetah.TokClose && text != ","
			lookup = 0
		default:
			lookup = 0
		}
		switch tk.Kind {
		case cheetah.TokName:
			markRead(read, text)
			if text == "getVar" || text == "varExists" || text == "hasVar" {
				lookup = 1
			}
		case cheetah.TokString:
			s := strings.TrimLeft(text, "rRbBuUfF") // a string prefix
			s = strings.Trim(s, "'\"")
			if isDottedName(s) {
				for part := range strings.SplitSeq(s, ".") {
					markRead(read, part)
				}
			}
		}
	}
	return dynamic
}

// isDottedName reports whether s names a variable, perhaps through
// others: placeholder names joined by dots, as the regexp
// ^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$ reads in Go (a regexp cost this check
// a tenth of its time, over every string of every template).
func isDottedName(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !isPlaceholderName(part) {
			return false
		}
	}
	return true
}
