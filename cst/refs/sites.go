package refs

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// builder builds one index.
type builder struct {
	x   *Index
	res *macros.Result
	// groups and members hold, for each conditional, section and repeat
	// name, its elements and the names defined directly in them;
	// memberNames are all those names, known every name defined.
	groups      map[string][]*macros.Element
	members     map[string]map[string]bool
	memberNames map[string]bool
	known       map[string]bool
	tokens      map[cst.Node]cst.Decoded
}

// Build indexes the expanded tool res (from [macros.Expand], whose
// provenance locates every reference in the tool or the macro file it is
// written in).
func Build(res *macros.Result) *Index {
	b := &builder{x: &Index{View: res}, res: res, groups: map[string][]*macros.Element{},
		members: map[string]map[string]bool{}, memberNames: map[string]bool{}, known: map[string]bool{},
		tokens: map[cst.Node]cst.Decoded{}}
	root := res.Root
	b.definitions(root)
	for _, m := range b.members {
		for name := range m {
			b.memberNames[name] = true
		}
	}
	for c := range root.Elements() {
		switch c.Tag {
		case "command":
			b.text(c, "command")
		case "configfiles":
			for f := range c.Elements() {
				if f.Tag == "configfile" {
					b.text(f, "configfile:"+get(f, "name"))
				}
			}
		case "environment_variables":
			for ev := range c.Elements() {
				if ev.Tag == "environment_variable" {
					b.text(ev, "environment_variable:"+get(ev, "name"))
				}
			}
		case "macros":
			for m := range c.Elements() {
				if m.Tag == "macro" && get(m, "type") == "template" {
					b.text(m, "template:"+get(m, "name"))
				}
			}
		case "inputs":
			b.inputSites(c)
		case "outputs":
			b.outputSites(c)
		case "tests":
			b.tests(c)
		case "parallelism":
			b.byName(c, "split_inputs", "parallelism")
			b.byName(c, "merge_outputs", "parallelism")
		case "entry_points":
			for ep := range c.Elements() {
				section := "entry_point:" + get(ep, "name")
				b.attrTemplate(ep, "name", section)
				for part := range ep.Elements() {
					b.text(part, section)
				}
			}
		}
	}
	return b.x
}

// get returns the value of e's attribute name, "" when absent.
func get(e *macros.Element, name string) string {
	v, _ := e.Get(name)
	return v
}

// refAttrs are the attributes of inputs that name another parameter.
var refAttrs = []string{"data_ref", "value_ref", "metadata_ref", "file_type_name"}

// inputSites indexes what the inputs read of other parameters.
func (b *builder) inputSites(inputs *macros.Element) {
	for e := range inputs.Descendants() {
		for _, a := range refAttrs {
			if _, ok := e.Get(a); ok {
				name, _ := defName(e)
				b.byName(e, a, a+":"+name)
			}
		}
		switch e.Tag {
		case "param":
			if _, ok := e.Get("dynamic_options"); ok {
				name, _ := defName(e)
				b.pyAttr(e, "dynamic_options", "dynamic_options:"+name)
			}
		case "options":
			owner, _ := defName(e.Parent())
			b.byName(e, "from_dataset", "options:"+owner)
			for _, a := range []string{"from_url", "request_body", "request_headers"} {
				b.attrTemplate(e, a, "options:"+owner)
			}
		case "filter":
			owner := e.Parent()
			if owner != nil && owner.Tag == "options" {
				owner = owner.Parent()
			}
			oname, _ := defName(owner)
			b.byName(e, "ref", "options:"+oname)
			b.byName(e, "meta_ref", "options:"+oname)
		}
	}
}

// outputSites indexes what the outputs read of the parameters.
func (b *builder) outputSites(outputs *macros.Element) {
	for o := range outputs.Elements() {
		if o.Tag != "data" && o.Tag != "collection" {
			continue
		}
		name := get(o, "name")
		b.attrTemplate(o, "label", "output_"+o.Tag+"_label:"+name)
		b.output(o, name)
		if o.Tag != "collection" {
			continue
		}
		b.byName(o, "type_source", "type_source:"+name)
		b.byName(o, "type_from_rules", "type_from_rules:"+name)
		for d := range o.Elements() {
			if d.Tag == "data" {
				b.output(d, name)
			}
		}
	}
}

// outputRefAttrs are the attributes of outputs that name a parameter.
var outputRefAttrs = []string{"format_source", "metadata_source", "structured_like", "default_identifier_source", "collection_type_source"}

// output indexes what the output (or element of the collection) o,
// named name, reads of the parameters.
func (b *builder) output(o *macros.Element, name string) {
	for _, a := range outputRefAttrs {
		if _, ok := o.Get(a); ok {
			b.byName(o, a, a+":"+name)
		}
	}
	for c := range o.Elements() {
		switch c.Tag {
		case "filter":
			b.python(c, "filter:"+name)
		case "change_format":
			for w := range c.Elements() {
				if w.Tag == "when" {
					b.whenInput(w, "change_format:"+name)
					b.byName(w, "input_dataset", "change_format:"+name)
					b.byName(w, "metadata_source", "change_format:"+name)
				}
			}
		case "actions":
			b.actions(c, "actions:"+name)
		}
	}
}

// actions indexes an output's <actions>: the parameters its conditionals
// and options name, and its metadata defaults (Cheetah).
func (b *builder) actions(actions *macros.Element, section string) {
	for e := range actions.Descendants() {
		switch e.Tag {
		case "conditional":
			b.byName(e, "name", section)
		case "action":
			b.attrTemplate(e, "default", section)
		case "option":
			if get(e, "type") == "from_param" {
				b.byName(e, "name", section)
			}
		case "filter":
			b.byName(e, "ref", section)
		}
	}
}

