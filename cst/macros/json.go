package macros

import (
	"io"
	"slices"
	"strings"
)

// JSON returns the expanded tree in the oracle's canonical form: one
// object per element, {"attrs":{...},"children":[...],"tag":...,"tail":...,
// "text":...}, keys and attribute names sorted, no insignificant
// whitespace, UTF-8, strings escaped as Python's json.dumps does with
// ensure_ascii=False, and one final newline. The root's tail is "".
func (r *Result) JSON() []byte { return JSON(r.Root) }

// WriteJSON writes [Result.JSON] to w.
func (r *Result) WriteJSON(w io.Writer) error {
	_, err := w.Write(r.JSON())
	return err
}

// JSON returns the canonical JSON form of the tree rooted at e, with the
// root's tail left out as lxml leaves it out of a document.
func JSON(e *Element) []byte {
	b := make([]byte, 0, jsonSize(e)+64)
	b = appendElementJSON(b, e, true)
	return append(b, '\n')
}

func appendElementJSON(b []byte, e *Element, root bool) []byte {
	b = append(b, `{"attrs":{`...)
	// Sort indexes rather than the (large) attributes.
	var buf [16]int
	order := buf[:0]
	for i := range e.Attrs {
		order = append(order, i)
	}
	slices.SortFunc(order, func(i, j int) int { return strings.Compare(e.Attrs[i].Name, e.Attrs[j].Name) })
	for k, i := range order {
		if k > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, e.Attrs[i].Name)
		b = append(b, ':')
		b = appendJSONString(b, e.Attrs[i].Value)
	}
	b = append(b, `},"children":[`...)
	for i, c := range e.Children {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendElementJSON(b, c, false)
	}
	b = append(b, `],"tag":`...)
	tag := e.Tag
	if e.PI {
		tag = "?" + tag
	}
	b = appendJSONString(b, tag)
	b = append(b, `,"tail":`...)
	if root {
		b = append(b, `""`...)
	} else {
		b = appendJSONString(b, e.Tail)
	}
	b = append(b, `,"text":`...)
	b = appendJSONString(b, e.Text)
	return append(b, '}')
}

// jsonSize estimates the size of the JSON form of e.
func jsonSize(e *Element) int {
	n := len(`{"attrs":{},"children":[],"tag":"","tail":"","text":""}`) + jsonLen(e.Tag) + jsonLen(e.Tail) + jsonLen(e.Text)
	if e.PI {
		n++
	}
	for _, a := range e.Attrs {
		n += jsonLen(a.Name) + jsonLen(a.Value) + 6
	}
	for _, c := range e.Children {
		n += jsonSize(c) + 1
	}
	return n
}

// jsonLen estimates the length of s escaped, without quotes, leaving
// room for a few escapes rather than counting them.
func jsonLen(s string) int { return len(s) + len(s)>>4 }

const hexDigits = "0123456789abcdef"

// jsonEscaped marks the bytes Python's json.dumps escapes.
var jsonEscaped = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// appendJSONString appends s as Python's json.dumps(ensure_ascii=False)
// writes it: only '"', '\\' and control characters below U+0020 are
// escaped, with \n \r \t \b \f for those that have one.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !jsonEscaped[c] {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
