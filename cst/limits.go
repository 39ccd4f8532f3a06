package cst

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Galaxy reads tools with lxml, that is with libxml2, which refuses some
// documents that XML itself allows unless the application passes
// XML_PARSE_HUGE; Galaxy does not. The parser reports the same documents as
// malformed, so that gtr's verdict is the one Galaxy will reach, and so that
// no later stage (printing, rules, expansion) ever meets a tree deeper or a
// text longer than Galaxy could load. The values are libxml2 2.9.14's,
// checked against xmllint 2.9.14 and lxml 4.9.2 by the xmllint agreement
// tests.
const (
	// MaxDepth is the deepest nesting of elements a well-formed document
	// may have: libxml2 refuses an element inside 257 open ones ("Excessive
	// depth in document: 256 use XML_PARSE_HUGE option").
	MaxDepth = 257

	// MaxNameLen is the longest element, attribute, processing
	// instruction target or entity name, in bytes ("Name too long").
	MaxNameLen = 50000

	// MaxTextLen is the longest text node, CDATA section, comment and
	// processing instruction data, in bytes once references are resolved
	// and line ends normalised ("xmlSAX2Characters: huge text node",
	// "CData section too big found", "Comment too big found", "PI too big
	// found"). libxml2 joins adjacent CDATA sections into one node, so
	// their total is bounded too. It is also the longest a tag, the XML
	// declaration, the DOCTYPE declaration or a run of whitespace outside
	// the root element may be: libxml2 reads each of them without
	// releasing its input buffer and stops with "Huge input lookup" once
	// it holds more than this many bytes.
	MaxTextLen = 10_000_000
)

// refuser names, in the messages of the limits, who refuses the document:
// what makes the limit matter to a tool author.
const refuser = "libxml2 (so lxml, and Galaxy)"

// The checks run on every tag, name and text: each is a comparison the
// compiler inlines, with the report in a function of its own.

// checkDepth reports the start tag at start when the element it opens is
// nested past MaxDepth. Only the first such element is reported: the
// others follow from it, and a document nested a million deep would
// otherwise report each.
func (p *parser) checkDepth(start int, name []byte) {
	if len(p.elems) >= MaxDepth && !p.tooDeep {
		p.reportDepth(start, name)
	}
}

func (p *parser) reportDepth(start int, name []byte) {
	p.tooDeep = true
	p.errorf(start, "element <%s> is nested too deep: it is inside %d open elements, and %s refuses documents nesting more than %d (\"Excessive depth in document\"); nest the elements less deeply",
		elide(name), len(p.elems), refuser, MaxDepth)
}

// checkName reports the name src[start:end] when it is longer than
// MaxNameLen bytes; what says what it names.
func (p *parser) checkName(start, end int, what string) {
	if end-start > MaxNameLen {
		p.longName(start, end, what)
	}
}

func (p *parser) longName(start, end int, what string) {
	p.errorf(start, "%s", p.nameTooLong(start, end, what))
}

// nameTooLong returns checkName's message, or "" when the name is not too
// long.
func (p *parser) nameTooLong(start, end int, what string) string {
	if end-start <= MaxNameLen {
		return ""
	}
	return fmt.Sprintf("%s %s is too long: %d bytes, and %s refuses names longer than %d bytes (\"Name too long\"); shorten it",
		what, elide(p.src[start:end]), end-start, refuser, MaxNameLen)
}

// checkSpan reports the construct what at src[start:end] when it is longer
// than MaxTextLen bytes as written: libxml2's input lookup limit.
func (p *parser) checkSpan(start, end int, what string) {
	if end-start <= MaxTextLen {
		return
	}
	p.errorf(start, "%s is too long: %d bytes, and %s refuses to read more than %d bytes in one piece (\"Huge input lookup\"); shorten it",
		what, end-start, refuser, MaxTextLen)
}

