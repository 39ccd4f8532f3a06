package rst

import (
	"sort"
	"strconv"
	"strings"
)

// HTML renders doc as docutils' html4css1 writer renders the body of a
// document with Galaxy's settings (the "body" part, which Galaxy's
// template prints followed by a newline).
func HTML(doc *Document) string {
	w := &htmlWriter{extra: map[*Node][]string{}, compactP: true}
	for _, c := range doc.Root.Children {
		w.node(c)
	}
	return w.b.String()
}

// htmlWriter is docutils' HTMLTranslator state.
type htmlWriter struct {
	b                strings.Builder
	extra            map[*Node][]string // classes the writer adds ("first", "last", …)
	sectionLevel     int
	compactSimple    bool
	compactP         bool
	compactFieldList bool
	colspecs         []*Node
	stubs            []bool
	column           int
	inMailto         bool
}

// classes returns n's classes with those the writer added.
func (w *htmlWriter) classes(n *Node) []string {
	if x := w.extra[n]; len(x) > 0 {
		return append(append([]string(nil), n.Classes...), x...)
	}
	return n.Classes
}

// addClass adds a class to n for this rendering.
func (w *htmlWriter) addClass(n *Node, c string) { w.extra[n] = append(w.extra[n], c) }

// setClassOnChild adds class c to the index'th visible child of n.
func (w *htmlWriter) setClassOnChild(n *Node, c string, index int) {
	kids := n.Shown()
	if index < 0 {
		index += len(kids)
	}
	if index < 0 || index >= len(kids) || kids[index].Kind == KindText {
		return
	}
	w.addClass(kids[index], c)
}

// setFirstLast marks the first and last visible children.
func (w *htmlWriter) setFirstLast(n *Node) {
	w.setClassOnChild(n, "first", 0)
	w.setClassOnChild(n, "last", -1)
}

// attr is one HTML attribute.
type attr struct{ k, v string }

// starttag writes a start tag as HTMLTranslator.starttag does: the node's
// classes after the given ones, its first id, attributes sorted, and spans
// for further ids.
func (w *htmlWriter) starttag(n *Node, tag, suffix string, empty bool, class string, attrs ...attr) string {
	var cls []string
	add := func(c string) {
		if c = strings.TrimSpace(c); c != "" && !contains(cls, c) {
			cls = append(cls, c)
		}
	}
	var nodeClasses []string
	if n != nil {
		nodeClasses = w.classes(n)
	}
	for _, c := range nodeClasses {
		if strings.HasPrefix(c, "language-") {
			continue
		}
		add(c)
	}
	for _, c := range strings.Fields(class) {
		add(c)
	}
	if n != nil && n.Kind == KindTable {
		var kept []string
		for _, c := range cls {
			if c != "colwidths-auto" && c != "colwidths-given" && c != "colwidths-grid" {
				kept = append(kept, c)
			}
		}
		cls = kept
	}
	all := append([]attr(nil), attrs...)
	if len(cls) > 0 {
		all = append(all, attr{"class", strings.Join(cls, " ")})
	}
	prefix := ""
	if n != nil && len(n.IDs) > 0 {
		all = append(all, attr{"id", n.IDs[0]})
		for _, id := range n.IDs[1:] {
			if empty || n.Kind == KindTable || n.Kind.isSequential() {
				prefix += `<span id="` + id + `"></span>`
			} else {
				suffix += `<span id="` + id + `"></span>`
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].k < all[j].k })
	var b strings.Builder
	b.WriteString(prefix)
	b.WriteByte('<')
	b.WriteString(tag)
	for _, a := range all {
		b.WriteByte(' ')
		b.WriteString(a.k)
		b.WriteString(`="`)
		b.WriteString(attval(a.v))
		b.WriteByte('"')
	}
	if empty {
		b.WriteString(" /")
	}
	b.WriteByte('>')
	b.WriteString(suffix)
	return b.String()
}

// isSequential reports whether k is a docutils Sequential element (a
// list, table or the like), whose extra ids go before its tag.
func (k Kind) isSequential() bool {
	switch k {
	case KindBulletList, KindEnumeratedList, KindDefinitionList, KindFieldList, KindOptionList,
		KindLineBlock:
		return true
	}
	return false
}

