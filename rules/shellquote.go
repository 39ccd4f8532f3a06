package rules

import "strings"

// shellQuoting follows the quoting state of POSIX shell (bash) text fed to
// it in pieces, as Cheetah renders a <command>: literal text in order, with
// each placeholder standing for one opaque word-character run. It answers
// one question at each placeholder: would the shell see the placeholder's
// value quoted, unquoted, or somewhere where adding quotes is not plain
// quoting (arithmetic, a command substitution nested in double quotes)?
//
// It is not a shell parser. It knows single quotes, $'…', double quotes,
// backslash escapes, and inside double quotes the constructs that start a
// fresh quoting context ($(…), `…`) or keep one (${…}); outside quotes it
// also notes $((…)) arithmetic and here-documents. Everything else is
// ordinary text.
type shellQuoting struct {
	stack []shellFrame // open contexts, innermost last; empty at top level
	esc   bool         // the previous character was an active backslash
	hist  [3]byte      // the last three characters fed, most recent last
	solid [2]byte      // the last two non-blank characters fed
	// heredoc is set once a here-document operator "<<" was seen outside
	// quotes: Galaxy flattens the command to one line, so the body and the
	// quoting after it are anyone's guess.
	heredoc bool
	// tooDeep is set once the contexts nest past maxShellDepth: the state
	// stops following the text, and whoever reads it must not trust it.
	tooDeep bool
}

// maxShellDepth bounds the contexts open at once, far above what a real
// command nests (a quote in a substitution in a quote, a few deep): the
// walk copies the stack at every Cheetah block, so hostile text nesting
// "$(" by the thousand would cost that much a block.
const maxShellDepth = 32

type shellCtx uint8

const (
	ctxSingle   shellCtx = iota + 1 // '…': nothing is special but the closing quote
	ctxANSI                         // $'…': backslash escapes, quote closes
	ctxDouble                       // "…"
	ctxSubst                        // $(…) inside double quotes: a fresh unquoted context
	ctxBacktick                     // `…` inside double quotes: a fresh unquoted context
	ctxBrace                        // ${…} inside double quotes: still quoted
	ctxArith                        // $((…)) anywhere: not words at all
)

type shellFrame struct {
	ctx   shellCtx
	depth int // open parentheses or braces, for the bracketed contexts
	// quoted and arith say, for this frame and those below it, whether a
	// value would be inside double quotes (the last of "…" or ${…} and
	// $(…) or `…` decides) and whether arithmetic is open anywhere: place
	// answers from the top frame rather than reading the whole stack.
	quoted, arith bool
}

// shellPlace is where a placeholder's value lands in the shell text.
type shellPlace uint8

const (
	placeUnquoted shellPlace = iota // a word at top level (or in $(…) / `…` outside quotes)
	placeQuoted                     // inside quotes: already one word
	placeNested                     // unquoted, but in a $(…) or `…` nested inside double quotes
	placeArith                      // inside $((…)): quotes would be a syntax error
)

// clone returns an independent copy, for walking the branches of a block.
func (s *shellQuoting) clone() *shellQuoting {
	c := *s
	c.stack = append([]shellFrame(nil), s.stack...)
	return &c
}

// reset makes s a copy of o, reusing its stack.
func (s *shellQuoting) reset(o *shellQuoting) {
	stack := append(s.stack[:0], o.stack...)
	*s = *o
	s.stack = stack
}

// equal reports whether two states would read the text that follows the
// same way.
func (s *shellQuoting) equal(o *shellQuoting) bool {
	if s.esc != o.esc || s.heredoc != o.heredoc || s.tooDeep != o.tooDeep || len(s.stack) != len(o.stack) {
		return false
	}
	for i := range s.stack {
		if s.stack[i] != o.stack[i] {
			return false
		}
	}
	return true
}

func (s *shellQuoting) top() shellCtx {
	if len(s.stack) == 0 {
		return 0
	}
	return s.stack[len(s.stack)-1].ctx
}

func (s *shellQuoting) push(c shellCtx, depth int) {
	if len(s.stack) >= maxShellDepth {
		s.tooDeep = true
		return
	}
	f := shellFrame{ctx: c, depth: depth}
	if n := len(s.stack); n > 0 {
		f.quoted, f.arith = s.stack[n-1].quoted, s.stack[n-1].arith
	}
	switch c {
	case ctxArith:
		f.arith = true
	case ctxDouble, ctxBrace:
		f.quoted = true
	case ctxSubst, ctxBacktick:
		f.quoted = false
	}
	s.stack = append(s.stack, f)
}

func (s *shellQuoting) pop() { s.stack = s.stack[:len(s.stack)-1] }

// place returns where a value rendered now would land.
func (s *shellQuoting) place() shellPlace {
	if len(s.stack) == 0 {
		return placeUnquoted
	}
	top := s.stack[len(s.stack)-1]
	if top.arith {
		return placeArith
	}
	switch top.ctx {
	case ctxSingle, ctxANSI, ctxDouble, ctxBrace:
		return placeQuoted
	case ctxSubst, ctxBacktick:
		return placeNested
	}
	if top.quoted {
		return placeQuoted
	}
	return placeUnquoted
}

// after reports whether the text fed so far ends with suffix.
func (s *shellQuoting) after(suffix string) bool {
	n := len(suffix)
	if n > len(s.hist) {
		return false
	}
	for i := 0; i < n; i++ {
		if s.hist[len(s.hist)-n+i] != suffix[i] {
			return false
		}
	}
	return true
}

