package cheetah

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file parses directives: Cheetah's eatDirective and the eat* method
// of each directive. Every eater emits the directive's tokens and returns
// the directive's role in the block structure, which blocks.go applies.

// role is what a directive does to the block structure.
type role uint8

const (
	roleLeaf   role = iota // nothing: "#set", "#import", a ternary "#if"
	roleOpen               // opens a block closed by "#end name"
	roleShort              // opens a block whose body is the rest of its line
	roleClause             // starts a new branch: "#elif", "#else", "#except", "#finally"
	roleEnd                // closes the innermost block: "#end name"
)

// outcome is what an eater found.
type outcome struct {
	role   role
	name   string // block name for roleOpen/roleShort/roleEnd
	bodyTo int    // roleShort: the break point of the one-line body
	ok     bool   // false after an error
}

// closeable reports whether Cheetah pushes the directive called name on
// its open-directive stack. A switch rather than a map: every "#end" asks.
func closeable(name string) bool {
	switch name {
	case "def", "block", "closure", "defmacro", "call", "capture", "cache", "filter", "if", "unless",
		"for", "while", "repeat", "try":
		return true
	}
	return false
}

// endNames are the names "#end" accepts, in the order Cheetah tries them
// as prefixes of the text after "#end ".
var endNames = []string{
	"def", "block", "closure", "cache", "call", "capture", "filter",
	"errorCatcher", "while", "for", "if", "try", "repeat", "unless",
}

// isAssignOp reports whether tok is an assignment operator.
func isAssignOp(tok string) bool {
	switch tok {
	case "=", "+=", "-=", "/=", "*=", "**=", "^=", "%=", ">>=", "<<=", "&=", "|=":
		return true
	}
	return false
}

func isColon(tok string) bool { return tok == ":" }

// directive parses the directive name starting at p.pos.
func (p *parser) directive(name string) {
	depth := len(p.open)
	d := p.openNode(KindDirective)
	p.nodes[d].name = nameID(name)
	start := p.pos
	// Cheetah's eatDirective and the directive's own eater.
	if !p.enter(2) {
		p.emit(TokHash, start+1)
		p.recover(depth)
		return
	}
	h := dirHead{start: start, clear: lineClearTo(p.src, start), eol: p.lineEnd(start)}
	p.emit(TokHash, start+1)
	out := p.eat(name, h)
	if !out.ok {
		p.recover(depth + 1)
		if out.role == roleShort {
			out.role = roleOpen
		}
	}
	p.closeTo(depth)
	p.structure(d, out, Span{start, start + 1 + len(name)})
	p.leave(2)
}

// dirHead is what every eater needs to know about where its directive
// started: Cheetah's isLineClearToStartToken and endOfFirstLine.
type dirHead struct {
	start int
	clear bool // only blanks before the "#" on its line
	eol   int  // end of the directive's first line
}

// eat dispatches on the directive name: eatDirective.
func (p *parser) eat(name string, h dirHead) outcome {
	switch name {
	case "if":
		return p.eatIf(h)
	case "else", "elif", "for", "while", "try", "except", "finally", "repeat", "unless":
		return p.eatIndenting(name, h)
	case "pass", "continue", "stop", "return", "yield", "break", "del", "assert", "raise",
		"silent", "echo", "import", "from":
		return p.eatSimple(name, h)
	case "set":
		return p.eatSet(h)
	case "def", "block", "closure":
		return p.eatDef(name, h)
	case "end":
		return p.eatEnd(h)
	case "raw":
		return p.eatRaw(h)
	case "compiler-settings":
		return p.eatCompilerSettings(h)
	case "include":
		return p.eatInclude(h)
	case "cache":
		return p.eatCache(h)
	case "filter", "transform", "capture", "call":
		return p.eatRegion(name, h)
	case "arg", "errorCatcher":
		return p.eatNamed(name, h)
	case "attr":
		return p.eatAttr(h)
	case "@":
		return p.eatDecorator(h)
	case "defmacro", "i18n":
		return p.eatMacro(name, h)
	case "breakpoint":
		// Cheetah sets its break point before the directive, so every
		// enclosing parse loop stops here too.
		p.emit(TokDirective, p.pos+len(name))
		p.stopped = true
		return outcome{ok: true}
	case "shBang", "encoding":
		p.emit(TokDirective, p.pos+len(name))
		p.emitBlanks()
		p.emit(TokRaw, min(lineEnd(p.src, p.pos), p.end))
		return outcome{ok: true}
	case "slurp":
		p.emit(TokDirective, p.pos+len(name))
		p.emit(TokRaw, min(breakEnd(p.src, lineEnd(p.src, p.pos)), p.end))
		return outcome{ok: true}
	case "compiler":
		return p.eatCompiler(h)
	case "extends":
		return p.eatExtends(h)
	case "implements", "super":
		return p.eatSignature(name, h)
	}
	// Unreachable: matchDirective only returns names listed above.
	p.emit(TokDirective, p.pos+len(name))
	return outcome{ok: true}
}

