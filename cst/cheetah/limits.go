package cheetah

import "fmt"

// This file holds the limits a template meets when Galaxy compiles it:
// Cheetah 3.3.1 turns the template into a Python module, and CPython 3.11
// refuses code nested past its fixed limits; Cheetah's own parser is
// recursive, and runs out of Python's default recursion limit (1000
// frames) on expressions and one-line directives nested a few hundred
// deep. Following them gives the verdict Galaxy would reach, and bounds
// the parser's own recursion, which follows Cheetah's.
//
// Measured with Cheetah 3.3.1 on Python 3.11 (Template.compile, as Galaxy
// compiles a command; see TestLimitVerdicts):
//
//   - 97 nested "#if" compile, 98 do not ("too many levels of
//     indentation": respond()'s body is already 2 levels in, and Python
//     allows 99); the same for "#unless", "#else" bodies and one-line
//     "#if $x: ..." forms, and 98 nested "#def" (a top-level "#def" is a
//     method, each nested one a closure one level further in);
//   - 20 nested "#for", "#while" or "#repeat" compile, 21 do not ("too
//     many statically nested blocks"); a "#try" body takes one block, its
//     "#except" bodies two and its "#finally" body one;
//   - 200 nested brackets in the Python Cheetah generates compile, 201 do
//     not ("too many nested parentheses"): a placeholder adds its own
//     (the "(" of VFFSL(SL,"name",True), and one VFN( wrapper for each
//     chunk after the first: "$a.b().c" is VFN(VFN(VFFSL(SL,"a",True),
//     "b",False)(),"c",True));
//   - Cheetah's parser takes about four Python frames a level of nested
//     "$f($g(...))" and fails with RecursionError near 248 levels, about
//     three a level of one-line directives nested in one line (330), two
//     a nested comprehension "for" (494).
const (
	maxIndent  = 99  // levels of indentation Python's tokenizer accepts (MAXINDENT 100)
	maxBlocks  = 20  // statically nested blocks Python's compiler accepts (CO_MAXBLOCKS)
	maxParens  = 200 // nested brackets Python's tokenizer accepts (MAXLEVEL)
	maxFrames  = 990 // Cheetah parser frames below the recursion limit, at the top of Galaxy's call
	baseIndent = 2   // the indentation of a generated method's body
)

// pyCtx is where the Python code generated for the template text being
// parsed goes: how deep its indentation is, how many loop or try blocks
// are open around it, and whether it is inside a "#def".
type pyCtx struct {
	indent int32
	blocks int32
	inDef  bool
}

// topCtx is the context of the template's main method, respond().
var topCtx = pyCtx{indent: baseIndent}

// Limit bits: each limit is reported once, at the first construct past
// it, so that a template nested a hundred thousand deep gets one error
// rather than one a level.
const (
	limIndent uint8 = 1 << iota
	limBlocks
	limParens
	limFrames
)

// limitf records an error for limit bit, unless one was recorded before.
func (p *parser) limitf(bit uint8, class ErrorClass, off int, open Span, format string, args ...any) {
	if p.limits&bit != 0 {
		return
	}
	p.limits |= bit
	p.errs = append(p.errs, &Error{Offset: off, Msg: fmt.Sprintf(format, args...), Class: class, Open: open})
}

// bodyCtx returns the context of the body of the block (or clause) name,
// opened in context outer, and the deepest indentation and block count
// the code Cheetah generates for the block itself needs.
func bodyCtx(name string, outer pyCtx) (body pyCtx, indent, blocks int32) {
	body = outer
	switch name {
	case "if", "unless", "elif", "else":
		body.indent++
	case "for", "while", "repeat", "try", "finally":
		body.indent++
		body.blocks++
	case "except":
		body.indent++
		body.blocks += 2 // the handler and its clean-up block
	case "def", "block", "closure":
		// A function of its own: a method of the template class at the
		// top, a closure inside another "#def".
		body.indent, body.blocks, body.inDef = outer.indent+1, 0, true
		if !outer.inDef {
			body.indent = baseIndent
		}
	case "cache":
		// The body sits in an "if"; a "try" beside it goes one level
		// further in and needs a block.
		body.indent++
		return body, body.indent + 1, outer.blocks + 1
	}
	// "#filter", "#capture", "#call" and the others generate straight-line
	// code around their body.
	return body, body.indent, body.blocks
}

// enterBody checks the limits for the body of the block name, whose
// directive is open, and makes its context the current one.
func (p *parser) enterBody(name string, outer pyCtx, open Span) {
	body, indent, blocks := bodyCtx(name, outer)
	if indent > maxIndent {
		p.limitf(limIndent, ErrStructure, open.Start, open,
			`"#%s" is nested too deeply: the Python Cheetah generates for it needs %d levels of indentation, `+
				`and Python allows %d ("too many levels of indentation"), so Galaxy would fail to compile the template`,
			name, indent, maxIndent)
	}
	if blocks > maxBlocks {
		p.limitf(limBlocks, ErrStructure, open.Start, open,
			`"#%s" is nested too deeply: the Python Cheetah generates for it nests %d loop or try blocks, `+
				`and Python allows %d ("too many statically nested blocks"), so Galaxy would fail to compile the template`,
			name, blocks, maxBlocks)
	}
	p.ctx = body
}

// openParen counts a bracket the generated Python opens at offset off.
func (p *parser) openParen(off int) {
	p.pdepth++
	p.peakAt(p.pdepth, off)
}

// peakAt notes that the generated Python reaches bracket depth d for the
// construct at offset off.
func (p *parser) peakAt(d, off int) {
	if d <= p.ppeak {
		return
	}
	p.ppeak = d
	if d > maxParens {
		p.limitf(limParens, ErrStructure, off, Span{off, off + 1},
			`brackets are nested too deeply: the Python Cheetah generates here nests %d brackets, `+
				`and Python allows %d ("too many nested parentheses"), so Galaxy would fail to compile the template`,
			d, maxParens)
	}
}

// enter counts n frames of Cheetah's recursive parser for the construct
// at p.pos and reports whether they fit under Python's recursion limit;
// when they do not, it records Cheetah's failure and the caller stops, as
// Cheetah does. Every enter that returns true is matched by a leave.
func (p *parser) enter(n int) bool {
	if p.frames+n > maxFrames {
		p.limitf(limFrames, ErrSyntax, p.pos, Span{p.pos, p.pos + 1},
			`nested too deeply for Cheetah's parser: it is recursive, and fails here with Python's `+
				`RecursionError (the default limit of 1000 frames), so Galaxy would fail to compile the template`)
		return false
	}
	p.frames += n
	return true
}

func (p *parser) leave(n int) { p.frames -= n }
