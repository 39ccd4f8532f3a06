package rst

import (
	"strings"
)

// directiveAliases maps the English directive names (docutils'
// languages/en.py) to canonical names.
var directiveAliases = map[string]string{
	"attention": "attention", "caution": "caution", "code": "code", "code-block": "code",
	"sourcecode": "code", "danger": "danger", "error": "error", "hint": "hint",
	"important": "important", "note": "note", "tip": "tip", "warning": "warning",
	"admonition": "admonition", "sidebar": "sidebar", "topic": "topic",
	"line-block": "line-block", "parsed-literal": "parsed-literal", "rubric": "rubric",
	"epigraph": "epigraph", "highlights": "highlights", "pull-quote": "pull-quote",
	"compound": "compound", "container": "container", "table": "table",
	"csv-table": "csv-table", "list-table": "list-table", "meta": "meta", "math": "math",
	"image": "image", "figure": "figure", "include": "include", "raw": "raw",
	"replace": "replace", "unicode": "unicode", "date": "date", "class": "class",
	"role": "role", "default-role": "default-role", "title": "title",
	"contents": "contents", "sectnum": "sectnum", "section-numbering": "sectnum",
	"header": "header", "footer": "footer", "target-notes": "target-notes",
	"restructuredtext-test-directive": "restructuredtext-test-directive",
}

// directiveRegistry holds the directives the reader implements, by
// canonical name. A canonical name docutils knows but the reader does not
// implement reads as an unknown directive.
var directiveRegistry map[string]*directiveSpec

func init() {
	directiveRegistry = map[string]*directiveSpec{
		"class":          {required: 1, finalWhitespace: true, hasContent: true, run: runClass},
		"image":          {required: 1, finalWhitespace: true, options: imageOptions, run: runImage},
		"figure":         {required: 1, finalWhitespace: true, options: figureOptions, hasContent: true, run: runFigure},
		"admonition":     {required: 1, finalWhitespace: true, options: classNameOptions, hasContent: true, run: runAdmonition},
		"code":           {optional: 1, options: codeOptions, hasContent: true, run: runCode},
		"raw":            {required: 1, finalWhitespace: true, options: rawOptions, hasContent: true, run: runRaw},
		"math":           {options: classNameOptions, hasContent: true, run: runMath},
		"container":      {optional: 1, finalWhitespace: true, options: map[string]optConv{"name": optUnchanged}, hasContent: true, run: runContainer},
		"topic":          {required: 1, finalWhitespace: true, options: classNameOptions, hasContent: true, run: runTopic},
		"rubric":         {required: 1, finalWhitespace: true, options: classNameOptions, run: runRubric},
		"parsed-literal": {options: classNameOptions, hasContent: true, run: runParsedLiteral},
		"compound":       {options: classNameOptions, hasContent: true, run: runCompound},
		"epigraph":       {hasContent: true, run: runQuoteClass("epigraph")},
		"highlights":     {hasContent: true, run: runQuoteClass("highlights")},
		"pull-quote":     {hasContent: true, run: runQuoteClass("pull-quote")},
		"replace":        {hasContent: true, run: runReplace},
		"unicode":        {required: 1, finalWhitespace: true, options: map[string]optConv{"trim": optFlag, "ltrim": optFlag, "rtrim": optFlag}, run: runUnicode},
		"list-table":     {optional: 1, finalWhitespace: true, options: listTableOptions, hasContent: true, run: runListTable},
		"csv-table":      {optional: 1, finalWhitespace: true, options: csvTableOptions, hasContent: true, run: runCSVTable},
		"table":          {optional: 1, finalWhitespace: true, options: tableOptions, hasContent: true, run: runTable},
		"contents":       {optional: 1, finalWhitespace: true, options: contentsOptions, run: runContents},
	}
	for name := range admonitionKinds {
		directiveRegistry[name] = &directiveSpec{options: classNameOptions, hasContent: true, run: runAdmonition}
	}
}

// Option converters (docutils.parsers.rst.directives).

func optUnchanged(v string, present bool) (string, string) { return v, "" }

