package rst

import (
	"slices"
	"sync"
)

// Document is a parsed help text: docutils' doctree after the standalone
// reader's transforms, with the system messages reported while making it.
type Document struct {
	// Root is the document node.
	Root *Node
	// Messages lists every system message in the order docutils reports
	// it, INFO messages included.
	Messages []*Message
	// Text is the help text the document was read from.
	Text string
}

// Invalid returns the first message of level 2 (WARNING) or more, the one
// Galaxy's HelpInvalidRST linter quotes, or nil when the help text is
// valid reStructuredText.
func (d *Document) Invalid() *Message {
	for _, m := range d.Messages {
		if m.Level >= LevelWarning {
			return m
		}
	}
	return nil
}

// doc holds the state of one parse: docutils' document attributes and
// the state machine memo.
type doc struct {
	text     string
	src      []srcLine
	root     *Node
	messages []*Message
	top      *machine

	spareMachines []*machine // machines done with, for newMachine to reuse

	slab     []Node // nodes to hand out ([doc.alloc])
	slabSize int    // the length of the last chunk of slab
	spare    *slab  // where slab's chunks come from and go, nil to make new ones

	// Whether the parse made a node of these sorts, at the one place each
	// is made (a target at [doc.newNode], which makes every one): a
	// transform that looks for them only walks the tree when it did.
	sawTransition, sawSubstitutionRef, sawAnonymous, sawTarget bool

	// noSpans says that the caller asks for the messages alone ([Check]):
	// the nodes' spans, which no message reads, are left zero.
	noSpans bool

	currentLine     int
	titleStyles     []string
	sectionLevel    int
	bubbleUp        bool
	defaultRole     string
	pendingClasses  []*Node
	pendingContents []*Node

	ids                map[string]*Node
	idCounter          map[string]int
	nameids            map[string]string // "" when the name is known but unusable
	nametypes          map[string]bool
	refnames           map[string][]*Node
	refids             map[string][]*Node
	indirectTargets    []*Node
	substitutionDefs   map[string]*Node
	substitutionNames  map[string]string
	footnoteRefs       map[string][]*Node
	citationRefs       map[string][]*Node
	autofootnotes      []*Node
	autofootnoteRefs   []*Node
	symbolFootnotes    []*Node
	symbolFootnoteRefs []*Node
	footnotes          []*Node
	citations          []*Node
	symbolStart        int
}

// lineLengthLimit is docutils' default line_length_limit.
const lineLengthLimit = 10000

// Parse reads text as docutils reads a Galaxy tool's help. It never
// fails; problems are reported as the document's messages.
func Parse(text string) *Document {
	d := parse(new(doc), text, true, nil)
	return &Document{Root: d.root, Messages: d.messages, Text: text}
}

// Check returns what Parse(text).Invalid() returns: the first message of
// level 2 (WARNING) or more, nil for valid text. It reads text as Parse
// does but leaves out what only a caller holding the tree reads, the
// spans of its nodes; the message's own span and line are the same.
//
// The tree is dropped once its verdict is known, so the parse's state and
// nodes come from what earlier checks left ([spareScratch]) and go back
// to it; the message refers to none of it.
func Check(text string) *Message {
	s := spareScratch.Get().(*scratch)
	m := (&Document{Messages: parse(&s.doc, text, false, s).messages}).Invalid()
	s.reset()
	spareScratch.Put(s)
	return m
}

// scratch is the memory of a finished [Check] parse, kept for the next
// one: its doc, node slab, lines and machines.
type scratch struct {
	doc      doc
	nodes    slab
	src      []srcLine
	input    lines
	machines []*machine
}

// spareScratch holds the scratch of finished [Check] parses.
var spareScratch = sync.Pool{New: func() any { return new(scratch) }}

// reset zeroes what the parse left in s, so that the next parse starts
// from zero and s keeps nothing of this one alive, keeping the memory.
func (s *scratch) reset() {
	s.nodes.reset()
	clear(s.doc.src)
	s.src = s.doc.src[:0]
	clear(s.input)
	// The machines given back are zero ([doc.freeMachine]); past them the
	// list may still name machines the parse did not give back.
	ms := s.doc.spareMachines
	clear(ms[len(ms):cap(ms)])
	s.machines = ms
	s.doc = doc{}
}

// parse reads text into d, a zero doc, working out the nodes' spans when
// spans is set and taking its memory from s when it is not nil.
func parse(d *doc, text string, spans bool, s *scratch) *doc {
	// The maps are made when first written ([put]): most helps need few.
	*d = doc{text: text, defaultRole: "title-reference", noSpans: !spans}
	var input lines
	if s != nil {
		d.spare = &s.nodes
		d.spareMachines = s.machines
		d.src = splitLines(s.src, text)
		// Of the length and capacity make gives, so that the parse sees
		// the list it would see without s.
		input = slices.Grow(s.input[:0], len(d.src))[:len(d.src):len(d.src)]
		s.input = input
	} else {
		d.src = splitLines(nil, text)
		input = make(lines, len(d.src))
	}
	d.root = d.newNode(KindDocument, cstSpan(0, len(text)))
	tooLong := 0
	for i, l := range d.src {
		input[i] = line{s: l.exp, abs: i}
		// A line of no more bytes than the limit has no more characters.
		if tooLong == 0 && len(l.exp) > lineLengthLimit && runeLen(l.exp) > lineLengthLimit {
			tooLong = i + 1
		}
	}
	if tooLong > 0 {
		d.root.Append(d.errorMsg(0, "Line "+itoa(tooLong)+" exceeds the line-length-limit."))
	} else {
		m := d.newMachine(input, 0, d.root, stBody, true)
		d.top = m
		m.run()
		d.top = nil
	}
	d.transform()
	return d
}

// put sets m[k] to v, making the map on its first write: a help needs few
// of the document's maps, and making all ten for each one costs more
// than reading many a help.
func put[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = make(map[K]V)
	}
	(*m)[k] = v
}
