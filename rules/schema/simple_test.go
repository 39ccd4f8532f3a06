package schema

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// valueSchema declares one attribute per type under test on <v>.
const valueSchema = `
<xs:simpleType name="singleLine"><xs:restriction base="xs:string"><xs:whiteSpace value="collapse"/></xs:restriction></xs:simpleType>
<xs:simpleType name="Topic"><xs:restriction base="singleLine"><xs:pattern value="topic_[0-9]{4}"/></xs:restriction></xs:simpleType>
<xs:simpleType name="Range"><xs:restriction base="xs:string"><xs:pattern value="((-?\d+)?:(-?\d+)?)|(-?\d+)"/></xs:restriction></xs:simpleType>
<xs:simpleType name="TwoPatterns"><xs:restriction base="xs:string"><xs:pattern value="a+"/><xs:pattern value="b"/></xs:restriction></xs:simpleType>
<xs:simpleType name="Narrower"><xs:restriction base="TwoPatterns"><xs:pattern value="a"/></xs:restriction></xs:simpleType>
<xs:simpleType name="Color"><xs:restriction base="xs:string"><xs:enumeration value="red"/><xs:enumeration value="green"/></xs:restriction></xs:simpleType>
<xs:simpleType name="PermissiveBoolean"><xs:union>
  <xs:simpleType><xs:restriction base="xs:boolean"/></xs:simpleType>
  <xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="True"/><xs:enumeration value="False"/><xs:enumeration value="yes"/></xs:restriction></xs:simpleType>
</xs:union></xs:simpleType>
<xs:simpleType name="Ints"><xs:list itemType="xs:integer"/></xs:simpleType>
<xs:simpleType name="Float"><xs:restriction base="xs:float"/></xs:simpleType>
<xs:simpleType name="Dot"><xs:restriction base="xs:string"><xs:pattern value="a.c\^$"/></xs:restriction></xs:simpleType>
<xs:simpleType name="NameLike"><xs:restriction base="xs:string"><xs:pattern value="\i\c*"/></xs:restriction></xs:simpleType>
<xs:element name="v"><xs:complexType>
  <xs:attribute name="boolean" type="xs:boolean"/>
  <xs:attribute name="integer" type="xs:integer"/>
  <xs:attribute name="nonNegativeInteger" type="xs:nonNegativeInteger"/>
  <xs:attribute name="decimal" type="xs:decimal"/>
  <xs:attribute name="float" type="xs:float"/>
  <xs:attribute name="Float" type="Float"/>
  <xs:attribute name="anyURI" type="xs:anyURI"/>
  <xs:attribute name="Topic" type="Topic"/>
  <xs:attribute name="Range" type="Range"/>
  <xs:attribute name="TwoPatterns" type="TwoPatterns"/>
  <xs:attribute name="Narrower" type="Narrower"/>
  <xs:attribute name="Color" type="Color"/>
  <xs:attribute name="PermissiveBoolean" type="PermissiveBoolean"/>
  <xs:attribute name="Ints" type="Ints"/>
  <xs:attribute name="Dot" type="Dot"/>
  <xs:attribute name="NameLike" type="NameLike"/>
  <xs:attribute name="local"><xs:simpleType><xs:restriction base="xs:integer"/></xs:simpleType></xs:attribute>
</xs:complexType></xs:element>`

