package rewrite

import (
	"bytes"
	"iter"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Unchanged reports whether the rewrite of a tool or macro file from
// before to after provably leaves Galaxy's expanded view equal, as
// [Expansion] defines it, with no declared change needed, judging from the
// two parses and the expansion of before alone: after is never expanded,
// and a macro file is never converted to its canonical tree. It is a
// sufficient condition: when it reports false the views may still be
// equal, and [Expansion.CompareExpanded] decides. It applies to a file
// whose root is <tool> on both sides, with x.After and x.ExactTail nil,
// that expands without error before the rewrite, and to a file whose root
// is not <tool> (a macro file), with x.After nil and, when x.ExactTail is
// set, x.WrittenTail; everything else reports false.
//
// The proof follows what Galaxy's expansion ([macros.ExpandTree]) does
// with each piece of the file:
//
//   - elements pair up one by one with equal names and attributes equal as
//     a set of decoded name=value pairs; processing instructions are
//     byte-identical;
//   - texts and tails are compared as lxml reads them (references
//     decoded, line ends normalised, CDATA as text, comments removed and
//     the text around them joined); two whitespace-only ones are equal in
//     an element whose tag is not data, as the comparison of the views
//     has it, and everything else is equal exactly;
//   - Galaxy replaces an <expand> where it stands with copies of its
//     macro's children, their tails coming with them, and drops the
//     <expand> with its tail: the text before it stays in the element
//     that holds it. The <expand>'s own children are copied to the
//     macro's <yield>s, again with their tails. So the children of an
//     <expand> and of an XML macro definition (<xml>, <macro> of type xml)
//     are compared as anywhere else, but for their tails, compared exactly
//     when a copy lands in a data element of before's view (a child
//     without a copy there is not seen). Parameters are read from an
//     <expand>'s attributes by name, and from a macro's in order, so only
//     a macro keeps its attribute order;
//   - everything else of the macro language is compared exactly,
//     attribute order included: template and token definitions, <token>,
//     <import>, <yield>, and the definitions' content when a parameter
//     may not be quoted with "@" (see below). The text of <macros> itself
//     and between the definitions is cleared, or kept under <macros>
//     (re-appended templates), so it is compared as <macros>'s;
//   - tokens are substituted in texts and attribute names and values, not
//     in tails: when some token name (of the tool's <macros> or of a file
//     it imports) is whitespace only, texts are compared exactly, and
//     attributes keep their order when a name holds a token name. A macro
//     parameter is substituted the same way in the copies of the macro's
//     children and of the <expand>'s; the proof needs parameters quoted
//     with "@" (no definition sets token_quote), which no whitespace and
//     no attribute name holds;
//   - the children of <tool> may be reordered, as the comparison of the
//     views allows, only when every text between them is whitespace, <tool>
//     is not data, and no element crosses an <expand>: each tag's children
//     keep their order relative to one another and to the elements the
//     <expand>s produce.
//
// The macro language being equal on both sides, and before expanding,
// after expands too, to a view that pairs up with before's element by
// element: the same elements of the imported files land under parents of
// the same tags.
//
// A macro file is compared as its canonical tree ([macros.FromTree]),
// whose elements, attributes, texts and tails the parses give as they are:
// the same walk proves the two trees equal as the comparison of the views
// has it, with the tails that x.ExactTail makes exact judged by
// x.WrittenTail. The walk keeps the rules above for the macro language
// (attribute order of the definitions, exact texts where Galaxy copies
// them verbatim), read from the file's own definitions: they ask more
// than the comparison of the trees, never less.
func (x *Expansion) Unchanged(before, after []byte) bool {
	_, ok := x.prove(before, after, nil)
	return ok
}

// Proved is [Expansion.Unchanged] accepting, besides, the declared changes
// of x.Allow that can be judged from the parses: the text of an element of
// the tool's own, with no child element and no token in it, that a
// [ViewChange.WrittenText] hook accepts (quotes inserted in <command>);
// for a macro file, none. It returns the changes it needed; when it
// reports true, the full comparison passes with them allowed.
func (x *Expansion) Proved(before, after []byte) ([]*ViewChange, bool) {
	return x.prove(before, after, x.Allow)
}

func (x *Expansion) prove(before, after []byte, allow []*ViewChange) ([]*ViewChange, bool) {
	if x.After != nil || x.ExactTail != nil && x.WrittenTail == nil {
		return nil, false
	}
	if bytes.Equal(before, after) {
		return nil, true
	}
	tb, ta := x.parse(before), x.parse(after)
	if !tb.WellFormed() || !ta.WellFormed() || hasDoctype(tb) || hasDoctype(ta) {
		return nil, false
	}
	rb, ra := tb.RootElement(), ta.RootElement()
	if !rb.Is("tool") {
		// A macro file: compared as its canonical tree.
		p := prover{data: x.Data, tree: true, exactTail: x.WrittenTail, quoted: true}
		p.addDefs(rb)
		return nil, p.element(rb, ra, false)
	}
	if !ra.Is("tool") || x.ExactTail != nil {
		return nil, false
	}
	// A tool without <macros> is its own view (macros.ExpandTree keeps
	// its tree as it is), which the proof reads from the parse.
	var res *macros.Result
	if rb.Element("macros").IsValid() {
		var err error
		if res, err = x.expand(tb, x.Macros); err != nil {
			return nil, false
		}
	}
	p := prover{data: x.Data, view: res, root: rb, allow: allow, used: make([]bool, len(allow))}
	if !p.readDefs(rb, res) || !p.tool(rb, ra) {
		return nil, false
	}
	var used []*ViewChange
	for i, u := range p.used {
		if u {
			used = append(used, allow[i])
		}
	}
	return used, true
}

// hasDoctype reports whether t has a document type declaration, whose
// entities and attribute defaults lxml would apply.
func hasDoctype(t *cst.Tree) bool {
	for c := range t.Root().Children() {
		if c.Kind() == cst.KindDoctype {
			return true
		}
	}
	return false
}

// prover compares the parses of two versions of a tool for
// [Expansion.Unchanged].
type prover struct {
	data func(tag string) bool
	view *macros.Result // before's expansion
	// tree is set for a file compared as its canonical tree (a macro
	// file): the tail of each child is exact when its parent is data or
	// exactTail (when not nil) says so, as [Expansion.ExactTail] has it.
	tree      bool
	exactTail func(parent, child cst.Node) bool
	// tokens are the names of the tool's tokens, substituted in the texts
	// and attributes of the whole view; spaceToken is set when one of them
	// is whitespace only, so that it may occur in a layout text.
	tokens     []string
	spaceToken bool
	// quoted is set when every macro parameter is quoted with "@".
	quoted bool
	// landed holds, sorted, the offsets of the elements of the tool file
	// that have a copy in before's view whose parent is a data element;
	// built on first use (landedDone).
	landed     []int
	landedDone bool
	bufA, bufB []byte // decoded texts
	// root is before's <tool>; allow are the declared changes the proof
	// may accept, used those it did.
	root  cst.Node
	allow []*ViewChange
	used  []bool
}

func (p *prover) isData(tag string) bool { return p.data == nil || p.data(tag) }

// readDefs reads what the proof needs of the definitions that the
// expansion res of the tool root reads (nil for a tool without <macros>,
// which has none): the names of the <token>s and
// <macro type="token">s, and whether an <xml> or <macro> sets token_quote,
// in the tool's first <macros> and at the top of every imported file, as
// Galaxy harvests them. It reports false when an imported file is not at
// hand.
func (p *prover) readDefs(root cst.Node, res *macros.Result) bool {
	p.quoted = true
	if res == nil {
		return true
	}
	p.addDefs(root.Element("macros"))
	for _, imp := range res.Imports {
		t := res.Tree(imp)
		if t == nil {
			return false
		}
		p.addDefs(t.RootElement())
	}
	return true
}

func (p *prover) addDefs(defs cst.Node) {
	for d := range defs.Elements() {
		tag := d.Name()
		if tag != "xml" && tag != "macro" && tag != "token" {
			continue
		}
		// One pass over the attributes reads the three that matter, the
		// first of each name as cst.Node.Attr finds it.
		var name, typ cst.Node
		quote := false
		for a := d.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
			if a.Kind() != cst.KindAttribute {
				continue
			}
			switch a.Name() {
			case "token_quote":
				quote = true
			case "type":
				if !typ.IsValid() {
					typ = a
				}
			case "name":
				if !name.IsValid() {
					name = a
				}
			}
		}
		if quote && tag != "token" {
			p.quoted = false
		}
		// Only <token> and <macro type="token"> define tokens.
		if tag == "xml" || tag == "macro" && (!typ.IsValid() || typ.Value() != "token") {
			continue
		}
		n := name.Value()
		p.tokens = append(p.tokens, n)
		if isLayout(n) {
			p.spaceToken = true
		}
	}
}