// tests indexes the names <tests> give inputs and outputs.
func (b *builder) tests(tests *macros.Element) {
	var walk func(e *macros.Element)
	walk = func(e *macros.Element) {
		for c := range e.Elements() {
			if inputTags[c.Tag] {
				b.testName(c)
				walk(c)
			}
		}
	}
	for t := range tests.Elements() {
		if t.Tag != "test" {
			continue
		}
		walk(t)
		for c := range t.Elements() {
			if c.Tag == "output" || c.Tag == "output_collection" {
				b.testName(c)
			}
		}
	}
}

// testName indexes the name of a <tests> element, which may qualify it
// with the groups holding it ("cond|x").
func (b *builder) testName(e *macros.Element) {
	v, ok := e.Get("name")
	if !ok {
		return
	}
	l := b.attrLocator(e, "name")
	for i, w := range words(v) {
		loc, exact, tok := l.locate(w[0], w[1])
		b.x.Refs = append(b.x.Refs, Ref{Name: v[w[0]:w[1]], Kind: KindTest, Section: "tests", Reference: "<" + e.Tag + " name=\"" + v + "\">",
			Loc: loc, Exact: exact, Token: tok, Member: i > 0, At: View{Elem: e, Attr: "name", Start: w[0], End: w[1]}})
	}
}

// byName indexes the names the value of e's attribute attr holds: a
// parameter named by name.
func (b *builder) byName(e *macros.Element, attr, section string) {
	v, ok := e.Get(attr)
	if !ok {
		return
	}
	l := b.attrLocator(e, attr)
	b.x.Sections = append(b.x.Sections, Section{Name: section, At: View{Elem: e, Attr: attr}, Text: v})
	for _, w := range words(v) {
		loc, exact, tok := l.locate(w[0], w[1])
		b.x.Refs = append(b.x.Refs, Ref{Name: v[w[0]:w[1]], Kind: KindAttr, Section: section, Reference: attr + "=\"" + v + "\"",
			Loc: loc, Exact: exact, Token: tok, At: View{Elem: e, Attr: attr, Start: w[0], End: w[1]}})
	}
}

// text indexes the text of e as a Cheetah template.
func (b *builder) text(e *macros.Element, section string) {
	sec := Section{Name: section, At: View{Elem: e}, Text: e.Text}
	for c := range e.Elements() {
		sec.Mixed = true
		sec.Rest += allText(c)
	}
	if !strings.ContainsAny(e.Text, "$#") {
		b.x.Sections = append(b.x.Sections, sec)
		return
	}
	b.template(&sec, b.textLocator(e), cheetah.Parse(e.Text), 0)
	b.x.Sections = append(b.x.Sections, sec)
}

// allText returns the texts of e and its descendants and its tail.
func allText(e *macros.Element) string {
	var s strings.Builder
	for d := range e.Descendants() {
		s.WriteString(d.Text)
		if d != e {
			s.WriteString(d.Tail)
		}
	}
	s.WriteString(e.Tail)
	return s.String()
}

// attrTemplate indexes the value of e's attribute attr as a Cheetah
// template.
func (b *builder) attrTemplate(e *macros.Element, attr, section string) {
	v, ok := e.Get(attr)
	if !ok {
		return
	}
	sec := Section{Name: section, At: View{Elem: e, Attr: attr}, Text: v}
	if strings.ContainsAny(v, "$#") {
		b.template(&sec, b.attrLocator(e, attr), cheetah.Parse(v), 0)
	}
	b.x.Sections = append(b.x.Sections, sec)
}

// whenInput indexes the input of a <change_format><when>: Galaxy fills it
// as a template, wrapped in "${…}" when it holds no "$".
func (b *builder) whenInput(e *macros.Element, section string) {
	v, ok := e.Get("input")
	if !ok || strings.Contains(v, "$") {
		b.attrTemplate(e, "input", section)
		return
	}
	sec := Section{Name: section, At: View{Elem: e, Attr: "input"}, Text: v}
	first := len(b.x.Refs)
	b.template(&sec, b.attrLocator(e, "input"), cheetah.Parse("${"+v+"}"), -2)
	for i := first; i < len(b.x.Refs); i++ {
		b.x.Refs[i].Reference = `input="` + v + `"`
	}
	b.x.Sections = append(b.x.Sections, sec)
}

// python indexes the text of e as a Python expression.
func (b *builder) python(e *macros.Element, section string) {
	b.expression(Section{Name: section, At: View{Elem: e}, Text: e.Text, Python: true}, b.textLocator(e))
}

// pyAttr indexes the value of e's attribute attr as a Python expression.
func (b *builder) pyAttr(e *macros.Element, attr, section string) {
	v, ok := e.Get(attr)
	if !ok {
		return
	}
	b.expression(Section{Name: section, At: View{Elem: e, Attr: attr}, Text: v, Python: true}, b.attrLocator(e, attr))
}

// silent is the directive a Python expression is parsed in: Cheetah
// scans directive expressions as Python 3 tokenizes them.
const silent = "#silent "

// expression indexes sec, a Python expression as Galaxy evaluates it
// (stripped of blanks), parsed as the expression of a #silent directive.
func (b *builder) expression(sec Section, l *locator) {
	expr := strings.TrimSpace(sec.Text)
	lead := strings.Index(sec.Text, expr)
	t := cheetah.Parse(silent + expr)
	b.template(&sec, l, t, lead-len(silent))
	if sec.Err == "" {
		n := 0
		for c := range t.Root().Children() {
			n++
			if c.Kind() != cheetah.KindDirective || c.Name() != "silent" || c.Span().End < len(t.Source()) {
				n++
			}
		}
		if n != 1 {
			sec.Err = "not one Python expression"
		}
	}
	b.x.Sections = append(b.x.Sections, sec)
}
