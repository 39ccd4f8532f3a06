package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// cdataVerdict classifies the body of a <command> or <help> for the CDATA
// partition (GTR018 and GTR019): the .1 half fixes cdataWrappable bodies,
// the .2 half reports cdataResidual ones, so together they cover exactly
// the bodies that need CDATA.
type cdataVerdict uint8

const (
	cdataNotNeeded cdataVerdict = iota // no text outside CDATA, or only whitespace
	cdataWrappable                     // pure text that can be wrapped as is
	cdataResidual                      // needs CDATA but cannot be wrapped safely
)

// cdataBody is the verdict on one element, with the reason for a residual
// and the edits wrapping a wrappable body.
type cdataBody struct {
	verdict cdataVerdict
	reason  string         // why a residual body cannot be wrapped
	edits   []rewrite.Edit // for a wrappable body
	wrap    *rewrite.CDATAWrap
}

// classifyCDATA is the one predicate both halves of GTR018 and GTR019 use.
// A body needs CDATA when it has non-whitespace character data outside a
// CDATA section. It is wrappable when, in addition, it is nothing but
// character data and references (no child element, comment, processing
// instruction or CDATA section, which an XML parser would not read the same
// way once wrapped), its decoded text holds no "]]>" (which would end the
// section) and no carriage return (which a parser would read back as a line
// feed: only a &#13; reference puts one there, since literal line ends are
// normalised either way), and every reference can be written as the
// character it stands for in the file's encoding.
//
// The wrap covers the whole content, leading and trailing whitespace
// included, because Galaxy reads the element's whole text: the CDATA
// section must hold exactly the text the element held. The edits insert
// "<![CDATA[" and "]]>" at the ends of the content and replace each
// reference by its character (a &#10; by the file's newline); everything
// else, line ends included, stays byte for byte.
func classifyCDATA(p *Pass, el cst.Node) cdataBody {
	needs := false
	var other cst.Node
	for c := range el.Content() {
		switch {
		case c.Kind() == cst.KindText:
			if !c.IsWhitespace() {
				needs = true
			}
		case !other.IsValid():
			other = c
		}
	}
	// Only whitespace outside CDATA: nothing to protect.
	if !needs {
		return cdataBody{}
	}
	// Mixed content: text next to an element, comment, PI or CDATA.
	if other.IsValid() {
		return cdataBody{verdict: cdataResidual, reason: "it mixes text with " + describeNode(other)}
	}
	span := el.ContentSpan()
	// The edits insert the delimiters and write each reference as its
	// character; the bytes between stay as they are. The text a parser
	// reads ([cst.Content]) is followed on the way, without being built:
	// whether it holds "]]>" or a carriage return, and the first reference
	// that cannot be written as characters. Another fix's edit inside the
	// body is merged with the wrap only when it reads the same once
	// wrapped ([rewrite.CDATAWrap]): an edit made for the text as escaped,
	// such as GTR207 writing '>' as &gt;, would change it inside CDATA.
	edits := []rewrite.Edit{{Start: span.Start, End: span.Start, New: "<![CDATA["}}
	var t cdataText
	problem := ""
	for tok := range el.Tokens() {
		if !span.Contains(tok.Span().Start) {
			continue
		}
		if tok.Kind() != cst.TokEntityRef && tok.Kind() != cst.TokCharRef {
			t.read(tok.Bytes()) // line ends read as "\n", which changes neither check
			continue
		}
		r, ok := resolveReference(tok.Text())
		switch {
		case !ok:
			// An unknown entity cannot be written as characters; a parser
			// reads it as written.
			t.read(tok.Bytes())
			if problem == "" {
				problem = "it uses the undeclared entity " + tok.Text()
			}
			continue
		case problem == "" && strings.IndexFunc(r, func(c rune) bool { return c > 0x7f }) >= 0 && !fileIsUTF8(p.Tree):
			// A non-ASCII character in a file of another encoding would be misread.
			problem = "the reference " + tok.Text() + " cannot be written literally in the file's encoding"
		}
		t.readString(r)
		if r == "\n" {
			r = p.Newline
		}
		edits = append(edits, rewrite.ReplaceSpan(tok.Span(), r))
	}
	switch {
	case t.sectionEnd:
		// "]]>" in the text would end the section early.
		return cdataBody{verdict: cdataResidual, reason: `its text contains "]]>", which would end the CDATA section`}
	case t.carriageReturn:
		// A carriage return would come back as a line feed.
		return cdataBody{verdict: cdataResidual, reason: "its text contains a carriage return (&#13;), which CDATA cannot keep"}
	case problem != "":
		return cdataBody{verdict: cdataResidual, reason: problem}
	}
	edits = append(edits, rewrite.Edit{Start: span.End, End: span.End, New: "]]>"})
	wrap := &rewrite.CDATAWrap{Start: span.Start, Text: p.Tree.SourceString()[span.Start:span.End]}
	return cdataBody{verdict: cdataWrappable, edits: edits, wrap: wrap}
}

