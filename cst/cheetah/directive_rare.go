package cheetah

import "strings"

// This file holds the eaters of the directives Galaxy tools rarely use:
// #raw and the other verbatim blocks, #include, #cache, #filter,
// #transform, #capture, #call, #arg, #errorCatcher, #attr, decorators,
// #defmacro, #compiler, #extends, #implements and #super.

// eatRaw parses "#raw": the text up to "#end raw" is not parsed.
func (p *parser) eatRaw(h dirHead) outcome {
	p.emit(TokDirective, p.pos+3)
	p.emitBlanks()
	if p.shortForm() {
		p.emit(TokOp, p.pos+1)
		if isBlank(p.peek()) {
			p.emit(TokSpace, p.pos+1)
		}
		p.emit(TokRaw, min(p.lineEnd(p.pos), p.end))
		return outcome{ok: true}
	}
	if p.atTextEnd(h) {
		return outcome{ok: true}
	}
	if p.peek() == ':' {
		p.emit(TokOp, p.pos+1)
	}
	p.emitBlanks()
	p.restOfTag(h)
	return outcome{role: roleOpen, name: "raw", ok: true}
}

// eatCompilerSettings parses "#compiler-settings", whose body up to
// "#end compiler-settings" is not template text.
func (p *parser) eatCompilerSettings(h dirHead) outcome {
	p.emit(TokDirective, p.pos+len("compiler-settings"))
	reset := false
	for !p.atEnd() {
		c := p.peek()
		switch {
		case isBlank(c):
			p.emitBlanks()
			continue
		case c == ',':
			p.emit(TokOp, p.pos+1)
			continue
		case c == '$' && p.pos+1 < p.end && isIdentStart(p.src[p.pos+1]):
			p.emit(TokDollar, p.pos+1)
		}
		if strings.HasPrefix(p.src[p.pos:p.end], "in ") || strings.HasPrefix(p.src[p.pos:p.end], "in\t") ||
			identEnd(p.src, p.pos, p.end) == p.pos {
			break
		}
		w := p.src[p.pos:identEnd(p.src, p.pos, p.end)]
		reset = reset || w == "reset"
		p.emit(TokName, p.pos+len(w))
		for p.pos+1 < p.end && p.src[p.pos] == '.' && isIdentStart(p.src[p.pos+1]) {
			p.emit(TokOp, p.pos+1)
			p.emit(TokName, identEnd(p.src, p.pos, p.end))
		}
	}
	if !p.exprLine(nil) {
		return outcome{}
	}
	p.restOfTag(h)
	if reset {
		return outcome{ok: true}
	}
	return outcome{role: roleOpen, name: "compiler-settings", ok: true}
}

// eatInclude parses "#include [raw] [source=]expr".
func (p *parser) eatInclude(h dirHead) outcome {
	p.emit(TokDirective, p.pos+len("include"))
	p.emitBlanks()
	if strings.HasPrefix(p.src[p.pos:p.end], "raw") {
		p.emit(TokKeyword, p.pos+3)
	}
	p.emitBlanks()
	if strings.HasPrefix(p.src[p.pos:p.end], "source") {
		p.emit(TokKeyword, p.pos+6)
		p.emitBlanks()
		if p.atTextEnd(h) {
			return outcome{ok: true}
		}
		if p.peek() != '=' {
			p.errorf(p.pos, Span{h.start, h.start + 8}, `"#include source" must be followed by "="`)
			return outcome{}
		}
		p.emit(TokOp, p.pos+1)
	}
	if !p.exprLine(nil) {
		return outcome{}
	}
	p.restOfTag(h)
	return outcome{ok: true}
}

// eatCache parses "#cache [args]": eatCache.
func (p *parser) eatCache(h dirHead) outcome {
	out := outcome{role: roleOpen, name: "cache"}
	p.emit(TokDirective, p.pos+len("cache"))
	if p.atTextEnd(h) {
		return outcome{ok: true}
	}
	var params []Span
	if !p.defArgs(&params) {
		return out
	}
	return p.colonOrTag(h, roleOpen, "cache", true)
}

