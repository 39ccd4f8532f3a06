package rules

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// quoteWalk follows the shell quoting state through the text Cheetah
// renders from a <command>: text tokens in order, each placeholder an
// opaque word, directive lines rendering nothing. The branches of a block
// each start from the state before the block; a block whose branches do
// not all leave the state as they found it (an #if opening a quote that
// only some paths close, a #for body that does not balance its quotes)
// makes the state uncertain from there on.
type quoteWalk struct {
	tmpl *cheetah.Template
	q    *shellQuoting
	at   func(off int) int // the source line of a template offset
	// poison says why the quoting state is uncertain from here on, or "".
	poison string
	// refuse says why no placeholder of the command may be edited, or "".
	refuse string
	// sites are in text order: the walk visits the children of each node
	// in order, and Cheetah stores nodes in preorder.
	sites []walkSite
	// started and spaced follow the first word of the rendered text, which
	// a (deprecated) interpreter attribute makes the script's name: some
	// text was rendered, and a blank followed it.
	started, spaced bool
}

// walkSite is a placeholder in shell context, with what the walk knew when
// it reached it.
type walkSite struct {
	node   cheetah.Node // the placeholder
	place  shellPlace
	poison string
	fdDup  bool // right after ">&" or "<&"
	dollar bool // right after "$", which a quote would turn into $'…' (ANSI-C quoting)
	first  bool // part of the rendered text's first word
}

// macroTokens refuses the command when it uses a Galaxy macro token gtr
// cannot read as inert text: one an imported macro library may define, or
// one whose value holds quotes, backslashes or Cheetah syntax. Tokens are
// expanded before Cheetah runs, so such a value could open quotes or
// rebind names anywhere. A token defined nowhere (in a tool that imports
// nothing) is not expanded at all: it stays literal text.
func (w *quoteWalk) macroTokens(tool cst.Tool) {
	// The first reason to refuse the command stands; and every macro token
	// has an "@", which most commands lack.
	if w.refuse != "" || !strings.Contains(w.tmpl.Source(), "@") {
		return
	}
	var m cst.Macros
	read, imports := false, false
	for tok := range w.tmpl.Tokens() {
		if tok.Kind != cheetah.TokMacro {
			continue
		}
		// The macros are read at the first token: most commands use none.
		if !read {
			read, m = true, tool.Macros()
			for range m.Imports() {
				imports = true
				break
			}
		}
		name := w.tmpl.Source()[tok.Span.Start:tok.Span.End]
		t, ok := m.Token(name)
		switch {
		case !ok && imports:
			w.refuse = fmt.Sprintf("the command uses the macro token %s, defined outside this file", name)
			return
		case strings.ContainsAny(t.Text().Text, "'\"\\`$#<@"):
			w.refuse = fmt.Sprintf("the command uses the macro token %s, whose value holds quotes, "+
				"backslashes or Cheetah syntax", name)
			return
		}
	}
}

func (w *quoteWalk) children(n cheetah.Node) {
	for c := range n.Children() {
		w.node(c)
	}
}

func (w *quoteWalk) node(n cheetah.Node) {
	switch n.Kind() {
	case cheetah.KindText:
		w.text(n)
	case cheetah.KindPlaceholder:
		w.placeholder(n)
	case cheetah.KindDirective:
		w.directive(n)
	case cheetah.KindBlock:
		w.block(n)
	case cheetah.KindPSP:
		w.refuseAt(n, "a <% %> block")
	}
}

func (w *quoteWalk) text(n cheetah.Node) {
	src := w.tmpl.Source()
	for _, tok := range n.Tokens() {
		s := src[tok.Span.Start:tok.Span.End]
		switch tok.Kind {
		case cheetah.TokText, cheetah.TokRaw:
			w.feed(s)
		case cheetah.TokEscape:
			w.feed(s[1:]) // "\$" renders "$", "\#" renders "#"
		case cheetah.TokMacro:
			// Only inert tokens get this far (macroTokens refuses others).
			w.q.word()
		}
	}
}