// cdataText follows the text a parser reads from a body, piece by piece:
// whether it holds "]]>" or a carriage return. Only a resolved reference
// can put a carriage return there: literal line ends read as "\n".
type cdataText struct {
	tail           [2]byte // the last two bytes read
	sectionEnd     bool
	carriageReturn bool
}

func (t *cdataText) read(b []byte) {
	if len(b) == 0 {
		return
	}
	// A "]]>" inside b, or one that b completes.
	t.sectionEnd = t.sectionEnd || bytes.Contains(b, []byte("]]>")) ||
		b[0] == '>' && t.tail == [2]byte{']', ']'} ||
		len(b) >= 2 && b[0] == ']' && b[1] == '>' && t.tail[1] == ']'
	if len(b) >= 2 {
		t.tail = [2]byte{b[len(b)-2], b[len(b)-1]}
	} else {
		t.tail[0], t.tail[1] = t.tail[1], b[0]
	}
}

func (t *cdataText) readString(s string) {
	t.carriageReturn = t.carriageReturn || strings.IndexByte(s, '\r') >= 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		t.sectionEnd = t.sectionEnd || c == '>' && t.tail == [2]byte{']', ']'}
		t.tail[0], t.tail[1] = t.tail[1], c
	}
}

// describeNode names a content node for messages.
func describeNode(n cst.Node) string {
	switch n.Kind() {
	case cst.KindElement:
		return fmt.Sprintf("a child element <%s>", n.Name())
	case cst.KindComment:
		return "a comment"
	case cst.KindPI:
		return "a processing instruction"
	case cst.KindCDATA:
		return "a CDATA section"
	}
	return "other content"
}

// fileIsUTF8 reports whether the file is UTF-8: it has no XML declaration
// naming another encoding.
func fileIsUTF8(t *cst.Tree) bool {
	for c := range t.Root().Children() {
		if c.Kind() == cst.KindXMLDecl {
			enc := declEncoding(c.Text())
			return enc == "" || isUTF8Name(enc)
		}
	}
	return true
}

// sharedCDATA is classifyCDATA of the <tool>'s child el called name,
// computed once for both halves of a partition.
func sharedCDATA(p *Pass, name string, el cst.Node) cdataBody {
	return shared(p, cdataKey(name), func() cdataBody { return classifyCDATA(p, el) })
}

// cdataKey is the memo key of sharedCDATA, spelled out for the two
// elements there are rather than built on every call.
func cdataKey(name string) string {
	switch name {
	case "command":
		return "cdata command"
	case "help":
		return "cdata help"
	}
	return "cdata " + name
}

// checkCDATAWrap is the check of the fixable halves: wrap the body of the
// <tool>'s child called name when it is wrappable.
func checkCDATAWrap(p *Pass, name string) {
	el := toolChild(p, name)
	// No such element, or an empty-element tag: no body.
	if !el.IsValid() || !el.EndTag().IsValid() {
		return
	}
	b := sharedCDATA(p, name, el)
	// Only wrappable bodies are this half's.
	if b.verdict != cdataWrappable {
		return
	}
	msg := fmt.Sprintf("<%s> body is plain text; wrap it in CDATA", name)
	p.fix(el.StartTag().Span(), msg, &rewrite.Fix{Code: p.Rule.Code, Message: msg, Edits: b.edits, Applicability: rewrite.Safe, Wrap: b.wrap})
}

// checkCDATAResidual is the check of the advisory halves: report the body of
// the <tool>'s child called name when it needs CDATA but cannot be wrapped.
func checkCDATAResidual(p *Pass, name string) {
	el := toolChild(p, name)
	// No such element, or an empty-element tag: no body.
	if !el.IsValid() || !el.EndTag().IsValid() {
		return
	}
	b := sharedCDATA(p, name, el)
	// Only the residual is this half's.
	if b.verdict != cdataResidual {
		return
	}
	p.ReportHelp(el.StartTag().Span(), fmt.Sprintf("<%s> body should be in CDATA, but gtr cannot wrap it: %s", name, b.reason),
		fmt.Sprintf("Wrap the <%s> body in <![CDATA[ … ]]> by hand once what stops gtr is dealt with (split a \"]]>\" in the text as \"]]]]><![CDATA[>\"); gtr format then keeps it.", name))
}

// resolveReference returns the text of a predefined entity or character
// reference, as an XML parser reads it.
func resolveReference(ref string) (string, bool) { return cst.DecodeReference(ref) }