// eatRegion parses #filter, #transform, #capture and #call, which take a
// name or expression and (except #transform) open a block.
func (p *parser) eatRegion(name string, h dirHead) outcome {
	r := roleOpen
	if name == "transform" {
		r = roleLeaf
	}
	out := outcome{role: r, name: name}
	p.emit(TokDirective, p.pos+len(name))
	p.emitBlanks()
	_, isVar := matchVarStart(p.src, p.pos, p.end)
	isVar = isVar && !escaped(p.src, p.pos)
	switch {
	case name == "capture" || (name == "filter" || name == "transform") && isVar:
		if !p.exprLine(isColon) {
			return out
		}
	case name == "call":
		if isVar {
			p.emit(TokDollar, p.pos+1)
		}
		if _, ok := p.name(name, TokName); !ok {
			return out
		}
		if !p.nameChunks() {
			return out
		}
		p.emitBlanks()
		if !p.exprLine(isColon) {
			return out
		}
	default:
		if _, ok := p.name(name, TokName); !ok {
			return out
		}
		p.emitBlanks()
	}
	if r == roleLeaf {
		if p.atTextEnd(h) {
			return outcome{ok: true}
		}
		if p.peek() == ':' {
			p.emit(TokOp, p.pos+1)
		}
		p.emitBlanks()
		p.restOfTag(h)
		return outcome{ok: true}
	}
	return p.colonOrTag(h, r, name, name == "cache")
}

// eatNamed parses "#arg name" and "#errorCatcher name".
func (p *parser) eatNamed(name string, h dirHead) outcome {
	p.emit(TokDirective, p.pos+len(name))
	p.emitBlanks()
	if _, ok := p.name(name, TokName); !ok {
		return outcome{}
	}
	if name == "arg" {
		p.emitBlanks()
		if p.atTextEnd(h) {
			return outcome{ok: true}
		}
		if !p.inCall() {
			// Cheetah's compiler fails on an empty call-region stack.
			p.errorf(h.start, Span{h.start, h.start + 4}, `"#arg" outside a "#call" block`)
		}
	}
	if name == "arg" && p.peek() == ':' {
		p.emit(TokOp, p.pos+1)
	} else {
		p.restOfTag(h)
	}
	return outcome{ok: true}
}

// eatAttr parses "#attr $name = expr".
func (p *parser) eatAttr(h dirHead) outcome {
	p.emit(TokDirective, p.pos+len("attr"))
	p.emitBlanks()
	if _, ok := matchVarStart(p.src, p.pos, p.end); ok && !escaped(p.src, p.pos) {
		p.emit(TokDollar, p.pos+1)
	}
	if _, ok := p.name("attr", TokName); !ok {
		return outcome{}
	}
	p.emitBlanks()
	j, _, st := pyToken(p.src, p.pos, p.end)
	if p.atEnd() || st != pyOK || !isAssignOp(p.src[p.pos:j]) {
		p.errorf(p.pos, Span{h.start, h.start + 5}, `"#attr" needs an assignment: "#attr name = value"`)
		return outcome{}
	}
	p.emit(TokOp, j)
	if !p.exprLine(nil) {
		return outcome{}
	}
	p.restOfTag(h)
	return outcome{ok: true}
}

// eatDecorator parses "#@decorator", which must be followed by a #def,
// #block, #closure or another decorator.
func (p *parser) eatDecorator(h dirHead) outcome {
	if !p.exprLine(nil) {
		return outcome{}
	}
	p.restOfTag(h)
	p.emitBlanks()
	switch matchDirective(p.src, p.pos, p.end) {
	case "def", "block", "closure", "@":
		return outcome{ok: true}
	}
	p.errorf(p.pos, Span{h.start, h.start + 2}, `a "#@decorator" must be followed by "#def", "#block", "#closure" or another decorator`)
	return outcome{}
}