// afterName does what getExpressionParts does after a name token: a "for"
// is followed by its target list, anything else by an optional call.
func (p *parser) afterName(name string) bool {
	if name == "for" {
		return p.expr(false, len(p.encl), isIn, nil)
	}
	p.emitBlanks()
	if p.peek() == '(' {
		return p.callArgs(enclosure{})
	}
	return true
}

// exprLine parses an expression to the end of the directive.
func (p *parser) exprLine(breakAt func(string) bool) bool {
	return p.expr(false, len(p.encl), breakAt, nil)
}

// restOfTag finishes a directive: an optional "##" comment, then a closing
// "#", or the line break when the directive stands alone on its line:
// _eatRestOfDirectiveTag.
func (p *parser) restOfTag(h dirHead) {
	s := p.src
	comment := false
	if matchToken2(s, p.pos, p.end, "##") && matchDirective(s, p.pos+1, p.end) == "" {
		comment = true
		p.emit(TokComment, min(p.lineEnd(p.pos), p.end))
	}
	switch {
	case !comment && p.peek() == '#' && !escaped(s, p.pos):
		p.emit(TokDirectiveEnd, p.pos+1)
	case h.clear && !p.atEnd() && isEOL(p.peek()):
		p.emit(TokNewline, min(breakEnd(s, p.pos), p.end))
	}
}

// atTextEnd reports, after recording Cheetah's crash, whether the
// directive's header runs to the very end of the text: Cheetah 3.3.1 then
// looks at the byte after it ("if self.peek() == ':'") and fails with an
// IndexError.
func (p *parser) atTextEnd(h dirHead) bool {
	if p.pos < len(p.src) {
		return false
	}
	name := p.src[h.start+1 : min(p.dirNameEnd(h.start), len(p.src))]
	p.errorf(p.pos, Span{h.start, h.start + 1 + len(name)},
		fmt.Sprintf(`"#%s" ends the text: Cheetah 3.3.1 fails unless a line break or a closing "#" follows it`, name))
	return true
}

// dirNameEnd returns the end of the directive name after the "#" at i.
func (p *parser) dirNameEnd(i int) int {
	j := i + 1
	for j < len(p.src) && isDirectiveNameChar(p.src[j]) {
		j++
	}
	return j
}

// shortForm reports whether a ":" at p.pos starts a one-line body:
// matchColonForSingleLineShortFormDirective.
func (p *parser) shortForm() bool {
	if p.peek() != ':' {
		return false
	}
	// What follows on the line, stripped as Python strips, must not be
	// empty nor a comment: only its first non-space byte matters, and the
	// blanks before it are all that is read.
	eol := p.lineEnd(p.pos)
	i := p.pos + 1
	for i < eol {
		r, n := utf8.DecodeRuneInString(p.src[i:eol])
		if !isPySpace(r) {
			break
		}
		i += n
	}
	return i < eol && !strings.HasPrefix(p.src[i:eol], "##")
}

// isPySpace reports whether Python's str.strip strips r.
func isPySpace(r rune) bool { return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f }

// pyStrip trims what Python's str.strip trims.
func pyStrip(s string) string {
	return strings.TrimFunc(s, isPySpace)
}

// colonOrTag finishes a block-opening directive: either the ":" of a
// one-line body, which is returned as roleShort with the body's break
// point, or an optional ":" and the rest of the tag, returned as long.
func (p *parser) colonOrTag(h dirHead, long role, name string, gobble bool) outcome {
	if p.shortForm() {
		p.emit(TokOp, p.pos+1)
		if isBlank(p.peek()) {
			p.emit(TokSpace, p.pos+1)
		}
		bp := p.lineEnd(p.pos)
		if gobble {
			bp = breakEnd(p.src, bp)
		}
		return outcome{role: roleShort, name: name, bodyTo: min(bp, p.end), ok: true}
	}
	if p.atTextEnd(h) {
		return outcome{ok: true}
	}
	if p.peek() == ':' {
		p.emit(TokOp, p.pos+1)
	}
	p.emitBlanks()
	p.restOfTag(h)
	return outcome{role: long, name: name, ok: true}
}

