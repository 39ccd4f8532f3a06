package cheetah

import (
	"fmt"
	"strings"
)

// This file applies a directive's role to the tree and to Cheetah's stack
// of open directives (pushToOpenDirectivesStack, popFromOpenDirectivesStack,
// assertEmptyOpenDirectivesStack), and checks the clause order Python
// needs of the code Cheetah generates.

// rawBlock reports whether Cheetah reads the body of the block called
// name verbatim up to "#end name" (_eatToThisEndDirective): such blocks
// never reach the stack.
func rawBlock(name string) bool {
	switch name {
	case "raw", "compiler-settings", "defmacro", "i18n":
		return true
	}
	return false
}

// structure applies the role of directive node d, whose "#name" is open.
func (p *parser) structure(d int32, out outcome, open Span) {
	switch out.role {
	case roleOpen:
		p.insertBefore(d, KindBlock, KindBranch)
		p.nodes[d].name, p.nodes[d+1].name = nameID(out.name), p.nodes[d+2].name
		if rawBlock(out.name) {
			p.rawBody(out.name)
			return
		}
		p.pushFrame(frame{name: out.name, open: open, block: d})
	case roleShort:
		depth := len(p.open)
		p.insertBefore(d, KindBlock, KindBranch)
		p.nodes[d].name, p.nodes[d+1].name = nameID(out.name), p.nodes[d+2].name
		n := len(p.blocks)
		outer := p.ctx
		p.enterBody(out.name, outer, open)
		// Cheetah parses the body with one more call of its parse method.
		p.frames++
		p.parseTo(out.bodyTo)
		p.frames--
		p.ctx = outer
		for i := n; i < len(p.blocks); i++ {
			// Opened inside the one-line body but closed after it: the tree
			// cannot nest it, Cheetah's stack still holds it.
			p.blocks[i].block = -1
		}
		p.closeTo(depth)
	case roleClause:
		p.clause(d, open)
	case roleEnd:
		p.endBlock(d, out.name, open)
	}
}

// pushFrame opens block f on the stack, in the current context.
func (p *parser) pushFrame(f frame) {
	f.id, f.outer = nameID(f.name), p.ctx
	p.openByName[f.id]++
	p.blocks = append(p.blocks, f)
	p.enterBody(f.name, f.outer, f.open)
}

// popFrame closes the innermost block on the stack and returns it.
func (p *parser) popFrame() frame {
	f := p.blocks[len(p.blocks)-1]
	p.blocks = p.blocks[:len(p.blocks)-1]
	p.openByName[f.id]--
	return f
}

// structuref records an error of class ErrStructure.
func (p *parser) structuref(open Span, format string, args ...any) {
	p.errs = append(p.errs, &Error{Offset: open.Start, Msg: fmt.Sprintf(format, args...), Class: ErrStructure, Open: open})
}

// inBranchOf reports whether the innermost open node is a branch of f's
// block, so that the tree can follow Cheetah's stack.
func (p *parser) inBranchOf(f frame) bool {
	t := p.top()
	return f.block >= 0 && t >= 0 && p.nodes[t].kind == KindBranch && p.nodes[t].parent == f.block
}

// closeBefore ends the innermost open node just before node d and makes d
// a child of the next open node.
func (p *parser) closeBefore(d int32) {
	t := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	p.nodes[t].end = d
	p.nodes[t].tok1 = p.nodes[d].tok0
	p.nodes[d].parent = p.top()
}

// clause starts a new branch at "#elif", "#else", "#except" or "#finally".
func (p *parser) clause(d int32, open Span) {
	name := nodeNames[p.nodes[d].name]
	kind := name
	if name == "else" && p.isElseIf(d) {
		kind = "elif"
	}
	if len(p.blocks) == 0 {
		p.structuref(open, `"#%s" outside any block: it must follow an "#if"%s`, kind, clauseHint(kind))
		return
	}
	f := &p.blocks[len(p.blocks)-1]
	if msg := clauseProblem(*f, kind); msg != "" {
		p.structuref(open, "%s", msg)
	} else {
		f.clause = kind
		p.enterBody(kind, f.outer, open)
	}
	if !p.inBranchOf(*f) {
		return
	}
	p.closeBefore(d)
	p.insertBefore(d, KindBranch)
	p.nodes[d].name = nameID(name)
}

// isElseIf reports whether directive node d reads "#else if".
func (p *parser) isElseIf(d int32) bool {
	x := p.nodes[d]
	for i := x.tok0 + 2; i < x.tok1; i++ {
		switch p.toks[i].kind {
		case TokSpace:
			continue
		case TokKeyword:
			return p.tokText(int(i)) == "if"
		default:
			return false
		}
	}
	return false
}

func clauseHint(kind string) string {
	switch kind {
	case "except", "finally":
		return ` or a "#try"`
	case "else":
		return `, "#for", "#while" or "#try"`
	}
	return ""
}

