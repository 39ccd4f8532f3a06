package fuzz_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/fuzz"
)

// exception names a deliberate difference between gtr's well-formedness
// verdict and libxml2's.
type exception string

// The deliberate differences. Each has cases in verdictCases that show it.
const (
	none exception = ""

	// entityExpansion: gtr does not expand the general entities declared in
	// a DOCTYPE's internal subset, so it does not check their replacement
	// text: markup that does not balance, '<' reaching an attribute value, an
	// external entity referenced from an attribute, reference loops. Galaxy
	// tool files have no DOCTYPE (corpus notes §2).
	entityExpansion exception = "entity-expansion"

	// encodingNames: gtr checks the syntax of a declared encoding name, not
	// whether the local iconv knows it.
	encodingNames exception = "encoding-names"

	// nonUTF8: a declared encoding other than UTF-8 turns gtr's UTF-8 and
	// character checks off; libxml2 transcodes the bytes first and checks
	// the characters it gets (a UTF-8 "é" read as ISO-8859-1 is "Ã©", and
	// "©" cannot be part of a name).
	nonUTF8 exception = "non-utf8-encoding"

	// emptyNamespace: libxml2 drops a declaration xmlns:p="" (a namespace
	// error, which leaves the document well-formed) before it looks for
	// duplicate attributes, so it misses a repeated xmlns:p when one of the
	// values is empty. XML 1.0 forbids the repetition (WFC: Unique Att
	// Spec) and gtr reports it.
	emptyNamespace exception = "empty-namespace-duplicate"

	// dtdGrammar: gtr checks the outline of the declarations in a DOCTYPE's
	// internal subset (keyword, whitespace, name, quoted strings, closing
	// '>'), not the grammar of content models, attribute lists or entity
	// definitions.
	dtdGrammar exception = "dtd-grammar"

	// nulAfterRoot: libxml2 takes a NUL byte after the root element, outside
	// any markup, for the end of its input and ignores what follows; gtr
	// reports the NUL and the rest as content after the root element.
	nulAfterRoot exception = "nul-after-root"
)

// verdictCase is a small document with libxml2's verdict on it, recorded
// from `xmllint --noout` (libxml2 2.9.14): well-formed when xmllint exits 0.
// Namespace errors and warnings leave the exit status 0. When exc is set,
// gtr deliberately gives the other verdict.
type verdictCase struct {
	name       string
	doc        string
	wellFormed bool
	exc        exception
}