// eatIf parses "#if": eatIf, with its ternary "#if c then a else b" form.
func (p *parser) eatIf(h dirHead) outcome {
	out := outcome{role: roleOpen, name: "if"}
	p.emit(TokDirective, p.pos+2)
	if !p.afterName("if") {
		return out
	}
	var flags exprFlags
	if !p.expr(false, len(p.encl), isColon, &flags) {
		return out
	}
	if flags.then && flags.els {
		p.restOfTag(h)
		return outcome{ok: true}
	}
	return p.colonOrTag(h, roleOpen, "if", true)
}

// eatIndenting parses #else, #elif, #for, #while, #try, #except, #finally,
// #repeat and #unless: eatSimpleIndentingDirective.
func (p *parser) eatIndenting(name string, h dirHead) outcome {
	r := roleOpen
	switch name {
	case "else", "elif", "except", "finally":
		r = roleClause
	}
	out := outcome{role: r, name: name}
	p.emit(TokDirective, p.pos+len(name))
	if name != "repeat" && name != "unless" {
		// The name is the expression's first token.
		t0 := len(p.toks)
		if !p.afterName(name) {
			return out
		}
		if name == "for" {
			p.bindTokens(t0, len(p.toks), BindFor)
		}
	}
	p.emitBlanks()
	if !p.exprLine(isColon) {
		return out
	}
	o := p.colonOrTag(h, r, name, true)
	if r == roleClause {
		o.role = roleClause // a one-line "#else: text" still starts a branch
	}
	return o
}

// eatSimple parses the one-line directives whose argument is an
// expression: eatSimpleExprDirective.
func (p *parser) eatSimple(name string, h dirHead) outcome {
	out := outcome{role: roleLeaf}
	t0 := len(p.toks)
	p.emit(TokDirective, p.pos+len(name))
	exprStart := p.pos
	if name != "silent" && name != "echo" {
		exprStart = p.pos - len(name)
		if !p.afterName(name) {
			return out
		}
	}
	if !p.exprLine(nil) {
		return out
	}
	first, ok := firstField(p.src[exprStart:p.pos])
	if !ok {
		p.errorf(h.start, Span{h.start, exprStart}, fmt.Sprintf(`"#%s" needs an expression`, name))
		return out
	}
	if name == "import" || name == "from" {
		if emptyImport(p.src[exprStart:p.pos]) {
			// Cheetah's compiler takes the last word of every item.
			p.errorf(h.start, Span{h.start, exprStart + len(name)}, fmt.Sprintf(`"#%s" lists an empty name (a stray ",")`, name))
		}
		p.bindImports(t0)
	}
	p.restOfTag(h)
	// Cheetah pushes the expression's first word when it names a block:
	// "#echo if ..." opens an "#if".
	if closeable(first) {
		return outcome{role: roleOpen, name: first, ok: true}
	}
	return outcome{ok: true}
}

// eatSet parses "#set [local|global|module] target = value": eatSet.
func (p *parser) eatSet(h dirHead) outcome {
	out := outcome{role: roleLeaf}
	p.emit(TokDirective, p.pos+3)
	p.emitBlanks()
	kind := BindSet
	for _, w := range [...]string{"local", "global", "module"} {
		if strings.HasPrefix(p.src[p.pos:p.end], w) {
			if w == "global" {
				kind = BindSetGlobal
			}
			p.emit(TokKeyword, identEnd(p.src, p.pos, p.end))
			p.emitBlanks()
			break
		}
	}
	lhs := len(p.toks)
	if !p.exprLine(isAssignOp) {
		return out
	}
	j, _, st := pyToken(p.src, p.pos, p.end)
	if p.atEnd() || st != pyOK || !isAssignOp(p.src[p.pos:j]) {
		p.errorf(p.pos, Span{h.start, h.start + 4}, `"#set" needs an assignment: "#set name = value"`)
		return out
	}
	p.bindTokens(lhs, len(p.toks), kind)
	p.emit(TokOp, j)
	if !p.exprLine(nil) {
		return out
	}
	p.restOfTag(h)
	return outcome{ok: true}
}

