package schema

import "testing"

const attrSchema = `
<xs:attributeGroup name="AG"><xs:attribute name="g1" type="xs:integer"/><xs:attribute name="g2" use="required"/></xs:attributeGroup>
<xs:complexType name="Base">
  <xs:sequence><xs:element name="b" minOccurs="0"/></xs:sequence>
  <xs:attribute name="id" use="required"/>
  <xs:attribute name="drop"/>
  <xs:attribute name="flag" type="xs:boolean" default="false"/>
</xs:complexType>
<xs:complexType name="Ext"><xs:complexContent><xs:extension base="Base">
  <xs:sequence><xs:element name="x" minOccurs="0"/></xs:sequence>
  <xs:attributeGroup ref="AG"/>
</xs:extension></xs:complexContent></xs:complexType>
<xs:complexType name="Res"><xs:complexContent><xs:restriction base="Base">
  <xs:sequence><xs:element name="b"/></xs:sequence>
  <xs:attribute name="drop" use="prohibited"/>
</xs:restriction></xs:complexContent></xs:complexType>
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="ext" type="Ext" minOccurs="0"/>
  <xs:element name="res" type="Res" minOccurs="0"/>
  <xs:element name="fixed" minOccurs="0"><xs:complexType><xs:attribute name="v" type="xs:string" fixed="one"/></xs:complexType></xs:element>
  <xs:element name="lax" minOccurs="0"><xs:complexType><xs:anyAttribute processContents="lax"/></xs:complexType></xs:element>
  <xs:element name="strict" minOccurs="0"><xs:complexType><xs:anyAttribute namespace="##other"/></xs:complexType></xs:element>
</xs:sequence></xs:complexType></xs:element>`

func TestAttributes(t *testing.T) {
	runCases(t, []vcase{
		{"extension: base then own content, attributes merged", attrSchema,
			`<r><ext id="1" g2="" g1="7" flag="1"><b/><x/></ext></r>`, nil},
		{"required attribute missing", attrSchema, `<r><ext g2=""/></r>`,
			[]string{"line 1: Element 'ext': The attribute 'id' is required but missing."}},
		{"required from an attribute group", attrSchema, `<r><ext id="1"/></r>`,
			[]string{"line 1: Element 'ext': The attribute 'g2' is required but missing."}},
		{"attribute not declared", attrSchema, `<r><ext id="1" g2="" bogus="x"/></r>`,
			[]string{"line 1: Element 'ext', attribute 'bogus': The attribute 'bogus' is not allowed."}},
		{"attribute value", attrSchema, `<r><ext id="1" g2="" flag="True"/></r>`,
			[]string{"line 1: Element 'ext', attribute 'flag': 'True' is not a valid value of the atomic type 'xs:boolean'."}},
		{"restriction prohibits an attribute", attrSchema, `<r><res id="1" drop="x"><b/></res></r>`,
			[]string{"line 1: Element 'res', attribute 'drop': The attribute 'drop' is not allowed."}},
		{"restriction replaces the content model", attrSchema, `<r><res id="1"/></r>`,
			[]string{"line 1: Element 'res': Missing child element(s). Expected is ( b )."}},
		{"fixed value", attrSchema, `<r><fixed v="one"/></r>`, nil},
		{"fixed value differs", attrSchema, `<r><fixed v="two"/></r>`,
			[]string{"line 1: Element 'fixed', attribute 'v': The value 'two' does not match the fixed value constraint 'one'."}},
		{"lax attribute wildcard", attrSchema, `<r><lax anything="x" xml:lang="en"/></r>`, nil},
		{"##other wildcard refuses no-namespace attributes", attrSchema, `<r><strict a="1"/></r>`,
			[]string{"line 1: Element 'strict', attribute 'a': The attribute 'a' is not allowed."}},
		{"namespace declarations are not attributes", attrSchema, `<r xmlns:q="urn:q"><fixed xmlns=""/></r>`, nil},
	})
}

const wildSchema = `
<xs:element name="known" type="xs:integer"/>
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="skip" minOccurs="0"><xs:complexType><xs:sequence><xs:any processContents="skip" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="lax" minOccurs="0"><xs:complexType><xs:sequence><xs:any processContents="lax" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="strict" minOccurs="0"><xs:complexType><xs:sequence><xs:any maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="other" minOccurs="0"><xs:complexType><xs:sequence><xs:element name="a" minOccurs="0"/><xs:any namespace="##other" processContents="skip" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="anyt" type="xs:anyType" minOccurs="0"/>
  <xs:element name="untyped" minOccurs="0"/>
</xs:sequence></xs:complexType></xs:element>`

func TestWildcards(t *testing.T) {
	runCases(t, []vcase{
		{"skip takes anything", wildSchema, `<r><skip><known>x</known><w a="1">t</w></skip></r>`, nil},
		{"lax validates known elements", wildSchema, `<r><lax><w/><known>x</known></lax></r>`,
			[]string{"line 1: Element 'known': 'x' is not a valid value of the atomic type 'xs:integer'."}},
		{"lax lets unknown elements be", wildSchema, `<r><lax><w><v>text</v></w></lax></r>`, nil},
		{"strict needs a declaration", wildSchema, `<r><strict><known>1</known><w/></strict></r>`,
			[]string{"line 1: Element 'w': No matching global element declaration available, but demanded by the strict wildcard."}},
		{"##other takes namespaced elements", wildSchema, `<r><other><a/><p:w xmlns:p="urn:p"/></other></r>`, nil},
		{"##other refuses no-namespace elements", wildSchema, `<r><other><a/><w/></other></r>`,
			[]string{"line 1: Element 'w': This element is not expected. Expected is ( ##other )."}},
		{"anyType is lax all the way down", wildSchema, `<r><anyt x="1">t<w y="2"><known>bad</known></w></anyt></r>`,
			[]string{"line 1: Element 'known': 'bad' is not a valid value of the atomic type 'xs:integer'."}},
		{"an element without a type is anyType", wildSchema, `<r><untyped q="1">t<w/></untyped></r>`, nil},
	})
}