// spliced reports whether elements called tag are definitions or
// placeholders of the macro language, so that everything in them is
// compared exactly.
func spliced(tag string) bool {
	switch tag {
	case "xml", "macro", "template", "token", "import", "yield":
		return true
	}
	return false
}

// isXMLMacro reports whether a <macro> element defines an XML macro: its
// type is "xml", or not given.
func isXMLMacro(n cst.Node) bool {
	typ, ok := n.AttrValue("type")
	return !ok || typ == "xml"
}

// landsInData reports whether a copy of element n (of before's parse) has
// a data element for parent in before's view (its parent in the parse,
// for a tool without <macros>). An element without a copy
// there is not in after's view either: its tail is not seen.
func (p *prover) landsInData(n cst.Node) bool {
	if p.view == nil { // the tool is its own view
		return p.isData(n.Parent().Name())
	}
	if !p.landedDone {
		p.landedDone = true
		file := p.view.File()
		var walk func(e *macros.Element)
		walk = func(e *macros.Element) {
			if len(e.Children) == 0 {
				return
			}
			data := p.isData(e.Tag)
			for _, c := range e.Children {
				if data && c.Loc.File == file {
					p.landed = append(p.landed, c.Loc.Span.Start)
				}
				walk(c)
			}
		}
		walk(p.view.Root)
		slices.Sort(p.landed)
	}
	_, found := slices.BinarySearch(p.landed, n.Span().Start)
	return found
}

