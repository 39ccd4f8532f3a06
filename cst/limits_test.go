package cst_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// nested returns n elements named name nested in each other, each start tag
// on a line of its own, so that the line of an error tells the depth.
func nested(n int, name string) string {
	return strings.Repeat("<"+name+">\n", n) + strings.Repeat("</"+name+">", n)
}

const (
	depthMsg = `element <%s> is nested too deep: it is inside 257 open elements, and libxml2 (so lxml, and Galaxy) refuses documents nesting more than 257 ("Excessive depth in document"); nest the elements less deeply`
	nameMsg  = `%s %s is too long: 50001 bytes, and libxml2 (so lxml, and Galaxy) refuses names longer than 50000 bytes ("Name too long"); shorten it`
	spanMsg  = `%s is too long: %d bytes, and libxml2 (so lxml, and Galaxy) refuses to read more than 10000000 bytes in one piece ("Huge input lookup"); shorten it`
	bodyMsg  = `%s is too long: 10000001 bytes, and libxml2 (so lxml, and Galaxy) refuses more than 10000000 bytes in one (%q); split it or shorten it`
	textMsg  = `text is too long: it passes 10000000 bytes here, once references are resolved, and libxml2 (so lxml, and Galaxy) refuses more than that in one text node ("huge text node"); split it with a comment, or move it into a file the tool reads`
	runMsg   = `CDATA sections are too long together: the adjacent sections ending with this one hold %d bytes, and libxml2 (so lxml, and Galaxy) joins them into one text node and refuses more than 10000000 bytes in one ("huge text node"); separate them with a newline, or shorten them`
)

// eachLimitCase calls f with each error case of libxml2's limits (see
// cst.MaxDepth), built one at a time: some are ten megabytes long.
func eachLimitCase(f func(errorCase)) {
	const text = cst.MaxTextLen
	long := strings.Repeat("n", cst.MaxNameLen+1)
	short := strings.Repeat("n", 40) + "…"
	fill := func(n int) string { return strings.Repeat("a", n) }
	msg := func(pos, format string, args ...any) []string {
		return []string{pos + ": " + fmt.Sprintf(format, args...)}
	}
	f(errorCase{"258 nested elements", nested(258, "a"), msg("258:1", depthMsg, "a")})
	f(errorCase{"an empty element inside 257", strings.Repeat("<a>\n", 257) + "<b/>" + strings.Repeat("</a>", 257),
		msg("258:1", depthMsg, "b")})
	f(errorCase{"a million nested elements, reported once", nested(1_000_000, "a"), msg("258:1", depthMsg, "a")})
	f(errorCase{"long element name", "<" + long + "/>", msg("1:2", nameMsg, "element name", short)})
	f(errorCase{"long end tag name", "<a></" + long + ">", []string{
		"1:4: mismatched end tag: </" + long + "> does not close <a> opened at 1:1, and no open element is named " + long + ": fix the name or remove the end tag",
		"1:6: " + fmt.Sprintf(nameMsg, "element name", short),
		"1:50008: unclosed element <a> opened at 1:1: add </a> before the end of the file",
	}})
	f(errorCase{"long attribute name", "<a " + long + `="1"/>`, msg("1:4", nameMsg, "attribute name", short)})
	f(errorCase{"long processing instruction target", "<a><?" + long + "?></a>", msg("1:6", nameMsg, "processing instruction target", short)})
	f(errorCase{"long entity name", "<a>&" + long + ";</a>", msg("1:4", nameMsg, "entity name", short)})
	f(errorCase{"long text", "<a>\n" + fill(text+1) + "</a>", msg("2:10000000", textMsg)})
	f(errorCase{"long text by its references", "<a>" + strings.Repeat("&amp;&#x41;", 1000) + fill(text-2000) + "&lt;</a>",
		msg("1:"+strconv.Itoa(4+11000+text-2000), textMsg)})
	f(errorCase{"long CDATA section", "<a><![CDATA[" + fill(text+1) + "]]></a>", msg("1:4", bodyMsg, "CDATA section", "CData section too big found")})
	f(errorCase{"adjacent CDATA sections", "<a><![CDATA[" + fill(text/2) + "]]><![CDATA[" + fill(text/2+1) + "]]></a>",
		msg("1:"+strconv.Itoa(4+9+text/2+3), runMsg, text+1)})
	f(errorCase{"long comment", "<a><!--" + fill(text+1) + "--></a>", msg("1:4", bodyMsg, "comment", "Comment too big found")})
	f(errorCase{"long processing instruction", "<a><?pi \t" + fill(text+1) + "?></a>",
		msg("1:4", bodyMsg, "processing instruction data", "PI too big found")})
	f(errorCase{"long start tag", "<a b=\"" + fill(text-8) + "\"/>", msg("1:1", spanMsg, "start tag <a>", text+1)})
	f(errorCase{"long end tag", "<a></a" + strings.Repeat(" ", text) + ">", msg("1:4", spanMsg, "end tag </a>", text+4)})
	f(errorCase{"long whitespace before the root", strings.Repeat("\n", text+1) + "<a/>", msg("1:1", spanMsg, "whitespace outside the root element", text+1)})
	f(errorCase{"long XML declaration", `<?xml version="1.0"` + strings.Repeat(" ", text) + "?><a/>",
		msg("1:1", spanMsg, "XML declaration", text+21)})
	f(errorCase{"long DOCTYPE declaration", "<!DOCTYPE a [" + strings.Repeat(" ", text) + "]><a/>",
		msg("1:1", spanMsg, "DOCTYPE declaration", text+15)})
}

