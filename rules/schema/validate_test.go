package schema

import (
	"slices"
	"strings"
	"testing"
)

// vcase is one validation example: a schema body, a document, and the
// messages expected (nil when the document is valid). Every case is also
// run through xmllint, which must give the same verdict.
type vcase struct {
	name   string
	schema string
	doc    string
	want   []string
}

func runCases(t *testing.T, cases []vcase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := tinySet(t, c.schema)
			root := parseXML(t, c.doc)
			got := messages(s.validate(root, tinyProfile, false))
			if !slices.Equal(got, c.want) {
				t.Errorf("messages:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(c.want, "\n      "))
			}
			if first := s.validate(root, tinyProfile, true); (len(first) == 0) != (len(got) == 0) || len(first) > 1 {
				t.Errorf("first-error mode gave %d errors, full mode %d", len(first), len(got))
			}
			valid, out, ok := xmllintValid(t, schemaDoc(c.schema), c.doc)
			if ok && valid != (len(got) == 0) {
				t.Errorf("xmllint says valid=%v, we say valid=%v; xmllint:\n%s", valid, len(got) == 0, out)
			}
		})
	}
}

const seqSchema = `
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="a" minOccurs="0"/>
  <xs:element name="b"/>
  <xs:choice minOccurs="0" maxOccurs="unbounded"><xs:element name="c"/><xs:element name="d"/></xs:choice>
  <xs:element name="e" minOccurs="2" maxOccurs="3"/>
</xs:sequence></xs:complexType></xs:element>`

func TestContentModels(t *testing.T) {
	runCases(t, []vcase{
		{"sequence ok", seqSchema, "<r><a/><b/><c/><d/><c/><e/><e/></r>", nil},
		{"optional first left out", seqSchema, "<r><b/><e/><e/><e/></r>", nil},
		{"missing required child", seqSchema, "<r><a/></r>",
			[]string{"line 1: Element 'r': Missing child element(s). Expected is ( b )."}},
		{"empty, several expected", seqSchema, "<r></r>",
			[]string{"line 1: Element 'r': Missing child element(s). Expected is one of ( a, b )."}},
		{"minOccurs 2 not reached", seqSchema, "<r><b/><e/></r>",
			[]string{"line 1: Element 'r': Missing child element(s). Expected is ( e )."}},
		{"maxOccurs 3 exceeded", seqSchema, "<r><b/><e/><e/><e/>\n<e/></r>",
			[]string{"line 2: Element 'e': This element is not expected."}},
		{"out of order", seqSchema, "<r><b/><a/><e/><e/></r>",
			[]string{"line 1: Element 'a': This element is not expected. Expected is one of ( c, d, e )."}},
		{"unknown element", seqSchema, "<r>\n<z/><b/><e/><e/></r>",
			[]string{"line 2: Element 'z': This element is not expected. Expected is one of ( a, b )."}},
		{"group refs and nested occurrences", `
<xs:group name="G"><xs:sequence><xs:element name="x"/><xs:element name="y" minOccurs="0"/></xs:sequence></xs:group>
<xs:element name="g"/>
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:group ref="G" minOccurs="1" maxOccurs="2"/>
  <xs:element ref="g" maxOccurs="unbounded"/>
</xs:sequence></xs:complexType></xs:element>`, "<r><x/><y/><x/><g/><g/></r>", nil},
		{"group repeated too often", `
<xs:group name="G"><xs:sequence><xs:element name="x"/><xs:element name="y" minOccurs="0"/></xs:sequence></xs:group>
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:group ref="G" minOccurs="1" maxOccurs="2"/>
</xs:sequence></xs:complexType></xs:element>`, "<r><x/><x/><x/></r>",
			[]string{"line 1: Element 'x': This element is not expected. Expected is ( y )."}},
		{"repeated optional particle, once", repeatSchema, "<r><a/></r>", nil},
		{"repeated optional particle, twice", repeatSchema, "<r><a/><a/><b/><b/><b/></r>", nil},
		{"repeated optional particle, thrice", repeatSchema, "<r><a/><a/><a/></r>",
			[]string{"line 1: Element 'a': This element is not expected. Expected is one of ( b, c )."}},
		{"counted group inside unbounded choice", repeatSchema, "<r><b/><c/><d/><c/><d/><c/><d/></r>", nil},
		{"counted group cut short", repeatSchema, "<r><c/><c/></r>",
			[]string{"line 1: Element 'c': This element is not expected. Expected is ( d )."}},
		{"empty choice matches nothing", `
<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="a"/><xs:choice/></xs:sequence></xs:complexType></xs:element>`,
			"<r><a/></r>", []string{"line 1: Element 'r': Missing child element(s)."}},
	})
}

const repeatSchema = `
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:sequence minOccurs="2" maxOccurs="2"><xs:element name="a" minOccurs="0"/></xs:sequence>
  <xs:element name="b" minOccurs="0" maxOccurs="3"/>
  <xs:choice minOccurs="0" maxOccurs="unbounded"><xs:sequence minOccurs="1" maxOccurs="2"><xs:element name="c"/><xs:element name="d"/></xs:sequence></xs:choice>
</xs:sequence></xs:complexType></xs:element>`

const allSchema = `
<xs:element name="r"><xs:complexType><xs:all>
  <xs:element name="x"/><xs:element name="y" minOccurs="0"/><xs:element name="z" minOccurs="0"/>
</xs:all></xs:complexType></xs:element>`