// tool compares the <tool> elements a (before) and b (after).
func (p *prover) tool(a, b cst.Node) bool {
	if sameBytes(a, b) {
		return true
	}
	if !p.attrs(a, b, false) {
		return false
	}
	data := p.isData(a.Name())
	ta, ka := textRun(content(a))
	tb, kb := textRun(content(b))
	if !p.text(ta, tb, data || p.spaceToken) {
		return false
	}
	itemsA, tailsA := children(ka)
	itemsB, tailsB := children(kb)
	if len(itemsA) != len(itemsB) {
		return false
	}
	inOrder := true
	for i := range itemsA {
		if !sameKey(itemsA[i], itemsB[i]) {
			inOrder = false
			break
		}
	}
	if inOrder {
		for i := range itemsA {
			if !p.item(itemsA[i], itemsB[i], false) || !p.text(tailsA[i], tailsB[i], data) {
				return false
			}
		}
		return true
	}
	// Reordered: Galaxy's view compares the children of <tool> by tag, so
	// the texts between them must be layout whatever they end up next to.
	if data {
		return false
	}
	for i := range tailsA {
		if !p.layout(tailsA[i]) || !p.layout(tailsB[i]) {
			return false
		}
	}
	// Pair the children by key, in order within each key, and keep each
	// between the same two <expand>s.
	seg := func(items []cst.Node) []int {
		out := make([]int, len(items))
		n := 0
		for i, it := range items {
			out[i] = n
			if it.Is("expand") {
				n++
			}
		}
		return out
	}
	segA, segB := seg(itemsA), seg(itemsB)
	used := make([]bool, len(itemsB))
	for i, it := range itemsA {
		j := 0
		for j < len(itemsB) && (used[j] || !sameKey(it, itemsB[j])) {
			j++
		}
		if j == len(itemsB) || segA[i] != segB[j] || !p.item(it, itemsB[j], false) {
			return false
		}
		used[j] = true
	}
	return true
}