func optUnchangedRequired(v string, present bool) (string, string) {
	if !present {
		return "", "argument required but none supplied"
	}
	return v, ""
}

func optFlag(v string, present bool) (string, string) {
	if present && strip(v) != "" {
		return "", `no argument is allowed; "` + v + `" supplied`
	}
	return "", ""
}

// optClass converts a class option to space-separated identifiers
// (directives.class_option).
func optClass(v string, present bool) (string, string) {
	if !present {
		return "", "argument required but none supplied"
	}
	var out []string
	for _, name := range strings.FieldsFunc(v, isSpace) {
		id := makeID(name)
		if id == "" {
			return "", `cannot make "` + name + `" into a class name`
		}
		out = append(out, id)
	}
	return strings.Join(out, " "), ""
}

func optLength(v string, present bool) (string, string) {
	if !present {
		return "", "argument required but none supplied"
	}
	return strings.Join(strings.FieldsFunc(v, isSpace), ""), ""
}

func optPercentage(v string, present bool) (string, string) {
	if !present {
		return "", "argument required but none supplied"
	}
	return strings.TrimSuffix(strip(v), "%"), ""
}

func optAny(v string, present bool) (string, string) { return v, "" }

var classNameOptions = map[string]optConv{"class": optClass, "name": optUnchanged}

var imageOptions = map[string]optConv{"alt": optUnchanged, "height": optLength, "width": optLength,
	"scale": optPercentage, "align": optAny, "target": optUnchangedRequired, "class": optClass,
	"name": optUnchanged, "loading": optAny}

var figureOptions = func() map[string]optConv {
	o := map[string]optConv{"figwidth": optAny, "figclass": optClass}
	for k, v := range imageOptions {
		o[k] = v
	}
	return o
}()

var codeOptions = map[string]optConv{"class": optClass, "name": optUnchanged, "number-lines": optUnchanged}

var rawOptions = map[string]optConv{"file": optAny, "url": optAny, "encoding": optAny, "class": optClass}

var contentsOptions = map[string]optConv{"depth": optAny, "local": optFlag, "backlinks": optAny, "class": optClass}

// setClasses moves a "class" option to classes and a "name" to names, as
// docutils' set_classes and add_name do.
func setClasses(n *Node, dv *dirCall, d *doc) {
	if c, ok := dv.opts["class"]; ok && c != "" {
		n.Classes = append(n.Classes, strings.Fields(c)...)
	}
	if name, ok := dv.opts["name"]; ok {
		n.Names = append(n.Names, normalizeName(name))
		d.noteExplicitTarget(n, n)
	}
}

// contentNode parses a directive's content into node.
func (m *machine) parseContent(dv *dirCall, node *Node) {
	m.nestedParse(dv.content, dv.contentOffset, node, false)
}

// runClass is the class directive: classes for its content or, without
// content, for the next element (a pending node resolved later).
func runClass(m *machine, dv *dirCall) []*Node {
	cls, err := optClass(dv.args[0], true)
	if err != "" || cls == "" {
		return []*Node{m.directiveError(dv, LevelError, `Invalid class attribute value for "`+dv.name+`" directive: "`+dv.args[0]+`".`)}
	}
	if len(dv.content) > 0 {
		holder := m.d.newNode(KindContainer, dv.span)
		m.parseContent(dv, holder)
		for _, c := range holder.Children {
			c.Classes = append(c.Classes, strings.Fields(cls)...)
			c.Parent = nil
		}
		return holder.Children
	}
	p := m.d.newNode(KindPending, dv.span)
	p.Set("class", cls)
	m.d.pendingClasses = append(m.d.pendingClasses, p)
	return []*Node{p}
}

// directiveError makes the system message of a directive that failed,
// with the directive's block (Directive.error and run_directive).
func (m *machine) directiveError(dv *dirCall, level int, text string) *Node {
	// docutils reports the message, then attaches the directive's block.
	msg := m.d.report(level, dv.lineno, text)
	msg.Append(m.d.newNode(KindLiteralBlock, dv.span, m.d.newText(dv.blockText, dv.span)))
	return msg
}