// name parses the identifier a directive requires, with what Cheetah
// says when it is missing ("Invalid identifier").
func (p *parser) name(directive string, kind TokenKind) (Span, bool) {
	j := identEnd(p.src, p.pos, p.end)
	if j == p.pos {
		p.errorf(p.pos, Span{p.pos, p.pos}, fmt.Sprintf(`"#%s" must be followed by a name`, directive))
		return Span{}, false
	}
	sp := Span{p.pos, j}
	p.emit(kind, j)
	return sp, true
}

// eatDef parses #def, #block and #closure: _eatDefOrBlock.
func (p *parser) eatDef(name string, h dirHead) outcome {
	out := outcome{role: roleOpen, name: name}
	p.emit(TokDirective, p.pos+len(name))
	p.emitBlanks()
	if _, ok := matchVarStart(p.src, p.pos, p.end); ok && !escaped(p.src, p.pos) {
		p.emit(TokDollar, p.pos+1)
	}
	sp, ok := p.name(name, TokName)
	if !ok {
		return out
	}
	p.bind(sp, BindDef)
	p.emitBlanks()
	if p.atTextEnd(h) {
		return outcome{ok: true}
	}
	if p.peek() == '(' {
		var params []Span
		if !p.defArgs(&params) {
			return out
		}
		for _, ps := range params {
			p.bind(ps, BindParam)
		}
		p.emitPastArgs()
	}
	if p.shortForm() {
		p.emit(TokOp, p.pos+1)
		if isBlank(p.peek()) {
			p.emit(TokSpace, p.pos+1)
		}
		return outcome{role: roleShort, name: name, bodyTo: min(h.eol, p.end), ok: true}
	}
	if p.atTextEnd(h) {
		return outcome{ok: true}
	}
	if p.peek() == ':' {
		p.emit(TokOp, p.pos+1)
	}
	if !p.exprLine(nil) {
		return out
	}
	p.restOfTag(h)
	return outcome{role: roleOpen, name: name, ok: true}
}

// emitPastArgs steps over the byte that ended a parameter list, as Cheetah
// does whatever it is.
func (p *parser) emitPastArgs() {
	k := TokOp
	if p.peek() == ')' {
		k = TokClose
	}
	p.emit(k, p.pos+1)
}

// eatEnd parses "#end name": eatEndDirective.
func (p *parser) eatEnd(h dirHead) outcome {
	out := outcome{role: roleLeaf}
	p.emit(TokDirective, p.pos+3)
	p.emitBlanks()
	key := ""
	for _, k := range endNames {
		if strings.HasPrefix(p.src[p.pos:], k) {
			key = k
			break
		}
	}
	if key == "" {
		p.errorf(h.start, Span{h.start, h.start + 4},
			`"#end" must name the block it ends, as in "#end if" or "#end for"`)
		return out
	}
	if closeable(key) {
		out = outcome{role: roleEnd, name: key}
	}
	j, _, _ := pyToken(p.src, p.pos, p.end)
	word := p.src[p.pos:max(j, p.pos+len(key))]
	p.emit(TokDirective, p.pos+len(word))
	if !p.afterName(word) || !p.exprLine(nil) {
		return out
	}
	p.restOfTag(h)
	out.ok = true
	return out
}

// inCall reports whether a "#call" block is open.
func (p *parser) inCall() bool {
	return p.openByName[nameID("call")] > 0
}

// emptyImport reports whether an import statement has an empty item in
// the comma-separated list after its first "import", on which Cheetah's
// addImportStatement fails.
func emptyImport(stmt string) bool {
	start := len("import") - 1 // where Python's slice starts when find returns -1
	if i := strings.Index(stmt, "import"); i >= 0 {
		start = i + len("import")
	}
	rest := ""
	if start < len(stmt) {
		rest = stmt[start:]
	}
	for {
		item, more, found := strings.Cut(rest, ",")
		if strings.TrimSpace(item) == "" {
			return true
		}
		if !found {
			return false
		}
		rest = more
	}
}

// firstField returns the first of [strings.Fields](s) without splitting
// the rest, and whether there is one.
func firstField(s string) (string, bool) {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		s = s[:i]
	}
	return s, s != ""
}