// encode escapes text as the HTML writer does.
func encode(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '&', '<', '>', '"', '@', 0xc2: // 0xc2 leads U+00A0
			clean = false
		}
		if !clean {
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '@':
			b.WriteString("&#64;")
		case '\u00a0':
			b.WriteString("&nbsp;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// attval escapes an attribute value, with whitespace runs as one space.
func attval(s string) string {
	s = encode(s)
	if strings.ContainsAny(s, "\n\t\r") {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}

func (w *htmlWriter) w(s string) { w.b.WriteString(s) }

// children renders the children of n.
func (w *htmlWriter) children(n *Node) {
	for _, c := range n.Children {
		w.node(c)
	}
}

// isTextParent reports whether n's parent is a TextElement.
func parentIsText(n *Node) bool { return n.Parent != nil && textElements[n.Parent.Kind] }

// node renders one node.
func (w *htmlWriter) node(n *Node) {
	switch n.Kind {
	case KindText:
		w.w(encode(n.Text))
	case KindParagraph:
		if w.compactParagraph(n) {
			w.children(n)
			return
		}
		w.w(w.starttag(n, "p", "", false, ""))
		w.children(n)
		w.w("</p>\n")
	case KindSection:
		w.sectionLevel++
		w.w(w.starttag(n, "div", "\n", false, "section"))
		w.children(n)
		w.w("</div>\n")
		w.sectionLevel--
	case KindTitle:
		w.title(n)
	case KindEmphasis:
		w.inline(n, "em", "")
	case KindStrong:
		w.inline(n, "strong", "")
	case KindTitleReference:
		w.inline(n, "cite", "")
	case KindSubscript:
		if n.Parent != nil && n.Parent.Kind == KindLiteralBlock {
			w.inline(n, "span", "subscript")
		} else {
			w.inline(n, "sub", "")
		}
	case KindSuperscript:
		if n.Parent != nil && n.Parent.Kind == KindLiteralBlock {
			w.inline(n, "span", "superscript")
		} else {
			w.inline(n, "sup", "")
		}
	case KindAbbreviation:
		w.inline(n, "abbr", "")
	case KindAcronym:
		w.inline(n, "acronym", "")
	case KindInline:
		w.inline(n, "span", "")
	case KindLiteral:
		w.literal(n)
	case KindReference:
		w.reference(n)
	case KindTarget:
		if !n.Has("refuri") && !n.Has("refid") && !n.Has("refname") {
			w.inline(n, "span", "target")
		} else {
			w.children(n)
		}
	case KindProblematic:
		if n.Has("refid") {
			w.w(`<a href="#` + n.Get("refid") + `">`)
		}
		w.inline(n, "span", "problematic")
		if n.Has("refid") {
			w.w("</a>")
		}
	case KindFootnoteReference:
		w.w(w.starttag(n, "a", "[", false, "footnote-reference", attr{"href", "#" + n.Get("refid")}))
		w.children(n)
		w.w("]</a>")
	case KindCitationReference:
		w.w(w.starttag(n, "a", "[", false, "citation-reference", attr{"href", "#" + n.Get("refid")}))
		w.children(n)
		w.w("]</a>")
	case KindBulletList:
		w.list(n, "ul", nil)
	case KindEnumeratedList:
		var atts []attr
		if n.Has("start") {
			atts = append(atts, attr{"start", n.Get("start")})
		}
		w.list(n, "ol", atts)
	case KindListItem:
		w.w(w.starttag(n, "li", "", false, ""))
		if len(n.Children) > 0 {
			w.addClass(n.Children[0], "first")
		}
		w.children(n)
		w.w("</li>\n")
	case KindDefinitionList:
		w.w(w.starttag(n, "dl", "\n", false, "docutils"))
		w.children(n)
		w.w("</dl>\n")
	case KindDefinitionListItem:
		w.children(n)
	case KindTerm:
		p := n.Parent
		w.w(w.starttag(&Node{Classes: w.classes(p), IDs: p.IDs}, "dt", "", false, ""))
		w.children(n)
	case KindClassifier:
		w.w(` <span class="classifier-delimiter">:</span> `)
		w.inline(n, "span", "classifier")
	case KindDefinition:
		w.w("</dt>\n")
		w.w(w.starttag(n, "dd", "", false, ""))
		w.setFirstLast(n)
		w.children(n)
		w.w("</dd>\n")
	case KindFieldList:
		w.fieldList(n)
	case KindField:
		w.w(w.starttag(n, "tr", "", false, "field"))
		w.children(n)
		w.w("</tr>\n")
	case KindFieldName:
		w.fieldName(n)
	case KindFieldBody:
		w.w(w.starttag(n, "td", "", false, "field-body"))
		w.setClassOnChild(n, "first", 0)
		f := n.Parent
		if w.compactFieldList || f.Parent.Index(f) == len(f.Parent.Children)-1 {
			w.setClassOnChild(n, "last", -1)
		}
		w.children(n)
		w.w("</td>\n")
	case KindOptionList:
		w.w(w.starttag(n, "table", "\n", false, "docutils option-list", attr{"frame", "void"}, attr{"rules", "none"}))
		w.w("<col class=\"option\" />\n<col class=\"description\" />\n<tbody valign=\"top\">\n")
		w.children(n)
		w.w("</tbody>\n</table>\n")
	case KindOptionListItem:
		w.w(w.starttag(n, "tr", "", false, ""))
		w.children(n)
		w.w("</tr>\n")
	case KindOptionGroup:
		w.optionGroup(n)
	case KindOption:
		w.w(w.starttag(n, "span", "", false, "option"))
		w.children(n)
		w.w("</span>")
		if p := n.Parent; p != nil {
			if i := p.Index(n); i+1 < len(p.Children) && p.Children[i+1].Kind == KindOption {
				w.w(", ")
			}
		}
	case KindOptionString:
		w.children(n)
	case KindOptionArgument:
		delim := " "
		if n.Has("delimiter") {
			delim = n.Get("delimiter")
		}
		w.w(delim)
		w.inline(n, "var", "")
	case KindDescription:
		w.w(w.starttag(n, "td", "", false, ""))
		w.setFirstLast(n)
		w.children(n)
		w.w("</td>")
	case KindLiteralBlock:
		w.w(w.starttag(n, "pre", "\n", false, "literal-block"))
		w.children(n)
		w.w("\n</pre>\n")
	case KindDoctestBlock:
		w.w(w.starttag(n, "pre", "\n", false, "doctest-block"))
		w.children(n)
		w.w("\n</pre>\n")
	case KindMathBlock:
		w.w(w.starttag(n, "div", "\n", false, "formula"))
		w.children(n)
		w.w("\n</div>\n")
	case KindMath:
		w.inline(n, "span", "formula")
	case KindLineBlock:
		w.w(w.starttag(n, "div", "\n", false, "line-block"))
		w.children(n)
		w.w("</div>\n")
	case KindLine:
		w.w(w.starttag(n, "div", "", false, "line"))
		if len(n.Children) == 0 {
			w.w("<br />")
		}
		w.children(n)
		w.w("</div>\n")
	case KindBlockQuote:
		w.w(w.starttag(n, "blockquote", "\n", false, ""))
		w.children(n)
		w.w("</blockquote>\n")
	case KindAttribution:
		w.w(w.starttag(n, "p", "&mdash;", false, "attribution"))
		w.children(n)
		w.w("</p>\n")
	case KindTable:
		w.table(n)
	case KindTgroup:
		w.colspecs = nil
		w.stubs = nil
		w.children(n)
	case KindColspec:
		w.colspec(n)
	case KindThead:
		w.w(w.starttag(n, "thead", "\n", false, "", attr{"valign", "bottom"}))
		w.children(n)
		w.w("</thead>\n")
	case KindTbody:
		w.w(w.starttag(n, "tbody", "\n", false, "", attr{"valign", "top"}))
		w.children(n)
		w.w("</tbody>\n")
	case KindRow:
		w.w(w.starttag(n, "tr", "", false, ""))
		w.column = 0
		w.children(n)
		w.w("</tr>\n")
	case KindEntry:
		w.entry(n)
	case KindTransition:
		w.w(w.starttag(n, "hr", "\n", true, "docutils"))
	case KindComment:
		w.w("<!-- " + strings.ReplaceAll(n.AsText(), "--", "- -") + " -->\n")
	case KindSubstitutionDefinition, KindPending, KindSystemMessage:
	case KindImage:
		w.image(n)
	case KindFigure:
		var atts []attr
		cls := "figure"
		if v := n.Get("width"); v != "" {
			atts = append(atts, attr{"style", "width: " + v})
		}
		if v := n.Get("align"); v != "" {
			cls += " align-" + v
		}
		w.w(w.starttag(n, "div", "\n", false, cls, atts...))
		w.children(n)
		w.w("</div>\n")
	case KindCaption:
		w.w(w.starttag(n, "p", "", false, "caption"))
		w.children(n)
		w.w("</p>\n")
	case KindLegend:
		w.w(w.starttag(n, "div", "\n", false, "legend"))
		w.children(n)
		w.w("</div>\n")
	case KindFootnote, KindCitation:
		w.footnote(n)
	case KindLabel:
		w.children(n)
	case KindAdmonition, KindAttention, KindCaution, KindDanger, KindError, KindHint,
		KindImportant, KindNote, KindTip, KindWarning:
		w.admonition(n)
	case KindRaw:
		if contains(strings.Fields(n.Get("format")), "html") {
			tag := "div"
			if parentIsText(n) {
				tag = "span"
			}
			if len(n.Classes) > 0 {
				w.w(w.starttag(n, tag, "", false, ""))
			}
			w.w(n.AsText())
			if len(n.Classes) > 0 {
				w.w("</" + tag + ">")
			}
		}
	case KindContainer:
		w.w(w.starttag(n, "div", "\n", false, "docutils container"))
		w.children(n)
		w.w("</div>\n")
	case KindCompound:
		w.w(w.starttag(n, "div", "\n", false, "compound"))
		if len(n.Children) > 1 {
			w.addClass(n.Children[0], "compound-first")
			w.addClass(n.Children[len(n.Children)-1], "compound-last")
			for _, c := range n.Children[1 : len(n.Children)-1] {
				w.addClass(c, "compound-middle")
			}
		}
		w.children(n)
		w.w("</div>\n")
	case KindTopic:
		w.w(w.starttag(n, "div", "\n", false, "topic"))
		w.children(n)
		w.w("</div>\n")
	case KindRubric:
		w.w(w.starttag(n, "p", "", false, "rubric"))
		w.children(n)
		w.w("</p>\n")
	default:
		w.children(n)
	}
}

// inline renders an inline element as tag with an optional class.
func (w *htmlWriter) inline(n *Node, tag, class string) {
	w.w(w.starttag(n, tag, "", false, class))
	w.children(n)
	w.w("</" + tag + ">")
}

// title renders a title by its parent.
func (w *htmlWriter) title(n *Node) {
	p := n.Parent
	close := "</p>\n"
	switch {
	case p.Kind == KindTopic:
		w.w(w.starttag(n, "p", "", false, "topic-title"))
	case p.Kind == KindSidebar:
		w.w(w.starttag(n, "p", "", false, "sidebar-title"))
	case p.Kind.isAdmonition():
		w.w(w.starttag(n, "p", "", false, "admonition-title"))
	case p.Kind == KindTable:
		w.w(w.starttag(n, "caption", "", false, ""))
		close = "</caption>\n"
	default:
		h := w.sectionLevel
		var cls string
		if h > 6 {
			cls = "h" + itoa(h)
		}
		tag := "h" + itoa(min(h, 6))
		w.w(w.starttag(n, tag, "", false, cls))
		close = "</" + tag + ">\n"
		if n.Has("refid") {
			w.w(`<a class="toc-backref" href="#` + n.Get("refid") + `">`)
			close = "</a>" + close
		}
	}
	w.children(n)
	w.w(close)
}

// isAdmonition reports whether k is an admonition.
func (k Kind) isAdmonition() bool {
	switch k {
	case KindAdmonition, KindAttention, KindCaution, KindDanger, KindError, KindHint,
		KindImportant, KindNote, KindTip, KindWarning:
		return true
	}
	return false
}

// admonition renders an admonition: a specific one becomes a generic
// admonition with its class and English title first (docutils'
// writer_aux.Admonitions transform), then html4css1 visit_admonition.
func (w *htmlWriter) admonition(n *Node) {
	a := n
	if n.Kind != KindAdmonition {
		a = &Node{Kind: KindAdmonition, IDs: n.IDs, Names: n.Names, Parent: n.Parent,
			Classes: append(append([]string(nil), w.classes(n)...), n.Kind.String())}
		t := newNode(KindTitle, n.Span, newText(admonitionLabels[n.Kind], n.Span))
		a.Children = append([]*Node{t}, n.Children...)
		for _, c := range a.Children {
			c.Parent = a
		}
		defer func() {
			for _, c := range n.Children {
				c.Parent = n
			}
		}()
	} else {
		a = &Node{Kind: KindAdmonition, IDs: n.IDs, Names: n.Names, Parent: n.Parent,
			Classes: append(append([]string(nil), w.classes(n)...), "admonition"), Children: n.Children}
		for _, c := range a.Children {
			c.Parent = a
		}
		defer func() {
			for _, c := range n.Children {
				c.Parent = n
			}
		}()
	}
	w.w(w.starttag(&Node{Kind: KindAdmonition, Classes: append([]string{"admonition"}, a.Classes...), IDs: a.IDs}, "div", "\n", false, ""))
	w.setFirstLast(a)
	w.children(a)
	w.w("</div>\n")
}

// admonitionLabels are the English titles of the specific admonitions.
var admonitionLabels = map[Kind]string{
	KindAttention: "Attention!", KindCaution: "Caution!", KindDanger: "!DANGER!",
	KindError: "Error", KindHint: "Hint", KindImportant: "Important", KindNote: "Note",
	KindTip: "Tip", KindWarning: "Warning",
}

// literal renders inline literal text (html4css1 visit_literal).
func (w *htmlWriter) literal(n *Node) {
	if contains(n.Classes, "code") {
		var kept []string
		for _, c := range n.Classes {
			if c != "code" {
				kept = append(kept, c)
			}
		}
		w.w(w.starttag(&Node{Classes: kept, IDs: n.IDs}, "code", "", false, ""))
		w.children(n)
		w.w("</code>")
		return
	}
	w.w(w.starttag(n, "tt", "", false, "docutils literal"))
	text := n.AsText()
	for i := 0; i < len(text); {
		j := i
		switch {
		case text[i] == '\n':
			w.w("\n")
			i++
			continue
		case text[i] == ' ':
			for j < len(text) && text[j] == ' ' {
				j++
			}
			if j-i == 1 {
				w.w(" ")
			} else {
				w.w(strings.Repeat("&nbsp;", j-i-1) + " ")
			}
			i = j
			continue
		}
		for j < len(text) && text[j] != ' ' && text[j] != '\n' {
			j++
		}
		tok := text[i:j]
		if strip(tok) != "" && wordWrapPoint(tok) {
			w.w(`<span class="pre">` + encode(tok) + "</span>")
		} else {
			w.w(encode(tok))
		}
		i = j
	}
	w.w("</tt>")
}

// wordWrapPoint matches '.+\W\W.+|[-?].+' anywhere in tok.
func wordWrapPoint(tok string) bool {
	r := []rune(tok)
	for i := 0; i+1 < len(r); i++ {
		if (r[i] == '-' || r[i] == '?') && i+1 < len(r) {
			return true
		}
	}
	for i := 1; i+2 < len(r); i++ {
		if !isWord(r[i]) && !isWord(r[i+1]) {
			return true
		}
	}
	return false
}

// reference renders a reference.
func (w *htmlWriter) reference(n *Node) {
	cls := "reference"
	var href string
	if n.Has("refuri") {
		href = n.Get("refuri")
		cls += " external"
	} else {
		href = "#" + n.Get("refid")
		cls += " internal"
	}
	if len(n.Children) == 1 && n.Children[0].Kind == KindImage || !parentIsText(n) {
		cls += " image-reference"
	}
	w.w(w.starttag(n, "a", "", false, cls, attr{"href", href}))
	w.children(n)
	w.w("</a>")
	if !parentIsText(n) {
		w.w("\n")
	}
}

// image renders an image.
func (w *htmlWriter) image(n *Node) {
	uri := n.Get("uri")
	var atts []attr
	ext := strings.ToLower(extOf(uri))
	object := ext == ".svg" || ext == ".swf"
	if object {
		atts = append(atts, attr{"data", uri})
		typ := "image/svg+xml"
		if ext == ".swf" {
			typ = "application/x-shockwave-flash"
		}
		atts = append(atts, attr{"type", typ})
	} else {
		atts = append(atts, attr{"src", uri})
		alt := uri
		if n.Has("alt") {
			alt = n.Get("alt")
		}
		atts = append(atts, attr{"alt", alt})
	}
	var style []string
	for _, k := range []string{"width", "height"} {
		if !n.Has(k) {
			continue
		}
		v := n.Get(k)
		if s := n.Get("scale"); s != "" {
			v = scaleLength(v, s)
		}
		if isNumberDot(v) {
			v += "px"
		}
		style = append(style, k+": "+v+";")
	}
	if len(style) > 0 {
		atts = append(atts, attr{"style", strings.Join(style, " ")})
	}
	suffix := "\n"
	if parentIsText(n) || (n.Parent != nil && n.Parent.Kind == KindReference && !parentIsText(n.Parent)) {
		suffix = ""
	}
	cls := ""
	if a := n.Get("align"); a != "" {
		cls = "align-" + a
	}
	if object {
		alt := uri
		if n.Has("alt") {
			alt = n.Get("alt")
		}
		w.w(w.starttag(n, "object", "", false, cls, atts...) + alt + "</object>" + suffix)
		return
	}
	w.w(w.starttag(n, "img", suffix, true, cls, atts...))
}

// extOf returns the extension of a path as os.path.splitext does.
func extOf(p string) string {
	base := p[strings.LastIndexByte(p, '/')+1:]
	i := strings.LastIndexByte(base, '.')
	if i <= 0 || strings.Trim(base[:i], ".") == "" {
		return ""
	}
	return base[i:]
}

// isNumberDot matches '^[0-9.]+$'.
func isNumberDot(s string) bool {
	return s != "" && strings.Trim(s, "0123456789.") == ""
}

// scaleLength scales a length by a percentage as the writer does.
func scaleLength(v, scale string) string {
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.') {
		i++
	}
	num, err := strconv.ParseFloat(v[:i], 64)
	sc, err2 := strconv.ParseFloat(scale, 64)
	if err != nil || err2 != nil {
		return v
	}
	return pyFloat(num*(sc/100)) + v[i:]
}

// pyFloat formats f as Python's str(float).
func pyFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// list renders a bullet or enumerated list, compact when simple.
func (w *htmlWriter) list(n *Node, tag string, atts []attr) {
	oldSimple, oldP := w.compactSimple, w.compactP
	w.compactP = false
	w.compactSimple = w.isCompactable(n)
	cls := ""
	if n.Kind == KindEnumeratedList && n.Has("enumtype") {
		cls = n.Get("enumtype")
	}
	if w.compactSimple && !oldSimple {
		cls = strings.TrimSpace(cls + " simple")
	}
	w.w(w.starttag(n, tag, "\n", false, cls, atts...))
	w.children(n)
	w.compactSimple, w.compactP = oldSimple, oldP
	w.w("</" + tag + ">\n")
}

// isCompactable reports whether a list renders without paragraphs.
func (w *htmlWriter) isCompactable(n *Node) bool {
	if contains(n.Classes, "compact") {
		return true
	}
	if contains(n.Classes, "open") {
		return false
	}
	if w.compactSimple || (n.Parent != nil && contains(n.Parent.Classes, "contents")) {
		return true
	}
	return isSimpleList(n)
}

// isSimpleList is _html_base's SimpleListChecker (the one html4css1's
// check_simple_list uses, not html4css1's own): every item, definition
// and field body holds at most one element besides a nested list after a
// paragraph, and no other bodies than paragraphs and lists.
func isSimpleList(n *Node) bool {
	ok := true
	n.Walk(func(m *Node) bool {
		if !ok {
			return false
		}
		switch m.Kind {
		case KindText, KindParagraph, KindAuthor, KindCopyright, KindDate, KindOrganization,
			KindStatus, KindTerm, KindFieldName, KindComment, KindSubstitutionDefinition,
			KindTarget, KindPending:
			return false
		case KindBulletList, KindEnumeratedList, KindContact, KindClassifier, KindFieldList,
			KindField, KindDefinitionListItem, KindDefinitionList, KindDocinfo:
			return true
		case KindListItem, KindDefinition, KindFieldBody, KindAuthors, KindAddress, KindVersion:
			kids := m.Shown()
			if len(kids) > 0 && kids[0].Kind == KindParagraph {
				last := kids[len(kids)-1].Kind
				if last == KindBulletList || last == KindEnumeratedList || last == KindFieldList {
					kids = kids[:len(kids)-1]
				}
			}
			if len(kids) > 1 {
				ok = false
			}
			return ok
		}
		ok = false
		return false
	})
	return ok
}

// compactParagraph reports whether a paragraph renders without <p>
// (should_be_compact_paragraph).
func (w *htmlWriter) compactParagraph(n *Node) bool {
	p := n.Parent
	if p == nil || p.Kind == KindDocument || p.Kind == KindCompound {
		return false
	}
	if len(n.IDs) > 0 || len(n.Names) > 0 || len(n.DupNames) > 0 || len(n.Attrs) > 0 {
		return false
	}
	cls := w.classes(n)
	switch len(cls) {
	case 0:
	case 1:
		if cls[0] != "first" && cls[0] != "last" {
			return false
		}
	case 2:
		if cls[0] != "first" || cls[1] != "last" {
			return false
		}
	default:
		return false
	}
	start := 0
	if len(p.Children) > 0 && p.Children[0].Kind == KindLabel {
		start = 1
	}
	for _, c := range p.Children[start:] {
		if c.Kind.Invisible() {
			continue
		}
		if c == n {
			break
		}
		return false
	}
	count := 0
	for _, c := range p.Children {
		if !c.Kind.Invisible() && c.Kind != KindLabel {
			count++
		}
	}
	return w.compactSimple || w.compactFieldList || w.compactP && count == 1
}

// fieldList renders a field list as a table.
func (w *htmlWriter) fieldList(n *Node) {
	oldF, oldP := w.compactFieldList, w.compactP
	w.compactP = false
	w.compactFieldList = true
	if contains(n.Classes, "open") {
		w.compactFieldList = oldF
	}
	if w.compactFieldList {
		for _, f := range n.Children {
			if len(f.Children) == 0 {
				continue
			}
			body := f.Children[len(f.Children)-1]
			kids := body.Shown()
			if !(len(kids) == 0 || len(kids) == 1 && (kids[0].Kind == KindParagraph || kids[0].Kind == KindLineBlock)) {
				w.compactFieldList = false
				break
			}
		}
	}
	w.w(w.starttag(n, "table", "\n", false, "docutils field-list", attr{"frame", "void"}, attr{"rules", "none"}))
	w.w("<col class=\"field-name\" />\n<col class=\"field-body\" />\n<tbody valign=\"top\">\n")
	w.children(n)
	w.w("</tbody>\n</table>\n")
	w.compactFieldList, w.compactP = oldF, oldP
}

// fieldName renders a field name, spanning both columns when long.
func (w *htmlWriter) fieldName(n *Node) {
	var atts []attr
	after := ""
	if runeLen(n.AsText()) > 14 {
		atts = append(atts, attr{"colspan", "2"})
		after = "</tr>\n" + w.starttag(n.Parent, "tr", "", false, "field") + "<td>&nbsp;</td>"
	}
	w.w(w.starttag(n, "th", "", false, "field-name", atts...))
	w.children(n)
	w.w(":</th>")
	w.w(after)
}

// optionGroup renders the options of an option list item.
func (w *htmlWriter) optionGroup(n *Node) {
	var atts []attr
	after := ""
	if runeLen(n.AsText()) > 14 {
		atts = append(atts, attr{"colspan", "2"})
		after = "</tr>\n<tr><td>&nbsp;</td>"
	}
	w.w(w.starttag(n, "td", "\n", false, "option-group", atts...))
	w.w("<kbd>")
	w.children(n)
	w.w("</kbd></td>\n")
	w.w(after)
}

// table renders a table.
func (w *htmlWriter) table(n *Node) {
	oldP := w.compactP
	w.compactP = true
	var atts []attr
	atts = append(atts, attr{"border", "1"})
	cls := "docutils"
	if a := n.Get("align"); a != "" {
		cls += " align-" + a
	}
	if v := n.Get("width"); v != "" {
		atts = append(atts, attr{"style", "width: " + v})
	}
	w.w(w.starttag(n, "table", "\n", false, cls, atts...))
	w.children(n)
	w.compactP = oldP
	w.w("</table>\n")
}

// colspec collects column widths and writes the colgroup after the last.
func (w *htmlWriter) colspec(n *Node) {
	w.colspecs = append(w.colspecs, n)
	w.stubs = append(w.stubs, n.Has("stub"))
	p := n.Parent
	if i := p.Index(n); i+1 < len(p.Children) && p.Children[i+1].Kind == KindColspec {
		return
	}
	if t := p.Parent; t != nil && contains(t.Classes, "colwidths-auto") {
		return
	}
	total := 0
	for _, c := range w.colspecs {
		total += atoiDefault(c.Get("colwidth"), 0)
	}
	w.w(w.starttag(n, "colgroup", "\n", false, ""))
	for _, c := range w.colspecs {
		pct := 0
		if total > 0 {
			pct = int(float64(atoiDefault(c.Get("colwidth"), 0))*100.0/float64(total) + 0.5)
		}
		w.w(w.starttag(c, "col", "\n", true, "", attr{"width", itoa(pct) + "%"}))
	}
	w.w("</colgroup>\n")
}

// entry renders a table cell.
func (w *htmlWriter) entry(n *Node) {
	var cls []string
	if n.Parent != nil && n.Parent.Parent != nil && n.Parent.Parent.Kind == KindThead {
		cls = append(cls, "head")
	}
	if w.column < len(w.stubs) && w.stubs[w.column] {
		cls = append(cls, "stub")
	}
	tag := "td"
	if len(cls) > 0 {
		tag = "th"
	}
	w.column++
	var atts []attr
	if n.Has("morerows") {
		atts = append(atts, attr{"rowspan", itoa(atoiDefault(n.Get("morerows"), 0) + 1)})
	}
	if n.Has("morecols") {
		mc := atoiDefault(n.Get("morecols"), 0)
		atts = append(atts, attr{"colspan", itoa(mc + 1)})
		w.column += mc
	}
	w.w(w.starttag(&Node{Kind: KindEntry, Classes: append(cls, w.classes(n)...), IDs: n.IDs}, tag, "", false, "", atts...))
	if len(n.Children) == 0 {
		w.w("&nbsp;")
	}
	w.setFirstLast(n)
	w.children(n)
	w.w("</" + tag + ">\n")
}

// footnote renders a footnote or citation as a table.
func (w *htmlWriter) footnote(n *Node) {
	cls := "docutils footnote"
	if n.Kind == KindCitation {
		cls = "docutils citation"
	}
	w.w(w.starttag(n, "table", "\n", false, cls, attr{"frame", "void"}, attr{"rules", "none"}))
	w.w("<colgroup><col class=\"label\" /><col /></colgroup>\n<tbody valign=\"top\">\n<tr>")
	var open, close, after string
	backlinks := false
	switch len(n.Backrefs) {
	case 0:
	case 1:
		open, close = `<a class="fn-backref" href="#`+n.Backrefs[0]+`">`, "</a>"
	default:
		var links []string
		for i, b := range n.Backrefs {
			links = append(links, `<a class="fn-backref" href="#`+b+`">`+itoa(i+1)+`</a>`)
		}
		after = "<em>(" + strings.Join(links, ", ") + ")</em> "
		backlinks = true
	}
	if len(n.Children) > 1 {
		if !backlinks {
			w.addClass(n.Children[1], "first")
		}
		w.addClass(n.Children[len(n.Children)-1], "last")
	}
	for i, c := range n.Children {
		if i == 0 && c.Kind == KindLabel {
			w.w(w.starttag(c, "td", open+"[", false, "label"))
			w.children(c)
			w.w("]" + close + "</td><td>" + after)
			continue
		}
		w.node(c)
	}
	w.w("</td></tr>\n</tbody>\n</table>\n")
}