// runImage is the image directive.
func runImage(m *machine, dv *dirCall) []*Node {
	if a, ok := dv.opts["align"]; ok && !contains([]string{"left", "center", "right"}, a) {
		if m.state == stSubstitutionDef {
			if !contains([]string{"top", "middle", "bottom"}, a) {
				return []*Node{m.directiveError(dv, LevelError, `Error in "`+dv.name+`" directive: "`+a+`" is not a valid value for the "align" option within a substitution definition.  Valid values for "align" are: "top", "middle", "bottom".`)}
			}
		} else {
			return []*Node{m.directiveError(dv, LevelError, `Error in "`+dv.name+`" directive: "`+a+`" is not a valid value for the "align" option.  Valid values for "align" are: "left", "center", "right".`)}
		}
	}
	img := m.d.newNode(KindImage, dv.span)
	img.Set("uri", uriArg(dv.args[0]))
	for _, k := range []string{"alt", "height", "width", "scale", "align", "loading"} {
		if v, ok := dv.opts[k]; ok {
			img.Set(k, v)
		}
	}
	setClasses(img, dv, m.d)
	if t, ok := dv.opts["target"]; ok {
		ref := m.d.newNode(KindReference, dv.span)
		block := strings.Split(escape2null(t), "\n")
		if len(block) > 0 && strings.HasSuffix(strip(block[len(block)-1]), "_") {
			parts := make([]string, len(block))
			for i, b := range block {
				parts[i] = strip(b)
			}
			if name, ok := isReference(strings.Join(parts, " ")); ok {
				ref.Set("refname", normalizeName(name))
				ref.Set("name", whitespaceNormalizeName(name))
				ref.indirectRef = name
				m.d.noteRefname(ref)
				ref.Append(img)
				return []*Node{ref}
			}
		}
		var uris []string
		for _, part := range splitEscapedWhitespace(strings.Join(block, " ")) {
			uris = append(uris, strings.Join(strings.FieldsFunc(unescape(part, false), isSpace), ""))
		}
		ref.Set("refuri", strings.Join(uris, " "))
		ref.Append(img)
		return []*Node{ref}
	}
	return []*Node{img}
}

// uriArg joins a URI argument's lines (directives.uri).
func uriArg(s string) string {
	var parts []string
	for _, p := range splitEscapedWhitespace(escape2null(s)) {
		parts = append(parts, strings.Join(strings.FieldsFunc(unescape(p, false), isSpace), ""))
	}
	return strings.Join(parts, " ")
}

// runFigure is the figure directive: an image, a caption and a legend.
func runFigure(m *machine, dv *dirCall) []*Node {
	figwidth, hasWidth := dv.opts["figwidth"]
	figclass := dv.opts["figclass"]
	align, hasAlign := dv.opts["align"]
	delete(dv.opts, "figwidth")
	delete(dv.opts, "figclass")
	delete(dv.opts, "align")
	if hasAlign && !contains([]string{"left", "center", "right"}, align) {
		return []*Node{m.directiveError(dv, LevelError, `Error in "`+dv.name+`" directive:`+"\n"+`invalid option value: (option: "align"; value: `+pyRepr(align)+`)`+"\n"+`"`+align+`" unknown; choose from "left", "center", or "right".`)}
	}
	res := runImage(m, dv)
	if len(res) != 1 || res[0].Kind == KindSystemMessage {
		return res
	}
	fig := m.d.newNode(KindFigure, dv.span, res[0])
	if hasWidth && strings.ToLower(figwidth) != "image" {
		fig.Set("width", strings.Join(strings.FieldsFunc(figwidth, isSpace), ""))
	}
	if figclass != "" {
		fig.Classes = append(fig.Classes, strings.Fields(figclass)...)
	}
	if hasAlign {
		fig.Set("align", align)
	}
	if len(dv.content) > 0 {
		holder := m.d.newNode(KindContainer, dv.span)
		m.parseContent(dv, holder)
		first := holder.Children[0]
		switch {
		case first.Kind == KindParagraph:
			cap := m.d.newNode(KindCaption, first.Span)
			cap.Append(first.Children...)
			fig.Append(cap)
		case !(first.Kind == KindComment && len(first.Children) == 0):
			return []*Node{fig, m.d.errorMsg(dv.lineno, "Figure caption must be a paragraph or empty comment.", dv.blockText)}
		}
		if len(holder.Children) > 1 {
			leg := m.d.newNode(KindLegend, holder.Children[1].Span)
			leg.Append(holder.Children[1:]...)
			fig.Append(leg)
		}
	}
	return []*Node{fig}
}

