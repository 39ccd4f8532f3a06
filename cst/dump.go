package cst

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"
)

// dumpTextMax is the longest token text [Fprint] shows whole; longer texts
// keep their first and last dumpTextMax/2 bytes.
const dumpTextMax = 60

// Fprint writes a readable outline of t to w, for debugging and golden tests.
// Each node and each token gets one line, indented two spaces per depth, in
// source order:
//
//	Element [40,97) 2:1 name=tool
//	  StartTag [40,58) 2:1 name=tool
//	    LT [40,41) 2:1 "<"
//
// Node lines give the kind, the span and the line:col of the first byte,
// plus the name of elements and attributes. Token lines add the token text,
// Go-quoted, with the middle of long texts replaced by "…". The parse
// errors follow the tree, one "file:line:col: msg" per line.
func Fprint(w io.Writer, t *Tree) error {
	p := dumper{t: t, w: bufio.NewWriter(w)}
	p.tree()
	for _, e := range t.Errors() {
		p.w.WriteString(e.Error())
		p.w.WriteByte('\n')
	}
	return p.w.Flush() // bufio keeps the first write error
}

type dumper struct {
	t   *Tree
	w   *bufio.Writer
	buf []byte
}

// tree prints every node and, one level deeper than the node holding it,
// every token, in source order. Nodes are stored in preorder and tokens in
// source order, so merging the two lists gives the outline: a node comes
// before the tokens from its first one on, and an empty node (one without
// tokens) just before the token that follows it. Walking the arrays rather
// than recursing keeps the dump of a deep tree off the stack.
func (p *dumper) tree() {
	t := p.t
	// depth[i] is the depth of node i: its parent's plus one, and the
	// parent comes first in preorder.
	depth := make([]int32, len(t.nodes))
	tok := 0
	for i := range t.nodes {
		r := &t.nodes[i]
		if r.parent != none {
			depth[i] = depth[r.parent] + 1
		}
		for ; tok < int(r.first); tok++ {
			p.token(Token{t, int32(tok)}, int(depth[t.toks[tok].node])+1)
		}
		n := Node{t, int32(i)}
		p.line(int(depth[i]), r.kind.String(), n.Span())
		if r.kind == KindElement || r.kind == KindAttribute {
			p.buf = append(p.buf, " name="...)
			p.buf = append(p.buf, n.Name()...)
		}
		p.flush()
	}
	for ; tok < len(t.toks); tok++ {
		p.token(Token{t, int32(tok)}, int(depth[t.toks[tok].node])+1)
	}
}

func (p *dumper) token(tok Token, depth int) {
	p.line(depth, tok.Kind().String(), tok.Span())
	p.buf = append(p.buf, ' ')
	p.buf = appendElided(p.buf, tok.Bytes())
	p.flush()
}

// line starts an output line: indentation, kind, span and line:col.
func (p *dumper) line(depth int, kind string, s Span) {
	for range depth {
		p.buf = append(p.buf, "  "...)
	}
	pos := p.t.Position(s.Start)
	p.buf = append(p.buf, kind...)
	p.buf = append(p.buf, " ["...)
	p.buf = strconv.AppendInt(p.buf, int64(s.Start), 10)
	p.buf = append(p.buf, ',')
	p.buf = strconv.AppendInt(p.buf, int64(s.End), 10)
	p.buf = append(p.buf, ") "...)
	p.buf = strconv.AppendInt(p.buf, int64(pos.Line), 10)
	p.buf = append(p.buf, ':')
	p.buf = strconv.AppendInt(p.buf, int64(pos.Column), 10)
}

func (p *dumper) flush() {
	p.buf = append(p.buf, '\n')
	p.w.Write(p.buf)
	p.buf = p.buf[:0]
}

// appendElided appends b Go-quoted; when b is longer than dumpTextMax it
// keeps about half of that from each end, cut at rune boundaries, as
// "head"…"tail".
func appendElided(dst, b []byte) []byte {
	if len(b) <= dumpTextMax {
		return strconv.AppendQuote(dst, string(b))
	}
	// Invalid UTF-8 may have no rune start nearby: move at most UTFMax-1
	// bytes, so that a cut never eats the text.
	head, tail := dumpTextMax/2, len(b)-dumpTextMax/2
	for i := 1; i < utf8.UTFMax && !utf8.RuneStart(b[head]); i++ {
		head--
	}
	for i := 1; i < utf8.UTFMax && !utf8.RuneStart(b[tail]); i++ {
		tail++
	}
	dst = strconv.AppendQuote(dst, string(b[:head]))
	dst = append(dst, "…"...)
	return strconv.AppendQuote(dst, string(b[tail:]))
}