// children returns the children of an element from k, its first child
// element or processing instruction, on, each with its tail.
func children(k cst.Node) ([]cst.Node, []run) {
	var items []cst.Node
	var tails []run
	for isItem(k) {
		items = append(items, k)
		var r run
		r, k = textRun(k.NextSibling())
		tails = append(tails, r)
	}
	return items, tails
}

// isItem reports whether n is a child that is a node of Galaxy's view:
// an element or a processing instruction.
func isItem(n cst.Node) bool {
	k := n.Kind()
	return k == cst.KindElement || k == cst.KindPI
}

// sameKey reports whether two children of <tool> are compared with each
// other by the view comparison's pairing: elements of one tag, or
// processing instructions of one target.
func sameKey(a, b cst.Node) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	if a.Kind() == cst.KindPI {
		return piTarget(a) == piTarget(b)
	}
	return a.Name() == b.Name()
}

// piTarget returns the target of a processing instruction as
// [macros.FromTree] reads it: up to the first whitespace.
func piTarget(n cst.Node) string {
	body := strings.TrimSuffix(strings.TrimPrefix(n.Text(), "<?"), "?>")
	if i := strings.IndexAny(body, " \t\r\n"); i >= 0 {
		return body[:i]
	}
	return body
}

// item compares two children of one kind (elements or processing
// instructions), exactly when exact is set.
func (p *prover) item(a, b cst.Node, exact bool) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	if a.Kind() == cst.KindPI {
		return bytes.Equal(a.Bytes(), b.Bytes())
	}
	return p.element(a, b, exact)
}

// element compares elements a and b and their content (not their tails),
// exactly when exact is set.
func (p *prover) element(a, b cst.Node, exact bool) bool {
	if sameBytes(a, b) {
		return true
	}
	tag := a.Name()
	if tag != b.Name() {
		return false
	}
	// Galaxy copies the children of an <expand> to its macro's <yield>s,
	// and those of a macro body to where it is expanded (an <expand>'s
	// parameters are read by name; a macro's depend on their order).
	moved, ordered := false, exact
	switch {
	case exact:
	case p.quoted && tag == "expand":
		moved = true
	case p.quoted && (tag == "xml" || tag == "macro" && isXMLMacro(a)):
		moved, ordered = true, true
	case tag == "expand" || spliced(tag):
		exact, ordered = true, true
	}
	if !p.attrs(a, b, ordered) {
		return false
	}
	data := exact || p.isData(tag)
	ta, ka := textRun(content(a))
	tb, kb := textRun(content(b))
	if !p.text(ta, tb, data || p.spaceToken) && (exact || isItem(ka) || isItem(kb) || !p.declaredText(a, ta, tb)) {
		return false
	}
	for isItem(ka) && isItem(kb) {
		if !p.item(ka, kb, exact) {
			return false
		}
		exactTail := data
		switch {
		case p.tree:
			exactTail = data || p.exactTail != nil && p.exactTail(a, ka)
		case moved:
			exactTail = p.landsInData(ka)
		}
		ta, ka = textRun(ka.NextSibling())
		tb, kb = textRun(kb.NextSibling())
		if !p.text(ta, tb, exactTail) {
			return false
		}
	}
	return !isItem(ka) && !isItem(kb)
}