// word feeds an opaque value, such as a placeholder's: it changes no
// quoting, and it is not "$", "(", "<" or any other character that could
// combine with its neighbours.
func (s *shellQuoting) word() {
	s.esc = false
	s.remember('x')
}

func (s *shellQuoting) remember(c byte) {
	s.hist[0], s.hist[1], s.hist[2] = s.hist[1], s.hist[2], c
	if c != ' ' && c != '\t' && c != '\n' {
		s.solid[0], s.solid[1] = s.solid[1], c
	}
}

// dupTarget reports whether the next word is the target of a ">&" or "<&"
// redirection, which may name a file descriptor.
func (s *shellQuoting) dupTarget() bool {
	return s.solid[1] == '&' && (s.solid[0] == '>' || s.solid[0] == '<')
}

// feed reads literal text.
func (s *shellQuoting) feed(text string) {
	for i := 0; i < len(text) && !s.tooDeep; {
		// Runs of bytes that change nothing but the history are skipped
		// in one step: ordinary text at top level, and the inside of
		// single quotes.
		if j := s.inert(text, i); j > i {
			s.rememberRun(text[i:j])
			i = j
			continue
		}
		s.step(text[i])
		s.remember(text[i])
		i++
	}
}

// shellSpecial marks the bytes that step treats specially in unquoted
// text at top level.
var shellSpecial = [256]bool{'\\': true, '\'': true, '"': true, '(': true, '<': true}

// inert returns the end of the run of bytes from i on that step would
// only remember, or i: outside quotes at top level, bytes other than
// those in shellSpecial unless a "<<" precedes them (a here-document
// operator); inside single quotes, anything but the closing quote.
func (s *shellQuoting) inert(text string, i int) int {
	if s.esc {
		return i
	}
	switch len(s.stack) {
	case 0:
		if s.after("<<") {
			return i
		}
		j := i
		for j < len(text) && !shellSpecial[text[j]] {
			j++
		}
		return j
	default:
		if s.top() != ctxSingle {
			return i
		}
		if j := strings.IndexByte(text[i:], '\''); j >= 0 {
			return i + j
		}
		return len(text)
	}
}

// rememberRun remembers the bytes of run in order, as remember would one
// by one.
func (s *shellQuoting) rememberRun(run string) {
	for _, c := range []byte(run[max(0, len(run)-len(s.hist)):]) {
		s.hist[0], s.hist[1], s.hist[2] = s.hist[1], s.hist[2], c
	}
	// The last two non-blank bytes of the run, oldest first.
	var solid [2]byte
	n := 0
	for i := len(run) - 1; i >= 0 && n < len(solid); i-- {
		if c := run[i]; c != ' ' && c != '\t' && c != '\n' {
			n++
			solid[len(solid)-n] = c
		}
	}
	for _, c := range solid[len(solid)-n:] {
		s.solid[0], s.solid[1] = s.solid[1], c
	}
}

// step reads one byte of literal text; feed then remembers it.
func (s *shellQuoting) step(c byte) {
	if s.esc {
		s.esc = false
		return
	}
	switch s.top() {
	case ctxSingle:
		if c == '\'' {
			s.pop()
		}
		return
	case ctxANSI:
		switch c {
		case '\\':
			s.esc = true
		case '\'':
			s.pop()
		}
		return
	case ctxDouble:
		switch {
		case c == '\\':
			s.esc = true
		case c == '"':
			s.pop()
		case c == '`':
			s.push(ctxBacktick, 0)
		case c == '(' && s.after("$"):
			s.push(ctxSubst, 1)
		case c == '{' && s.after("$"):
			s.push(ctxBrace, 1)
		}
		return
	case ctxBrace:
		switch c {
		case '\\':
			s.esc = true
		case '"':
			s.push(ctxDouble, 0)
		case '{', '}':
			s.nest(c == '{')
		}
		return
	case ctxArith:
		if c == '(' || c == ')' {
			s.nest(c == '(')
		}
		return
	case ctxBacktick:
		if c == '`' {
			s.pop()
			return
		}
	case ctxSubst:
		if c == ')' {
			s.nest(false)
			return
		}
		if c == '(' && !s.after("$(") {
			s.nest(true)
			return
		}
	}
	// Unquoted text: top level, or inside $(…) / `…` in double quotes.
	if c != '<' && s.after("<<") && !s.after("<<<") {
		s.heredoc = true
	}
	switch c {
	case '\\':
		s.esc = true
	case '\'':
		if s.after("$") {
			s.push(ctxANSI, 0)
		} else {
			s.push(ctxSingle, 0)
		}
	case '"':
		s.push(ctxDouble, 0)
	case '(':
		// "$((" opens arithmetic. Outside double quotes a "$(" alone needs
		// no tracking (its inside is unquoted like its outside); inside a
		// tracked substitution its "(" was counted, so take it back.
		if !s.after("$(") {
			return
		}
		if s.top() == ctxSubst {
			s.nest(false)
		}
		s.push(ctxArith, 2)
	}
}

// nest counts an opening (open) or closing bracket of the innermost
// bracketed context, closing the context when its brackets balance.
func (s *shellQuoting) nest(open bool) {
	f := &s.stack[len(s.stack)-1]
	if open {
		f.depth++
		return
	}
	if f.depth--; f.depth <= 0 {
		s.pop()
	}
}