func (w *quoteWalk) feed(s string) {
	w.q.feed(s)
	if w.q.tooDeep && w.refuse == "" {
		w.refuse = fmt.Sprintf("the command nests shell quotes, substitutions and arithmetic more than %d deep, "+
			"which gtr does not follow", maxShellDepth)
	}
	for i := 0; i < len(s) && !w.spaced; i++ {
		blank := strings.IndexByte(" \t\n", s[i]) >= 0
		w.spaced = w.started && blank
		w.started = w.started || !blank
	}
}

func (w *quoteWalk) placeholder(n cheetah.Node) {
	ws := walkSite{place: w.q.place(), poison: w.poison, fdDup: w.q.dupTarget(), first: !w.spaced}
	ws.dollar = w.q.after("$") || w.q.esc
	w.started = true
	if ws.poison == "" && w.q.heredoc {
		ws.poison = "a here-document (<<) before it"
	}
	ws.node = n
	w.sites = append(w.sites, ws)
	w.q.word()
}

// directive handles a directive standing on its own (block headings are
// the block's business).
func (w *quoteWalk) directive(n cheetah.Node) {
	switch n.Name() {
	case "echo", "if":
		// "#echo expr" and the inline "#if c then a else b" render values.
		w.poisonAt(n, "the text the #%s on line %d renders", n.Name())
	case "include", "extends", "implements", "super", "compiler", "breakpoint":
		w.refuseAt(n, "#"+n.Name())
	}
}

// block walks a block: its branches are alternatives (if, unless, try) or
// a body that may run any number of times (for, while, repeat); def
// bodies render only where they are called, so they are not shell text
// here.
func (w *quoteWalk) block(n cheetah.Node) {
	name := n.Name()
	switch name {
	case "def", "closure":
		return
	case "block", "cache", "raw":
		for br := range n.Children() {
			if br.Kind() == cheetah.KindBranch {
				w.body(br)
			}
		}
		return
	case "if", "unless", "try", "for", "while", "repeat":
	default:
		w.refuseAt(n, "#"+name)
		return
	}
	entry := w.q.clone()
	// Text inside a branch may not render: only the branch itself may
	// count it towards the first word.
	started, spaced := w.started, w.spaced
	defer func() { w.started, w.spaced = started, spaced }()
	// The first branch goes on from the state itself, which is where the
	// block leaves the state; the others start again from the entry state
	// in one spare state. So a block leaves w.q the state it found.
	var end, spare *shellQuoting
	balanced := true
	for br := range n.Children() {
		if br.Kind() != cheetah.KindBranch {
			continue
		}
		if end != nil {
			if spare == nil {
				spare = &shellQuoting{}
			}
			spare.reset(entry)
			w.q = spare
		}
		w.started, w.spaced = started, spaced
		w.body(br)
		if !w.q.equal(entry) {
			balanced = false
		}
		if end == nil {
			end = w.q
		}
	}
	if end != nil {
		w.q = end
	}
	if !balanced {
		w.poisonAt(n, "the quotes inside the #%s on line %d, which do not balance", name)
	}
}

// body walks a branch without its heading directive.
func (w *quoteWalk) body(br cheetah.Node) {
	first := true
	for c := range br.Children() {
		if first && c.Kind() == cheetah.KindDirective {
			first = false
			continue
		}
		first = false
		w.node(c)
	}
}

// poisonAt marks the state uncertain from n on, saying why: format takes
// args and then the line of n.
func (w *quoteWalk) poisonAt(n cheetah.Node, format string, args ...any) {
	if w.poison == "" {
		w.poison = fmt.Sprintf(format, append(args, w.at(n.Span().Start))...)
	}
}

func (w *quoteWalk) refuseAt(n cheetah.Node, what string) {
	if w.refuse == "" {
		w.refuse = fmt.Sprintf("the command uses %s (line %d), which gtr does not follow", what, w.at(n.Span().Start))
	}
}