// declaredText reports whether a hook of the allowed changes accepts the
// text of element a (of before's parse, written in the tool itself and
// without child elements) going from ra to rb, and records the change as
// used. Tokens are substituted in texts, so a text that may hold one is
// left to the full comparison.
func (p *prover) declaredText(a cst.Node, ra, rb run) bool {
	if len(p.allow) == 0 {
		return false
	}
	var okA, okB bool
	p.bufA, okA = appendText(p.bufA[:0], ra)
	p.bufB, okB = appendText(p.bufB[:0], rb)
	if !okA || !okB {
		return false
	}
	before, after := string(p.bufA), string(p.bufB)
	if p.holdsToken(before) || p.holdsToken(after) {
		return false
	}
	top := a.Parent() == p.root
	for i, ch := range p.allow {
		if ch.WrittenText != nil && ch.WrittenText(a.Name(), top, before, after) {
			p.used[i] = true
			return true
		}
	}
	return false
}

// content returns the first content node of element n, after its start
// tag: the zero Node when it has none.
func content(n cst.Node) cst.Node { return n.FirstChild().NextSibling() }

// sameBytes reports whether two nodes are written alike: equal bytes
// parse to equal subtrees.
func sameBytes(a, b cst.Node) bool { return bytes.Equal(a.Bytes(), b.Bytes()) }

// attrs compares the attributes of elements a and b: as a set of decoded
// name=value pairs, or in order when ordered is set. Attributes may change
// order only when no name holds a token, whose substitution in names
// depends on their order.
func (p *prover) attrs(a, b cst.Node, ordered bool) bool {
	sa, sb := a.StartTag(), b.StartTag()
	na, nb := 0, 0
	inOrder := true
	for x, y := sa.FirstChild(), sb.FirstChild(); x.IsValid() || y.IsValid(); {
		for x.IsValid() && x.Kind() != cst.KindAttribute {
			x = x.NextSibling()
		}
		for y.IsValid() && y.Kind() != cst.KindAttribute {
			y = y.NextSibling()
		}
		if x.IsValid() {
			na++
		}
		if y.IsValid() {
			nb++
		}
		if !x.IsValid() || !y.IsValid() {
			break
		}
		if x.Name() != y.Name() {
			inOrder = false
		} else if !sameValue(x, y) {
			return false
		}
		x, y = x.NextSibling(), y.NextSibling()
	}
	if na != nb {
		return false
	}
	if inOrder {
		return true
	}
	if ordered {
		return false
	}
	// Names are unique in a well-formed element: the counts being equal,
	// every attribute of a found in b with its value makes the sets equal.
	// b's attributes are listed once rather than searched for each of a's,
	// and looked up by name once there are more than a few (an element
	// may have a million).
	var buf [16]cst.Node
	ys := buf[:0]
	for y := sb.FirstChild(); y.IsValid(); y = y.NextSibling() {
		if y.Kind() == cst.KindAttribute {
			ys = append(ys, y)
		}
	}
	var byName map[string]cst.Node
	if len(ys) > len(buf) {
		byName = make(map[string]cst.Node, len(ys))
		for _, y := range ys {
			byName[y.Name()] = y
		}
	}
	for x := sa.FirstChild(); x.IsValid(); x = x.NextSibling() {
		if x.Kind() != cst.KindAttribute {
			continue
		}
		name := x.Name()
		var y cst.Node
		if byName != nil {
			y = byName[name]
		} else {
			for _, c := range ys {
				if c.Name() == name {
					y = c
					break
				}
			}
		}
		if !y.IsValid() || !sameValue(x, y) || p.holdsToken(name) {
			return false
		}
	}
	return true
}

// sameValue reports whether two attributes have equal values as lxml
// reads them (see [cst.Node.Value], which [macros.FromTree] uses).
func sameValue(x, y cst.Node) bool {
	vx, vy := x.ValueToken().Bytes(), y.ValueToken().Bytes()
	if len(vx) >= 2 && len(vy) >= 2 && string(vx[1:len(vx)-1]) == string(vy[1:len(vy)-1]) {
		return true
	}
	return x.Value() == y.Value()
}