// checkBody reports the comment, processing instruction or CDATA section
// named by what, which starts at at, when its body src[start:end] holds
// more than MaxTextLen bytes once line ends are normalised; theirs is
// libxml2's message. It returns the normalised length. The caller has just checked
// the body's characters, which sets sawCR when it holds a carriage return:
// only then need the CRLF pairs be counted.
func (p *parser) checkBody(at, start, end int, what, theirs string) int {
	n := end - start
	if p.sawCR {
		n -= bytes.Count(p.src[start:end], []byte("\r\n"))
	}
	if n > MaxTextLen {
		p.errorf(at, "%s is too long: %d bytes, and %s refuses more than %d bytes in one (%q); split it or shorten it",
			what, n, refuser, MaxTextLen, theirs)
	}
	return n
}

// checkText reports the text whose tokens run from first to the last token, when libxml2 would build a text node of more than MaxTextLen
// bytes from it: the character data with references resolved and line ends
// normalised. A declared entity's reference ends libxml2's node, which
// does not substitute it, and the text after it starts a new one. Decoding
// never makes text longer, so only texts longer than that as written are
// counted.
func (p *parser) checkText(first int) {
	if p.pos-int(p.toks[first].start) > MaxTextLen {
		p.measureText(first)
	}
}

func (p *parser) measureText(first int) {
	size := 0
	for i := first; i < len(p.toks); i++ {
		tok := p.toks[i]
		end := p.pos
		if i+1 < len(p.toks) {
			end = int(p.toks[i+1].start)
		}
		raw := p.src[tok.start:end]
		add := len(raw)
		switch tok.kind {
		case TokChars:
			add -= bytes.Count(raw, []byte("\r\n"))
		case TokCharRef:
			add = utf8.RuneLen(charRefValue(raw))
			if add < 0 {
				add = 1 // a refused code point, reported already
			}
		case TokEntityRef:
			if _, ok := predefinedEntities[string(raw[1:len(raw)-1])]; !ok {
				size, add = 0, 0
			} else {
				add = 1
			}
		}
		if size+add > MaxTextLen {
			// libxml2 stops at the piece that goes past the limit.
			off := int(tok.start)
			if tok.kind == TokChars {
				off += MaxTextLen - size
			}
			p.errorf(off, "text is too long: it passes %d bytes here, once references are resolved, and %s refuses more than that in one text node (\"huge text node\"); split it with a comment, or move it into a file the tool reads",
				MaxTextLen, refuser)
			return
		}
		size += add
	}
}

// charRefValue returns the code point of a character reference such as
// &#65; or &#x41;, or -1 when it is out of range.
func charRefValue(raw []byte) rune {
	digits, base := raw[2:len(raw)-1], rune(10)
	if len(digits) > 0 && digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	var v rune
	for _, c := range digits {
		d := rune(c - '0')
		if c > '9' {
			d = rune(c|0x20-'a') + 10
		}
		v = v*base + d
		if v > utf8.MaxRune {
			return -1
		}
	}
	return v
}

// elide shortens a name for a message: a name can be megabytes long.
func elide(name []byte) string {
	const keep = 40
	if len(name) <= keep {
		return string(name)
	}
	cut := keep
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return string(name[:cut]) + "…"
}

// cdataJoin returns the length of the run of adjacent CDATA sections that
// the section at start, of size bytes, ends; joins tells whether it
// continues the run before it. libxml2 joins such sections into one node,
// so it reports the section that takes the run past MaxTextLen, unless a
// section past it on its own has been reported.
func (p *parser) cdataJoin(start, size int, joins bool) int {
	if !joins {
		return size
	}
	run := p.cdataRun + size
	if run > MaxTextLen && p.cdataRun <= MaxTextLen && size <= MaxTextLen {
		p.errorf(start, "CDATA sections are too long together: the adjacent sections ending with this one hold %d bytes, and %s joins them into one text node and refuses more than %d bytes in one (\"huge text node\"); separate them with a newline, or shorten them",
			run, refuser, MaxTextLen)
	}
	return run
}