// TestValues checks lexical spaces, facets, unions and lists value by
// value, each verdict also checked against xmllint. Values are written
// as attribute values (entity-escaped where needed).
func TestValues(t *testing.T) {
	valid := map[string][]string{
		"boolean":            {"true", "false", "1", "0", " true ", "&#9;false&#10;"},
		"integer":            {"1", "+1", "-1", " 12 ", "0012", "123456789012345678901234", "000000000000000000000000001"},
		"nonNegativeInteger": {"0", "-0", "+5", "00"},
		"decimal":            {"1", "1.5", ".5", "5.", "-.5", "+5", "00.", "1234567890123.45678901234", "0000000000000000000000000001.5"},
		"float":              {"1", "1.5", ".5", "5.", "INF", "-INF", "NaN", " NaN", "1e5", "1E+5", "1e", "1e-", "-0", " 1 ", "1e400"},
		"Float":              {"1.5", "-INF"},
		"anyURI":             {"", "a b", "http://x/%41", "http://[::1]/", "a:", "#", "?", "mailto:x@y", "é", "a{b}", "http://h:2147483647/"},
		"Topic":              {"topic_0001", " topic_0001 "},
		"Range":              {"1:2", ":", "-1", "3:", ":-4"},
		"TwoPatterns":        {"aaa", "b"},
		"Narrower":           {"a"},
		"Color":              {"red", "green"},
		"PermissiveBoolean":  {"true", " 1 ", "True", "yes"},
		"Ints":               {"1 2 3", " 1  2 ", ""},
		"Dot":                {"abc^$", "a c^$"},
		"NameLike":           {"a1", "_x.y-z", "é"},
		"local":              {"7"},
	}
	invalid := map[string][]string{
		"boolean":            {"True", "yes", "", "t rue"},
		"integer":            {"1.0", "", "1 2", "+-1", "-", "1234567890123456789012345"},
		"nonNegativeInteger": {"-1", "- 0"},
		"decimal":            {".", "", "1e5", "1234567890123456789012345", "123456789012345678901234.5", "1.50000000000000000000000000000", "0.1234567890123456789012345"},
		"float":              {".", "+INF", "nan", "1,5", "Infinity", "0x10", "", "e5", ".e5", "- 1", "INF ", "-", "+"},
		"Float":              {"INF ", "x"},
		"anyURI":             {"%zz", "%", "a%2", "http://x/[a]", "a#b#c", "::", ":a", "1a:b", "//a@b@c", "http://a:b:c/", "http://h:2147483648/", "http://h:/"},
		"Topic":              {"topic_001", "topic_00011", "xtopic_0001"},
		"Range":              {"1:2:3", "a", ""},
		"TwoPatterns":        {"c", "ab"},
		"Narrower":           {"aa", "b"},
		"Color":              {"blue", "Red", " red"},
		"PermissiveBoolean":  {"TRUE", "no", " True"},
		"Ints":               {"1 x"},
		"Dot":                {"abc", "a&#10;c^$"},
		"NameLike":           {"1a", "-a", ""},
		"local":              {"x"},
	}
	s := tinySet(t, valueSchema)
	for _, verdict := range []bool{true, false} {
		values := valid
		if !verdict {
			values = invalid
		}
		for attr, vs := range values {
			for _, v := range vs {
				doc := fmt.Sprintf(`<v %s="%s"/>`, attr, v)
				t.Run(attr+"="+v, func(t *testing.T) {
					errs := s.validate(parseXML(t, doc), tinyProfile, false)
					if (len(errs) == 0) != verdict {
						t.Errorf("%s: valid=%v, want %v: %v", doc, len(errs) == 0, verdict, messages(errs))
					}
					if ok, out, ran := xmllintValid(t, schemaDoc(valueSchema), doc); ran && ok != verdict {
						t.Errorf("%s: xmllint valid=%v, test says %v:\n%s", doc, ok, verdict, out)
					}
				})
			}
		}
	}
}