// runAdmonition is the generic and the specific admonitions.
func runAdmonition(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	kind, specific := admonitionKinds[strings.ToLower(dv.name)]
	if !specific {
		kind = KindAdmonition
	}
	n := m.d.newNode(kind, dv.span)
	setClasses(n, dv, m.d)
	if !specific {
		title := dv.args[0]
		p := ptext{s: title, segs: []pseg{{0, dv.lineno - 1, 0}}}
		ns, msgs := m.inlineText(p, dv.lineno)
		t := m.d.newNode(KindTitle, dv.span, ns...)
		n.Append(t)
		n.Append(msgs...)
		if _, ok := dv.opts["class"]; !ok {
			n.Classes = append(n.Classes, "admonition-"+makeID(title))
		}
	}
	m.parseContent(dv, n)
	return []*Node{n}
}

// runCode is the code directive (code-block, sourcecode), without
// Pygments: the content as one literal block with classes "code" and the
// language.
func runCode(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	classes := []string{"code"}
	if len(dv.args) > 0 {
		classes = append(classes, dv.args[0])
	}
	if c, ok := dv.opts["class"]; ok && c != "" {
		classes = append(classes, strings.Fields(c)...)
	}
	text := dv.content.join()
	sp := m.d.span(dv.content)
	n := m.d.newNode(KindLiteralBlock, dv.span, m.d.newText(text, sp))
	n.Classes = classes
	if name, ok := dv.opts["name"]; ok {
		n.Names = append(n.Names, normalizeName(name))
		m.d.noteExplicitTarget(n, n)
	}
	return []*Node{n}
}

// runRaw is the raw directive (content only; file and url are refused as
// Galaxy's settings refuse them).
func runRaw(m *machine, dv *dirCall) []*Node {
	if dv.has("file") || dv.has("url") {
		return []*Node{m.directiveError(dv, LevelWarning, `"`+dv.name+`" directive disabled.`)}
	}
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	text := dv.content.join()
	n := m.d.newNode(KindRaw, dv.span, m.d.newText(text, m.d.span(dv.content)))
	n.Set("format", strings.Join(strings.Fields(strings.ToLower(dv.args[0])), " "))
	if c := dv.opts["class"]; c != "" {
		n.Classes = strings.Fields(c)
	}
	return []*Node{n}
}

// runMath is the math directive: one math block per paragraph of content.
func runMath(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	var out []*Node
	for _, block := range strings.Split(dv.content.join(), "\n\n") {
		if block == "" {
			continue
		}
		n := m.d.newNode(KindMathBlock, dv.span, m.d.newText(block, dv.span))
		setClasses(n, dv, m.d)
		out = append(out, n)
	}
	return out
}

// runContainer is the container directive.
func runContainer(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	n := m.d.newNode(KindContainer, dv.span)
	if len(dv.args) > 0 {
		cls, err := optClass(dv.args[0], true)
		if err != "" {
			return []*Node{m.directiveError(dv, LevelError, `Invalid class attribute value for "`+dv.name+`" directive: "`+dv.args[0]+`".`)}
		}
		n.Classes = strings.Fields(cls)
	}
	setClasses(n, dv, m.d)
	m.parseContent(dv, n)
	return []*Node{n}
}

// runTopic is the topic directive.
func runTopic(m *machine, dv *dirCall) []*Node {
	n := m.d.newNode(KindTopic, dv.span)
	p := ptext{s: dv.args[0], segs: []pseg{{0, dv.lineno - 1, 0}}}
	ns, msgs := m.inlineText(p, dv.lineno)
	n.Append(m.d.newNode(KindTitle, dv.span, ns...))
	n.Append(msgs...)
	setClasses(n, dv, m.d)
	m.parseContent(dv, n)
	return []*Node{n}
}