var verdictCases = []verdictCase{
	{"empty-element", `<x/>`, true, none},
	{"empty-element-space", `<x />`, true, none},
	{"attr-double", `<x a="1"/>`, true, none},
	{"attr-single", `<x a='1'/>`, true, none},
	{"attr-spaced-eq", `<x a = "1" />`, true, none},
	{"attr-newlines-tabs", "<x\n  a\n=\n\"1\"\t/>", true, none},
	{"decl", `<?xml version="1.0"?><x/>`, true, none},
	{"decl-single-quotes", `<?xml version='1.0' encoding='UTF-8'?><x/>`, true, none},
	{"decl-1.1", `<?xml version="1.1"?><x/>`, true, none},
	{"decl-1.3", `<?xml version="1.3"?><x/>`, true, none},
	{"bom", "\ufeff<x/>", true, none},
	{"bom-decl", "\ufeff<?xml version=\"1.0\"?>\n<x/>", true, none},
	{"comments-around-root", "<!-- c -->\n<x/>\n<!-- d -->\n", true, none},
	{"cdata", `<x><![CDATA[<&>]]></x>`, true, none},
	{"predefined-entities", `<x>&lt;&gt;&amp;&quot;&apos;</x>`, true, none},
	{"char-refs", `<x>&#65;&#x41;&#x1F600;&#x10FFFF;</x>`, true, none},
	{"gt-in-text", `<x>a > b</x>`, true, none},
	{"gt-in-attr", `<x a="a > b"/>`, true, none},
	{"brackets-in-text", `<x>]] ]> ]]</x>`, true, none},
	{"pi-before-root", `<?pi data?><x/>`, true, none},
	{"pi-no-data", `<x><?pi?></x>`, true, none},
	{"doctype", `<!DOCTYPE x><x/>`, true, none},
	{"doctype-entity", `<!DOCTYPE x [<!ENTITY e "v">]><x>&e;</x>`, true, none},
	{"doctype-system", `<!DOCTYPE x SYSTEM "x.dtd"><x/>`, true, none},
	{"doctype-element-decl", `<!DOCTYPE x [ <!ELEMENT x ANY> <!-- c --> <?p?> ]><x/>`, true, none},
	{"crlf", "<x>\r\n<y\r\na=\"1\"/>\r\n</x>\r\n", true, none},
	{"lone-cr", "<x>\r</x>\r", true, none},
	{"tab-text", "<x>\t</x>", true, none},
	{"non-ascii-name", `<é/>`, true, none},
	{"non-ascii-text", `<x>héllo ✓ 😀</x>`, true, none},
	{"namespace-bound", `<x:y xmlns:x="u"/>`, true, none},
	{"namespace-unbound", `<x:y/>`, true, none},
	{"cheetah-text", `<x>$x #if ${a.b} \$ #end if</x>`, true, none},
	{"token-text", `<x a="@TOKEN@">@TOKEN@</x>`, true, none},
	{"whitespace-around-root", "  \n<x/>\n  ", true, none},
	{"space-in-end-tag", `<x></x >`, true, none},
	{"newline-in-tags", "<x\n></x\n>", true, none},
	{"latin1-declared", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><x>\xe9</x>", true, none},
	{"latin1-declared-utf8-name", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><\xc3\xa9/>", false, nonUTF8},
	{"charref-newline-attr", `<x a="&#10;&#13;"/>`, true, none},
	{"charref-cr-text", `<x>&#xD;</x>`, true, none},
	{"empty-comment", `<x><!----></x>`, true, none},
	{"two-attrs", `<x a="1" b="2"/>`, true, none},
	{"ns-attrs-distinct", `<x a:b="1" xmlns:a="u" a:c="2"/>`, true, none},
	{"nbsp", "<x>\u00a0</x>", true, none},
	{"replacement-char", `<x>�</x>`, true, none},
	{"name-chars", `<_x-1.2/>`, true, none},
	{"standalone", `<?xml version="1.0" standalone="yes"?><x/>`, true, none},
	{"nested", `<x><y><z/></y></x>`, true, none},
	{"comment-in-text", `<x>text<!-- c -->more</x>`, true, none},
	{"xml-stylesheet-pi", `<x><?xml-stylesheet href="a"?></x>`, true, none},
	{"ns-colon-end", `<x:/>`, true, none},
	{"ns-colon-start", `<:x/>`, true, none},
	{"nel", "<x>\u0085</x>", true, none},
	{"entity-in-attr-ok", `<!DOCTYPE x [<!ENTITY e "a">]><x a="&e;"/>`, true, none},
	{"external-entity-text", `<!DOCTYPE x [<!ENTITY e SYSTEM "e.xml">]><x>&e;</x>`, true, none},
	{"undefined-entity-external-subset", `<!DOCTYPE x SYSTEM "x.dtd"><x>&u;</x>`, true, none},
	{"quote-other-in-value", `<x a="'" b='"'/>`, true, none},
	{"slash-in-value", `<x a="/>"/>`, true, none},
	{"decl-encoding-utf8-lower", `<?xml version="1.0" encoding="utf-8"?><x/>`, true, none},
	{"decl-space-before-end", `<?xml version="1.0" ?><x/>`, true, none},
	{"empty-doc", ``, false, none},
	{"whitespace-only", "   \n", false, none},
	{"unclosed", `<x>`, false, none},
	{"unclosed-nested", `<x><y>`, false, none},
	{"mismatched", `<x></y>`, false, none},
	{"mismatched-inner", `<x><y></x>`, false, none},
	{"duplicate-attr", `<x a="1" a="2"/>`, false, none},
	{"unquoted", `<x a=1/>`, false, none},
	{"missing-quote", `<x a="1/>`, false, none},
	{"no-value", `<x a/>`, false, none},
	{"double-dash-comment", `<x><!-- a -- b --></x>`, false, none},
	{"triple-dash-comment-end", `<x><!-- a ---></x>`, false, none},
	{"cdata-end-in-text", `<x>]]></x>`, false, none},
	{"unknown-entity", `<x>&foo;</x>`, false, none},
	{"bare-amp", `<x>&</x>`, false, none},
	{"bare-amp-space", `<x>a & b</x>`, false, none},
	{"entity-no-semicolon", `<x>&amp</x>`, false, none},
	{"bare-lt", `<x>a < b</x>`, false, none},
	{"control-char-text", "<x>\x01</x>", false, none},
	{"control-char-attr", "<x a=\"\x01\"/>", false, none},
	{"two-roots", `<x/><y/>`, false, none},
	{"text-after-root", `<x/>text`, false, none},
	{"text-before-root", `text<x/>`, false, none},
	{"unclosed-cdata", `<x><![CDATA[abc</x>`, false, none},
	{"unclosed-comment", `<x><!-- abc</x>`, false, none},
	{"charref-zero", `<x>&#0;</x>`, false, none},
	{"charref-surrogate", `<x>&#xD800;</x>`, false, none},
	{"charref-too-big", `<x>&#x110000;</x>`, false, none},
	{"charref-upper-x", `<x>&#X41;</x>`, false, none},
	{"charref-empty", `<x>&#;</x>`, false, none},
	{"invalid-utf8", "<x>\xff</x>", false, none},
	{"truncated-utf8", "<x>\xc3</x>", false, none},
	{"utf8-surrogate", "<x>\xed\xa0\x80</x>", false, none},
	{"fffe", "<x>\ufffe</x>", false, none},
	{"decl-not-first", ` <?xml version="1.0"?><x/>`, false, none},
	{"decl-twice", `<?xml version="1.0"?><?xml version="1.0"?><x/>`, false, none},
	{"decl-no-version", `<?xml encoding="UTF-8"?><x/>`, false, none},
	{"decl-version-2", `<?xml version="2.0"?><x/>`, false, none},
	{"decl-standalone-bad", `<?xml version="1.0" standalone="maybe"?><x/>`, false, none},
	{"decl-no-space", `<?xml version="1.0"encoding="UTF-8"?><x/>`, false, none},
	{"decl-in-element", `<x><?xml version="1.0"?></x>`, false, none},
	{"pi-target-XML", `<?XML version="1.0"?><x/>`, false, none},
	{"pi-no-target", `<x><? ?></x>`, false, none},
	{"pi-target-no-space", `<x><?pi?x?></x>`, false, none},
	{"doctype-after-root", `<x></x><!DOCTYPE x>`, false, none},
	{"doctype-twice", `<!DOCTYPE x><!DOCTYPE x><x/>`, false, none},
	{"cdata-after-root", `<x/><![CDATA[b]]>`, false, none},
	{"lt-in-attr", `<x a="<"/>`, false, none},
	{"amp-in-attr", `<x a="&"/>`, false, none},
	{"attrs-no-space", `<x a="b"c="d"/>`, false, none},
	{"digit-name", `<1x/>`, false, none},
	{"space-after-lt", `< x/>`, false, none},
	{"slash-space-gt", `<x/ >`, false, none},
	{"end-tag-only", `</x>`, false, none},
	{"end-tag-no-name", `<x></>`, false, none},
	{"end-tag-attr", `<x></x y>`, false, none},
	{"ns-duplicate-empty-declaration", `<x xmlns:a="u" xmlns:a=""/>`, true, emptyNamespace},
	{"ns-duplicate-declaration", `<x xmlns:a="u" xmlns:a="v"/>`, false, none},
	{"ns-dup-attr", `<x a:b="2" c:b="3" xmlns:a="u" xmlns:c="u"/>`, true, none},
	{"nul-after-root", "<x/>\x00", true, nulAfterRoot},
	{"nul-after-root-then-junk", "<x/> \x00 junk<<&", true, nulAfterRoot},
	{"nul-before-root", "\x00<x/>", false, none},
	{"nul-in-epilog-comment", "<x/><!-- \x00 -->", false, none},
	{"nul", "<x>\x00</x>", false, none},
	{"form-feed", "<x>\x0c</x>", false, none},
	{"decl-1.1-control", "<?xml version=\"1.1\"?><x>\x01</x>", false, none},
	{"decl-1.1-charref-control", `<?xml version="1.1"?><x>&#x1;</x>`, false, none},
	{"entity-markup", `<!DOCTYPE x [<!ENTITY e "<b>">]><x>&e;</x>`, false, entityExpansion},
	{"entity-lt-in-attr", `<!DOCTYPE x [<!ENTITY e "&#60;">]><x a="&e;"/>`, false, entityExpansion},
	{"external-entity-attr", `<!DOCTYPE x [<!ENTITY e SYSTEM "e.xml">]><x a="&e;"/>`, false, entityExpansion},
	{"doctype-public", `<!DOCTYPE x PUBLIC "-//G//DTD T//EN" 'x.dtd'><x/>`, true, none},
	{"doctype-public-bad-char", `<!DOCTYPE x PUBLIC "<-//G//EN" "x.dtd"><x/>`, false, none},
	{"doctype-public-no-system", `<!DOCTYPE x PUBLIC "a" ><x/>`, false, none},
	{"doctype-junk-after-name", `<!DOCTYPE x junk><x/>`, false, none},
	{"doctype-junk-after-subset", `<!DOCTYPE x [] junk><x/>`, false, none},
	{"undefined-entity-attr-external-subset", `<!DOCTYPE x SYSTEM "x.dtd"><x a="&u;"/>`, true, none},
	{"parameter-entity-expansion", `<!DOCTYPE x [<!ENTITY % p "x"> %p;]><x/>`, false, entityExpansion},
	{"doctype-element-no-space", `<!DOCTYPE x [<!ATTLIST<x>]><x/>`, false, none},
	{"doctype-pe-no-space", `<!DOCTYPE x [<!ENTITY %e "v">]><x/>`, false, none},
	{"doctype-pe-declaration", `<!DOCTYPE x [<!ENTITY % e "v">]><x/>`, true, none},
	{"doctype-element-bad-content", `<!DOCTYPE x [<!ELEMENT x junk>]><x/>`, false, dtdGrammar},
	{"doctype-attlist-no-default", `<!DOCTYPE x [<!ATTLIST x a CDATA>]><x/>`, false, dtdGrammar},
	{"doctype-empty", `<!DOCTYPE><x/>`, false, none},
	{"doctype-no-space", `<!DOCTYPEx><x/>`, true, none},
	{"doctype-junk-subset", `<!DOCTYPE x [ junk ]><x/>`, false, none},
	{"comment-unclosed-root", `<!-- c`, false, none},
	{"bang-junk", `<x><!foo></x>`, false, none},
	{"unclosed-start-tag", `<x a="1"`, false, none},
	{"value-newline-lt", "<x a=\"1\n<y/>", false, none},
	{"entity-undeclared-standalone", `<?xml version="1.0" standalone="yes"?><!DOCTYPE x SYSTEM "x.dtd"><x>&u;</x>`, false, none},
	{"entity-recursive", `<!DOCTYPE x [<!ENTITY a "&b;"><!ENTITY b "&a;">]><x>&a;</x>`, false, entityExpansion},
	{"utf16-declared", `<?xml version="1.0" encoding="UTF-16"?><x/>`, false, none},
	{"encoding-utf32", `<?xml version="1.0" encoding="UTF-32"?><x/>`, false, none},
	{"encoding-ucs2", `<?xml version="1.0" encoding="UCS-2"?><x/>`, false, none},
	{"encoding-windows-1252", `<?xml version="1.0" encoding="windows-1252"?><x/>`, true, none},
	{"encoding-ebcdic", `<?xml version="1.0" encoding="EBCDIC-US"?><x/>`, false, encodingNames},
	{"encoding-ascii-non-ascii", "<?xml version=\"1.0\" encoding=\"US-ASCII\"?><x>\u00e9</x>", false, nonUTF8},
	{"encoding-unknown", `<?xml version="1.0" encoding="bogus"?><x/>`, false, encodingNames},
	{"decl-trailing-junk", `<?xml version="1.0" foo="bar"?><x/>`, false, none},
	{"decl-order", `<?xml version="1.0" standalone="yes" encoding="UTF-8"?><x/>`, false, none},
	{"decl-unclosed", `<?xml version="1.0"`, false, none},
	{"bom-twice", "\ufeff\ufeff<x/>", false, none},
	{"bom-after-space", " \ufeff<x/>", false, none},
	{"pi-unclosed", `<x><?pi a</x>`, false, none},
	{"ns-xmlns-empty-prefix", `<x xmlns:a=""/>`, true, none},
	{"ns-qname-bad", `<a:b:c xmlns:a="u"/>`, true, none},
	{"attr-eq-no-value", `<x a=/>`, false, none},
	{"attr-no-name", `<x ="1"/>`, false, none},
	{"lt-bang-dash", `<x><!-x--></x>`, false, none},
	{"cdata-lowercase", `<x><![cdata[a]]></x>`, false, none},
}

// TestVerdictTable checks gtr's verdict on each case against the recorded
// libxml2 verdict, then, when xmllint is installed, the record itself.
func TestVerdictTable(t *testing.T) {
	if len(verdictCases) < 80 {
		t.Fatalf("only %d verdict cases, want at least 80", len(verdictCases))
	}
	seen := map[string]bool{}
	for _, c := range verdictCases {
		if seen[c.name] {
			t.Fatalf("duplicate case name %q", c.name)
		}
		seen[c.name] = true
		tree := cst.Parse(c.name+".xml", []byte(c.doc))
		want := c.wellFormed != (c.exc != none)
		if tree.WellFormed() != want {
			t.Errorf("%s: gtr well-formed=%v, want %v (libxml2 %v, exception %q); gtr errors:\n%v",
				c.name, tree.WellFormed(), want, c.wellFormed, c.exc, tree.Errors())
		}
	}
	xmllint := xmllintPath(t)
	for _, c := range verdictCases {
		if got := xmllintWellFormed(t, xmllint, []byte(c.doc)); got != c.wellFormed {
			t.Errorf("%s: xmllint well-formed=%v, recorded %v: update the table", c.name, got, c.wellFormed)
		}
	}
}

// TestExceptionsHaveCases checks that each named exception is shown by at
// least one case, so that the list of differences stays honest.
func TestExceptionsHaveCases(t *testing.T) {
	used := map[exception]bool{}
	for _, c := range verdictCases {
		used[c.exc] = true
	}
	for _, e := range []exception{entityExpansion, encodingNames, nonUTF8, emptyNamespace, dtdGrammar, nulAfterRoot} {
		if !used[e] {
			t.Errorf("exception %q has no case in verdictCases", e)
		}
	}
}

// TestXmllintAgreesProperty compares gtr's verdict with xmllint's on
// generated documents. It runs xmllint once per case, and shrinking a
// failure runs it thousands of times, so it runs only when asked:
//
//	GTR_XMLLINT_DIFF=1 go test -run TestXmllintAgreesProperty ./fuzz/ -rapid.checks=3000
//
// A quarter of the documents are damaged ([fuzz.Document]);
// GTR_XMLLINT_DIFF=damaged damages them all.
func TestXmllintAgreesProperty(t *testing.T) {
	mode := os.Getenv("GTR_XMLLINT_DIFF")
	if mode == "" {
		t.Skip("skipping: set GTR_XMLLINT_DIFF=1 to compare with xmllint on generated documents")
	}
	xmllint := xmllintPath(t)
	rapid.Check(t, func(rt *rapid.T) {
		var src []byte
		if mode == "damaged" || rapid.IntRange(0, 3).Draw(rt, "damaged") == 0 {
			src = fuzz.Document().Draw(rt, "doc")
		} else {
			src = fuzz.PlausibleDocument().Draw(rt, "doc")
		}
		tree := cst.Parse("gen.xml", src)
		theirs := xmllintWellFormed(t, xmllint, src)
		if tree.WellFormed() == theirs {
			return
		}
		if e := explain(src, tree); e != none {
			rt.Logf("known difference %q", e)
			return
		}
		rt.Fatalf("gtr well-formed=%v, xmllint %v\ndocument: %q\ngtr errors:\n%v",
			tree.WellFormed(), theirs, src, tree.Errors())
	})
}

// explain returns the exception that accounts for a disagreement on src,
// parsed as tree, or none.
func explain(src []byte, tree *cst.Tree) exception {
	if bytes.Contains(src, []byte("<!ENTITY")) {
		return entityExpansion
	}
	if bytes.Contains(src, []byte("<!ELEMENT")) || bytes.Contains(src, []byte("<!ATTLIST")) || bytes.Contains(src, []byte("<!NOTATION")) {
		return dtdGrammar
	}
	if onlyNamespaceDuplicates(tree) && hasEmptyNamespace(tree) {
		return emptyNamespace
	}
	if nul := nulAfterRootAt(tree); nul >= 0 && tree.Errors()[0].Pos.Offset >= nul {
		return nulAfterRoot
	}
	if decl, _, ok := bytes.Cut(src, []byte("?>")); ok && bytes.Contains(decl, []byte("encoding")) {
		d := strings.ToLower(string(decl))
		if !strings.Contains(d, "utf-8") && !strings.Contains(d, "utf8") {
			return nonUTF8
		}
	}
	return none
}

// onlyNamespaceDuplicates reports whether tree has errors and all of them
// are repeated namespace declarations.
func onlyNamespaceDuplicates(tree *cst.Tree) bool {
	for _, e := range tree.Errors() {
		if !strings.HasPrefix(e.Msg, "duplicate attribute xmlns:") {
			return false
		}
	}
	return !tree.WellFormed()
}

// nulAfterRootAt returns the offset of the first NUL byte in text after the
// root element, or -1.
func nulAfterRootAt(tree *cst.Tree) int {
	root := tree.RootElement()
	if !root.IsValid() || !root.EndTag().IsValid() && !root.SelfClosing() {
		return -1
	}
	src := tree.Source()
	for off := root.Span().End; off < len(src); off++ {
		if src[off] != 0 {
			continue
		}
		if n := tree.TokenAt(off).Node(); n.Kind() == cst.KindText && n.Parent().Kind() == cst.KindDocument {
			return off
		}
		return -1
	}
	return -1
}

// hasEmptyNamespace reports whether tree has a declaration xmlns:p="".
func hasEmptyNamespace(tree *cst.Tree) bool {
	for n := range tree.Root().Descendants() {
		if n.Kind() == cst.KindAttribute && strings.HasPrefix(n.Name(), "xmlns:") && n.RawValue() == "" {
			return true
		}
	}
	return false
}

// xmllintPath returns the path of xmllint, skipping the test when it is not
// installed.
func xmllintPath(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("skipping: xmllint not installed (apt-get install libxml2-utils)")
	}
	return p
}

// xmllintWellFormed reports whether `xmllint --noout` accepts src: exit
// status 0, or 1 for a document it could not parse.
func xmllintWellFormed(t testing.TB, xmllint string, src []byte) bool {
	t.Helper()
	cmd := exec.Command(xmllint, "--noout", "--nonet", "-")
	cmd.Stdin = bytes.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return true
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return false
	}
	t.Fatalf("xmllint failed: %v\n%s", err, stderr.Bytes())
	return false
}
