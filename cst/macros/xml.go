package macros

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// XML returns the expanded tree serialised as lxml's tostring does (no XML
// declaration, empty elements as <x/>, attributes in order), followed by a
// newline. Parsing it back gives the same tree.
func (r *Result) XML() []byte { return XML(r.Root) }

// XML serialises the tree rooted at e; the root's tail is left out.
func XML(e *Element) []byte {
	b := make([]byte, 0, jsonSize(e))
	b = appendXML(b, e)
	return append(b, '\n')
}

func appendXML(b []byte, e *Element) []byte {
	if e.PI {
		b = append(b, "<?"...)
		b = append(b, e.Tag...)
		if e.Text != "" {
			b = append(b, ' ')
			b = append(b, e.Text...)
		}
		return append(b, "?>"...)
	}
	b = append(b, '<')
	b = append(b, e.Tag...)
	for _, a := range e.Attrs {
		b = append(b, ' ')
		b = append(b, a.Name...)
		b = append(b, `="`...)
		b = appendEscaped(b, a.Value, true)
		b = append(b, '"')
	}
	if e.Text == "" && len(e.Children) == 0 {
		return append(b, "/>"...)
	}
	b = append(b, '>')
	b = appendEscaped(b, e.Text, false)
	for _, c := range e.Children {
		b = appendXML(b, c)
		b = appendEscaped(b, c.Tail, false)
	}
	b = append(b, "</"...)
	b = append(b, e.Tag...)
	return append(b, '>')
}

// appendEscaped escapes text as libxml2 does: &, < and > always, "\r" as
// a character reference, and in attribute values also '"', tab and newline
// (which a parser would otherwise normalise to spaces).
func appendEscaped(b []byte, s string, attr bool) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		var rep string
		switch s[i] {
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case '\r':
			rep = "&#13;"
		case '"':
			if attr {
				rep = "&quot;"
			}
		case '\n':
			if attr {
				rep = "&#10;"
			}
		case '\t':
			if attr {
				rep = "&#9;"
			}
		}
		if rep == "" {
			continue
		}
		b = append(b, s[start:i]...)
		b = append(b, rep...)
		start = i + 1
	}
	return append(b, s[start:]...)
}

// WriteProvenance writes one line per element, attribute and text of the
// expanded tree saying where it came from, indented by depth:
//
//	<param> macros.xml:12:5 via expand inputs tool.xml:20:5
//	  @name="input" macros.xml:12:12
//	  @format="@FORMATS@" tool.xml:3:9 ← @FORMATS@ macros.xml:2:5
//
// Texts and tails are listed only when they hold more than whitespace.
func (r *Result) WriteProvenance(w io.Writer) error {
	var b strings.Builder
	r.provenance(&b, r.Root, 0)
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Result) provenance(b *strings.Builder, e *Element, depth int) {
	ind := strings.Repeat("  ", depth)
	kind := "<" + e.Tag + ">"
	if e.PI {
		kind = "<?" + e.Tag + "?>"
	}
	fmt.Fprintf(b, "%s%s %s%s\n", ind, kind, r.pos(e.Loc), r.trail(e.Via))
	for _, a := range e.Attrs {
		fmt.Fprintf(b, "%s  @%s=%s %s", ind, a.Name, strconv.Quote(a.Value), r.origin(a.value.export(e.Loc.File), a.Value))
		if a.name.parts != nil {
			fmt.Fprintf(b, " (name %s)", r.origin(a.name.export(e.Loc.File), a.Name))
		}
		b.WriteByte('\n')
	}
	if strings.TrimSpace(e.Text) != "" {
		fmt.Fprintf(b, "%s  text %s\n", ind, r.origin(e.TextOrigin(), e.Text))
	}
	for _, c := range e.Children {
		r.provenance(b, c, depth+1)
		if strings.TrimSpace(c.Tail) != "" {
			fmt.Fprintf(b, "%s  tail %s\n", ind, r.origin(c.TailOrigin(), c.Tail))
		}
	}
}

// trail describes a chain of expansions, outermost first.
func (r *Result) trail(s *Step) string {
	if s == nil {
		return ""
	}
	var parts []string
	for _, st := range s.Trail() {
		p := st.Kind.String()
		if st.Name != "" {
			p += " " + st.Name
		}
		parts = append(parts, p+" "+r.pos(st.At).String())
	}
	return " via " + strings.Join(parts, " > ")
}

// origin describes where a string came from: its source position, and
// for a substituted string each piece with the token that supplied it.
func (r *Result) origin(o Origin, s string) string {
	out := r.pos(o.Loc).String()
	for i, p := range o.Parts {
		if p.Token == "" {
			continue
		}
		end := len(s)
		if i+1 < len(o.Parts) {
			end = o.Parts[i+1].Off
		}
		out += fmt.Sprintf(" ← %s %s %s", p.Token, strconv.Quote(s[p.Off:end]), r.pos(p.Loc))
	}
	return out
}