// eatMacro parses "#defmacro name(args)" and the "#i18n" macro, whose
// bodies up to "#end name" Cheetah hands to the macro unparsed.
func (p *parser) eatMacro(name string, h dirHead) outcome {
	p.emit(TokDirective, p.pos+len(name))
	p.emitBlanks()
	if name == "defmacro" {
		if _, ok := matchVarStart(p.src, p.pos, p.end); ok && !escaped(p.src, p.pos) {
			p.emit(TokDollar, p.pos+1)
		}
		if _, ok := p.name(name, TokName); !ok {
			return outcome{}
		}
		p.emitBlanks()
		if p.peek() == '(' {
			var params []Span
			if !p.defArgs(&params) {
				return outcome{}
			}
			p.emitPastArgs()
		}
	} else if !p.exprLine(isColon) {
		return outcome{}
	}
	if p.shortForm() {
		p.emit(TokOp, p.pos+1)
		if isBlank(p.peek()) {
			p.emit(TokSpace, p.pos+1)
		}
		p.emit(TokRaw, min(p.lineEnd(p.pos), p.end))
		return outcome{ok: true}
	}
	if p.atTextEnd(h) {
		return outcome{ok: true}
	}
	if p.peek() == ':' {
		p.emit(TokOp, p.pos+1)
	}
	p.emitBlanks()
	p.restOfTag(h)
	return outcome{role: roleOpen, name: name, ok: true}
}

// eatCompiler parses "#compiler name = value" and "#compiler reset".
func (p *parser) eatCompiler(h dirHead) outcome {
	p.emit(TokDirective, p.pos+len("compiler"))
	p.emitBlanks()
	sp, ok := p.name("compiler", TokName)
	if !ok {
		return outcome{}
	}
	if strings.ToLower(p.src[sp.Start:sp.End]) != "reset" {
		p.emitBlanks()
		if p.atTextEnd(h) {
			return outcome{ok: true}
		}
		if p.peek() != '=' {
			p.errorf(p.pos, Span{h.start, h.start + 9}, `"#compiler" needs an assignment: "#compiler setting = value"`)
			return outcome{}
		}
		p.emit(TokOp, p.pos+1)
	}
	if !p.exprLine(nil) {
		return outcome{}
	}
	p.restOfTag(h)
	return outcome{ok: true}
}

// eatExtends parses "#extends Base, Other": getCommaSeparatedSymbols.
func (p *parser) eatExtends(h dirHead) outcome {
	p.emit(TokDirective, p.pos+len("extends"))
	p.emitBlanks()
	if !isIdentStart(p.peek()) {
		p.errorf(p.pos, Span{h.start, h.start + 8}, `"#extends" must be followed by a class name`)
		return outcome{}
	}
	for !p.atEnd() {
		c := p.peek()
		switch {
		case isIdentChar(c):
			j := p.pos
			for j < p.end && isIdentChar(p.src[j]) {
				j++
			}
			p.emit(TokName, j)
		case c == '.' && p.pos+1 < p.end && isIdentStart(p.src[p.pos+1]), c == ',':
			p.emit(TokOp, p.pos+1)
		case c == ' ' || c == '\t':
			p.emitBlanks()
		default:
			p.restOfTag(h)
			return outcome{ok: true}
		}
	}
	return outcome{ok: true}
}

// eatSignature parses "#implements name(args)" and "#super(args)".
func (p *parser) eatSignature(name string, h dirHead) outcome {
	p.emit(TokDirective, p.pos+len(name))
	p.emitBlanks()
	if name == "implements" {
		if _, ok := p.name(name, TokName); !ok {
			return outcome{}
		}
	}
	if p.peek() == '(' {
		var params []Span
		if !p.defArgs(&params) {
			return outcome{}
		}
		p.emitPastArgs()
	}
	if !p.exprLine(nil) {
		return outcome{}
	}
	p.restOfTag(h)
	return outcome{ok: true}
}