// runRubric is the rubric directive.
func runRubric(m *machine, dv *dirCall) []*Node {
	p := ptext{s: dv.args[0], segs: []pseg{{0, dv.lineno - 1, 0}}}
	ns, msgs := m.inlineText(p, dv.lineno)
	n := m.d.newNode(KindRubric, dv.span, ns...)
	setClasses(n, dv, m.d)
	return append([]*Node{n}, msgs...)
}

// runParsedLiteral is the parsed-literal directive: a literal block with
// inline markup.
func runParsedLiteral(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	p := ptextOf(dv.content)
	ns, msgs := m.inlineText(p, dv.contentOffset+1)
	n := m.d.newNode(KindLiteralBlock, dv.span, ns...)
	setClasses(n, dv, m.d)
	return append([]*Node{n}, msgs...)
}

// runCompound is the compound directive.
func runCompound(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	n := m.d.newNode(KindCompound, dv.span)
	setClasses(n, dv, m.d)
	m.parseContent(dv, n)
	return []*Node{n}
}

// runQuoteClass makes the block-quote directives (epigraph, highlights,
// pull-quote).
func runQuoteClass(class string) func(m *machine, dv *dirCall) []*Node {
	return func(m *machine, dv *dirCall) []*Node {
		out := m.blockQuote(dv.content, dv.contentOffset)
		for _, n := range out {
			if n.Kind == KindBlockQuote {
				n.Classes = append(n.Classes, class)
			}
		}
		return out
	}
}

// runReplace is the replace directive, valid only in a substitution
// definition.
func runReplace(m *machine, dv *dirCall) []*Node {
	if m.state != stSubstitutionDef {
		return []*Node{m.directiveError(dv, LevelError, `Invalid context: the "`+dv.name+`" directive can only be used within a substitution definition.`)}
	}
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	holder := m.d.newNode(KindContainer, dv.span)
	m.parseContent(dv, holder)
	if len(holder.Children) == 1 && holder.Children[0].Kind == KindParagraph {
		var msgs []*Node
		p := holder.Children[0]
		for _, c := range p.Children {
			if c.Kind == KindSystemMessage {
				msgs = append(msgs, c)
			}
		}
		kids := p.Children
		return append(kids, msgs...)
	}
	return []*Node{m.d.errorMsg(dv.lineno, `Error in "`+dv.name+`" directive: may contain a single paragraph only.`)}
}

// runContents is the contents directive: a topic listing the sections,
// filled in after parsing.
func runContents(m *machine, dv *dirCall) []*Node {
	title := "Contents"
	n := m.d.newNode(KindTopic, dv.span)
	n.Classes = []string{"contents"}
	if c := dv.opts["class"]; c != "" {
		n.Classes = append(n.Classes, strings.Fields(c)...)
	}
	if len(dv.args) > 0 {
		title = dv.args[0]
		p := ptext{s: title, segs: []pseg{{0, dv.lineno - 1, 0}}}
		ns, _ := m.inlineText(p, dv.lineno)
		n.Append(m.d.newNode(KindTitle, dv.span, ns...))
		n.Names = append(n.Names, normalizeName(n.Children[0].AsText()))
	} else {
		n.Append(m.d.newNode(KindTitle, dv.span, m.d.newText(title, dv.span)))
		n.Names = append(n.Names, normalizeName(title))
	}
	if !m.d.hasName(n.Names[0]) {
		m.d.noteImplicitTarget(n, n)
	} else {
		n.Names = nil
		m.d.setID(n, nil)
	}
	pend := m.d.newNode(KindPending, dv.span)
	pend.Set("contents", "1")
	if v, ok := dv.opts["depth"]; ok {
		pend.Set("depth", v)
	}
	if dv.has("local") {
		pend.Set("local", "1")
	}
	if v, ok := dv.opts["backlinks"]; ok {
		pend.Set("backlinks", v)
	}
	n.Append(pend)
	m.d.pendingContents = append(m.d.pendingContents, pend)
	return []*Node{n}
}