// holdsToken reports whether s contains the name of a token or, quoted
// with "@", of a macro parameter.
func (p *prover) holdsToken(s string) bool {
	if strings.IndexByte(s, '@') >= 0 {
		return true
	}
	for _, t := range p.tokens {
		if strings.Contains(s, t) {
			return true
		}
	}
	return false
}

// run is a text or tail as written: a run of character data, CDATA and
// comment nodes, siblings from first to last (both the zero Node when the
// run is empty). Keeping the last node rather than where it ends spares
// computing the span of every node of every run; few runs need it.
type run struct {
	first, last cst.Node
}

// textRun returns the run starting at n and the node after it.
func textRun(n cst.Node) (run, cst.Node) {
	var r run
	for ; n.IsValid(); n = n.NextSibling() {
		switch n.Kind() {
		case cst.KindText, cst.KindCDATA, cst.KindComment:
			if !r.first.IsValid() {
				r.first = n
			}
			r.last = n
			continue
		}
		break
	}
	return r, n
}

// nodes returns the nodes of the run in order.
func (r run) nodes() iter.Seq[cst.Node] {
	return func(yield func(cst.Node) bool) {
		if !r.first.IsValid() {
			return
		}
		for n := r.first; yield(n) && n != r.last; n = n.NextSibling() {
		}
	}
}

// bytes returns the run's source.
func (r run) bytes() []byte {
	if !r.first.IsValid() {
		return nil
	}
	return r.first.Tree().Source()[r.first.Span().Start:r.last.Span().End]
}

// text reports whether two runs read the same, or both as whitespace when
// exact is not set.
func (p *prover) text(a, b run, exact bool) bool {
	if bytes.Equal(a.bytes(), b.bytes()) {
		return true
	}
	if !exact {
		la, lb := p.layout(a), p.layout(b)
		if la || lb {
			return la && lb
		}
	}
	var okA, okB bool
	p.bufA, okA = appendText(p.bufA[:0], a)
	p.bufB, okB = appendText(p.bufB[:0], b)
	return okA && okB && bytes.Equal(p.bufA, p.bufB)
}

// layout reports whether a run reads as XML whitespace only.
func (p *prover) layout(r run) bool {
	if l, known := plainLayout(r); known {
		return l
	}
	var ok bool
	p.bufA, ok = appendText(p.bufA[:0], r)
	if !ok {
		return false
	}
	for _, c := range p.bufA {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// plainLayout tells layout from the run's bytes as written, without
// decoding them, when it can: it is known when the run holds no CDATA and
// no reference, or when a text holds a byte that is not whitespace before
// its first reference. Comments read as nothing, and every other byte of
// character data reads as itself but for "\r", read as "\n": both
// whitespace.
func plainLayout(r run) (layout, known bool) {
	for n := range r.nodes() {
		switch n.Kind() {
		case cst.KindCDATA:
			return false, false
		case cst.KindText:
			for _, c := range n.Bytes() {
				switch c {
				case ' ', '\t', '\n', '\r':
				case '&':
					return false, false
				default:
					return false, true
				}
			}
		}
	}
	return true, true
}

// appendText appends the text of a run as lxml reads it, as
// [macros.FromTree] decodes it: comments removed, CDATA as text,
// references resolved, "\r\n" and lone "\r" read as "\n". It reports false
// for a reference it cannot resolve, which a well-formed file without a
// DOCTYPE does not hold.
func appendText(b []byte, r run) ([]byte, bool) {
	for n := range r.nodes() {
		switch n.Kind() {
		case cst.KindCDATA:
			raw := n.Bytes()
			b = cst.AppendChars(b, raw[len("<![CDATA["):len(raw)-len("]]>")])
		case cst.KindText:
			for tok := range n.Tokens() {
				switch tok.Kind() {
				case cst.TokEntityRef, cst.TokCharRef:
					s, ok := cst.DecodeReference(tok.Text())
					if !ok {
						return b, false
					}
					b = append(b, s...)
				default:
					b = cst.AppendChars(b, tok.Bytes())
				}
			}
		}
	}
	return b, true
}