func TestLimits(t *testing.T) {
	eachLimitCase(func(c errorCase) {
		t.Run(c.name, func(t *testing.T) {
			tree := cst.Parse("t.xml", []byte(c.src))
			got := errorStrings(tree)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			for _, e := range tree.Errors() {
				checkMessageStyle(t, e.Msg)
			}
			if string(tree.Bytes()) != c.src {
				t.Error("printing the tree does not give the input back")
			}
		})
	})
}

// TestLimitsAllowTheLimit checks the other side of each bound: what
// libxml2 still accepts is well-formed.
func TestLimitsAllowTheLimit(t *testing.T) {
	const text = cst.MaxTextLen
	name := strings.Repeat("n", cst.MaxNameLen)
	fill := func(n int) string { return strings.Repeat("a", n) }
	for _, c := range []struct{ name, src string }{
		{"257 nested elements", nested(257, "a")},
		{"an empty element inside 256", strings.Repeat("<a>", 256) + "<b/>" + strings.Repeat("</a>", 256)},
		{"names at the limit", "<" + name + " " + name + `="1"><?` + name + "?></" + name + ">"},
		{"text at the limit", "<a>" + fill(text) + "</a>"},
		{"text at the limit once line ends are normalised", "<a>\r\n" + fill(text-1) + "</a>"},
		{"text at the limit once references are resolved", "<a>&amp;" + fill(text-1) + "</a>"},
		{"texts split by a comment", "<a>" + fill(text) + "<!---->" + fill(text) + "</a>"},
		{"text and CDATA", "<a>" + fill(text) + "<![CDATA[" + fill(text) + "]]></a>"},
		{"CDATA sections split by a newline", "<a><![CDATA[" + fill(text) + "]]>\n<![CDATA[" + fill(text) + "]]></a>"},
		{"CDATA at the limit", "<a><![CDATA[" + fill(text) + "]]></a>"},
		{"comment at the limit", "<a><!--" + fill(text) + "--></a>"},
		{"comment at the limit once line ends are normalised", "<a><!--\r\n" + fill(text-1) + "--></a>"},
		{"processing instruction at the limit", "<a><?pi   " + fill(text) + "?></a>"},
		{"start tag at the limit", "<a b=\"" + fill(text-9) + "\"/>"},
		{"whitespace at the limit", strings.Repeat(" ", text) + "<a/>" + strings.Repeat(" ", text)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := cst.Parse("t.xml", []byte(c.src)).Errors().Err(); err != nil {
				t.Errorf("not well-formed: %v", err)
			}
		})
	}
}