// TestValueMessages pins the wording of value errors.
func TestValueMessages(t *testing.T) {
	runCases(t, []vcase{
		{"atomic built-in", valueSchema, `<v boolean="True"/>`,
			[]string{"line 1: Element 'v', attribute 'boolean': 'True' is not a valid value of the atomic type 'xs:boolean'."}},
		{"named atomic type", valueSchema, `<v Float="x"/>`,
			[]string{"line 1: Element 'v', attribute 'Float': 'x' is not a valid value of the atomic type 'Float'."}},
		{"local atomic type", valueSchema, `<v local="x"/>`,
			[]string{"line 1: Element 'v', attribute 'local': 'x' is not a valid value of the local atomic type."}},
		{"enumeration", valueSchema, `<v Color="blue"/>`,
			[]string{"line 1: Element 'v', attribute 'Color': [facet 'enumeration'] The value 'blue' is not an element of the set {'red', 'green'}."}},
		{"pattern on the collapsed value", valueSchema, `<v Topic="  topic_1 "/>`,
			[]string{"line 1: Element 'v', attribute 'Topic': [facet 'pattern'] The value 'topic_1' is not accepted by the pattern 'topic_[0-9]{4}'."}},
		{"patterns of one step are alternatives", valueSchema, `<v TwoPatterns="c"/>`,
			[]string{"line 1: Element 'v', attribute 'TwoPatterns': [facet 'pattern'] The value 'c' is not accepted by the pattern 'a+' or 'b'."}},
		{"union", valueSchema, `<v PermissiveBoolean="no"/>`,
			[]string{"line 1: Element 'v', attribute 'PermissiveBoolean': 'no' is not a valid value of the union type 'PermissiveBoolean'."}},
		{"list", valueSchema, `<v Ints="1 x"/>`,
			[]string{"line 1: Element 'v', attribute 'Ints': '1 x' is not a valid value of the list type 'Ints'."}},
	})
}

func TestTranslatePattern(t *testing.T) {
	for _, c := range []struct{ xsd, goRE, err string }{
		{xsd: `topic_[0-9]{4}`, goRE: `topic_[0-9]{4}`},
		{xsd: `[a-zA-Z0-9_\-\.]+.xml`, goRE: `[a-zA-Z0-9_\-\.]+[^\n\r]xml`},
		{xsd: `((-?\d+)?:(-?\d+)?)|(-?\d+)`, goRE: `(?:(?:\-?\p{Nd}+)?:(?:\-?\p{Nd}+)?)|(?:\-?\p{Nd}+)`},
		{xsd: `^a$`, goRE: `\^a\$`},
		{xsd: `[^a-c]\s\S`, goRE: `[^a-c][ \t\n\r][^ \t\n\r]`},
		{xsd: `[\d\s]`, goRE: `[\p{Nd} \t\n\r]`},
		{xsd: `\p{Lu}\P{N}`, goRE: `\p{Lu}\P{N}`},
		{xsd: `[a-z-[aeiou]]`, err: "subtraction"},
		{xsd: `\p{IsBasicLatin}`, err: "block escape"},
		{xsd: `a{,2}`, err: "bad quantifier"},
		{xsd: `\q`, err: "unknown escape"},
	} {
		got, err := translatePattern(c.xsd)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one containing %q", c.xsd, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.xsd, err)
		case c.err == "" && got != c.goRE:
			t.Errorf("%q: got %q, want %q", c.xsd, got, c.goRE)
		}
	}
}

// TestFreeTypes checks the shortcut the validator takes for a type marked
// free, not checking its values at all: verify finds any string valid
// for it, and the tables mark xs:string free, so that the shortcut is
// taken.
func TestFreeTypes(t *testing.T) {
	c := newCompiler(tables)
	if _, err := c.compile(); err != nil {
		t.Fatal(err)
	}
	var free []*stype
	for _, st := range c.simple[1:] {
		if st.free {
			free = append(free, st)
		}
		if st.name == "xs:string" && !st.free {
			t.Fatalf("xs:string is not free")
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.OneOf(rapid.String(), rapid.StringOf(rapid.RuneFrom([]rune(" \t\r\nab:-")))).Draw(t, "value")
		for _, st := range free {
			if _, f, _ := st.verify(v); f != failNone {
				t.Fatalf("free type %q: verify(%q) fails (%d)", st.name, v, f)
			}
			if msg := st.check(v, true); msg != "" {
				t.Fatalf("free type %q: check(%q) = %q", st.name, v, msg)
			}
		}
	})
}