func TestAll(t *testing.T) {
	runCases(t, []vcase{
		{"any order", allSchema, "<r><z/><x/><y/></r>", nil},
		{"required only", allSchema, "<r><x/></r>", nil},
		{"required missing", allSchema, "<r><y/></r>",
			[]string{"line 1: Element 'r': Missing child element(s). Expected is ( x )."}},
		{"no children", allSchema, "<r/>",
			[]string{"line 1: Element 'r': Missing child element(s). Expected is one of ( x, y, z )."}},
		{"twice", allSchema, "<r><x/><y/><x/></r>",
			[]string{"line 1: Element 'x': This element is not expected: it may occur only once here."}},
		{"unknown", allSchema, "<r><x/><w/></r>",
			[]string{"line 1: Element 'w': This element is not expected. Expected is one of ( y, z )."}},
		{"optional all group", `
<xs:element name="r"><xs:complexType><xs:all minOccurs="0"><xs:element name="x"/></xs:all></xs:complexType></xs:element>`,
			"<r/>", nil},
	})
}

const contentSchema = `
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="empty" minOccurs="0"><xs:complexType><xs:attribute name="a"/></xs:complexType></xs:element>
  <xs:element name="only" minOccurs="0"><xs:complexType><xs:sequence><xs:element name="k" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="mixed" minOccurs="0"><xs:complexType mixed="true"><xs:sequence><xs:element name="k" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="text" minOccurs="0"><xs:complexType mixed="true"/></xs:element>
  <xs:element name="int" type="xs:integer" minOccurs="0"/>
  <xs:element name="sc" minOccurs="0"><xs:complexType><xs:simpleContent><xs:extension base="xs:boolean"><xs:attribute name="q" type="xs:integer"/></xs:extension></xs:simpleContent></xs:complexType></xs:element>
</xs:sequence></xs:complexType></xs:element>`

const fixedSchema = `
<xs:complexType name="A" abstract="true"/>
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="f" type="xs:string" fixed="one" minOccurs="0"/>
  <xs:element name="abs" type="A" minOccurs="0"/>
</xs:sequence></xs:complexType></xs:element>`

func TestContentKinds(t *testing.T) {
	runCases(t, []vcase{
		{"empty content", contentSchema, `<r><empty a="1"/></r>`, nil},
		{"empty content refuses whitespace", contentSchema, "<r><empty>\n</empty></r>",
			[]string{"line 1: Element 'empty': Character content is not allowed, because the content type is empty."}},
		{"empty content refuses elements", contentSchema, "<r><empty><k/></empty></r>",
			[]string{"line 1: Element 'empty': Element content is not allowed, because the content type is empty."}},
		{"comment in empty content", contentSchema, "<r><empty><!-- c --></empty></r>", nil},
		{"element-only with whitespace", contentSchema, "<r><only>\n  <k/>\n</only></r>", nil},
		{"element-only with text", contentSchema, "<r><only>x<k/></only></r>",
			[]string{"line 1: Element 'only': Character content other than whitespace is not allowed because the content type is 'element-only'."}},
		{"mixed", contentSchema, "<r><mixed>x<k/>y</mixed></r>", nil},
		{"mixed without particle takes text", contentSchema, "<r><text>words</text></r>", nil},
		{"mixed without particle refuses elements", contentSchema, "<r><text>w<k/></text></r>",
			[]string{"line 1: Element 'k': This element is not expected."}},
		{"simple type", contentSchema, "<r><int> 42 </int></r>", nil},
		{"simple type with child", contentSchema, "<r><int><k/></int></r>",
			[]string{"line 1: Element 'int': Element content is not allowed, because the type definition is simple."}},
		{"simple type with attribute", contentSchema, `<r><int a="1">4</int></r>`,
			[]string{"line 1: Element 'int', attribute 'a': The attribute 'a' is not allowed."}},
		{"simple type bad value", contentSchema, "<r><int>4.5</int></r>",
			[]string{"line 1: Element 'int': '4.5' is not a valid value of the atomic type 'xs:integer'."}},
		{"simple content", contentSchema, `<r><sc q="3">true</sc></r>`, nil},
		{"simple content bad text", contentSchema, `<r><sc>True</sc></r>`,
			[]string{"line 1: Element 'sc': 'True' is not a valid value of the atomic type 'xs:boolean'."}},
		{"simple content with child", contentSchema, `<r><sc><k/></sc></r>`,
			[]string{"line 1: Element 'sc': Element content is not allowed, because the content type is a simple type definition."}},
		{"fixed element value", fixedSchema, "<r><f>one</f></r>", nil},
		{"fixed element value differs", fixedSchema, "<r><f>two</f></r>",
			[]string{"line 1: Element 'f': The element content 'two' does not match the fixed value constraint 'one'."}},
		{"abstract type", fixedSchema, "<r><abs/></r>",
			[]string{"line 1: Element 'abs': The type definition is abstract."}},
		{"root not declared", contentSchema, "<tool/>",
			[]string{"line 1: Element 'tool': No matching global declaration available for the validation root."}},
		{"root in a namespace", contentSchema, `<r xmlns="urn:x"/>`,
			[]string{"line 1: Element 'r': No matching global declaration available for the validation root."}},
		{"child in a namespace", contentSchema, `<r><p:only xmlns:p="urn:x"/></r>`,
			[]string{"line 1: Element 'p:only': This element is not expected. Expected is one of ( empty, only, mixed, text, int, sc )."}},
	})
}