// clauseProblem says why clause kind cannot follow the branches of f so
// far, in the Python Cheetah generates, or returns "".
func clauseProblem(f frame, kind string) string {
	switch {
	case f.clause == "else" && kind != "finally",
		f.clause == "finally":
		return fmt.Sprintf(`"#%s" after "#%s" in the "#%s" opened at offset %d`, kind, f.clause, f.name, f.open.Start)
	}
	ok := false
	switch kind {
	case "elif":
		ok = f.name == "if" || f.name == "unless"
	case "else":
		switch f.name {
		case "if", "unless":
			ok = true
		case "for", "while", "repeat":
			ok = f.clause == ""
		case "try":
			ok = f.clause == "except"
		}
	case "except":
		ok = f.name == "try"
	case "finally":
		ok = f.name == "try"
	}
	if ok {
		return ""
	}
	return fmt.Sprintf(`"#%s" cannot be part of the "#%s" opened at offset %d`, kind, f.name, f.open.Start)
}

// endBlock closes the innermost block at "#end name".
func (p *parser) endBlock(d int32, name string, open Span) {
	if len(p.blocks) == 0 {
		p.errorf(open.Start, open, fmt.Sprintf(`"#end %s" has no open "#%s" to end`, name, name))
		return
	}
	f := p.blocks[len(p.blocks)-1]
	if f.name != name {
		p.errorf(open.Start, f.open, fmt.Sprintf(`"#end %s" does not match the "#%s" opened at offset %d (expected "#end %s")`,
			name, f.name, f.open.Start, f.name))
		// Without a block of that name open the stack stays as it is; with
		// one, the search stops there and pops all it passed, so "#end"s
		// cost no more than the blocks they close.
		if p.openByName[nameID(name)] == 0 {
			return
		}
		k := len(p.blocks) - 2
		for p.blocks[k].name != name {
			k--
		}
		// Recover: the inner blocks end here too.
		for len(p.blocks) > k+1 {
			inner := p.popFrame()
			if p.inBranchOf(inner) {
				p.closeBefore(d)
				p.closeBefore(d)
			}
		}
		f = p.blocks[k]
	}
	p.popFrame()
	p.ctx = f.outer
	if !p.inBranchOf(f) {
		return
	}
	p.closeBefore(d)
	p.closeNode()
}

// rawBody reads a verbatim body up to "#end name": _eatToThisEndDirective.
// The block and its branch are open; rawBody closes them.
func (p *parser) rawBody(name string) {
	s, end := p.src, p.end
	bodyEnd, final, clear := end, end, false
	for i := p.pos; i < end; i++ {
		if s[i] != '#' || matchDirective(s, i, end) != "end" {
			continue
		}
		j := blanksEnd(s, i+4, end)
		if strings.HasPrefix(s[j:end], name) {
			bodyEnd = i
			if lineClearTo(s, i) {
				clear = true
				bodyEnd = bol(s, i)
			}
			final = blanksEnd(s, j+len(name), end)
			break
		}
		if j >= end {
			// Cheetah steps past the end here and crashes.
			p.errorf(i, Span{i, i + 4}, fmt.Sprintf(`"#end" at the end of the text does not end the "#%s" block`, name))
		}
		i = j
	}
	if bodyEnd > p.pos {
		p.openNode(KindText)
		p.emit(TokRaw, bodyEnd)
		p.closeNode()
	}
	p.closeNode() // the branch
	if final == end && bodyEnd == end {
		p.closeNode() // never closed: Cheetah does not mind
		return
	}
	d := p.openNode(KindDirective)
	p.nodes[d].name = nameID("end")
	p.emitBlanks()
	p.emit(TokHash, p.pos+1)
	p.emit(TokDirective, p.pos+3)
	p.emitBlanks()
	p.emit(TokDirective, p.pos+len(name))
	p.emit(TokSpace, final)
	switch {
	case p.peek() == '#' && !escaped(s, p.pos):
		p.emit(TokDirectiveEnd, p.pos+1)
	case clear && !p.atEnd() && isEOL(p.peek()):
		p.emit(TokNewline, min(breakEnd(s, p.pos), p.end))
	}
	p.closeNode()
	p.closeNode() // the block
}

// bol returns the offset of the start of the line holding i.
func bol(s string, i int) int {
	return strings.LastIndexAny(s[:i], "\r\n") + 1
}

// finish reports the blocks still open at the end of the text, and emits
// what #breakpoint left unread.
func (p *parser) finish() {
	if p.pos < len(p.src) {
		p.emit(TokIgnored, len(p.src))
	}
	for _, f := range p.blocks {
		p.errorf(f.open.Start, f.open, fmt.Sprintf(`"#%s" is never closed: "#end %s" is missing`, f.name, f.name))
	}
}
