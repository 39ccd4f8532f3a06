package schema

import "testing"

// uniqueSchema has the identity constraints and length facets of the kind
// Galaxy's schemas use from 2025 on (<credentials>), and a few they do not
// use, to pin how values compare.
const uniqueSchema = `
<xs:simpleType name="Short"><xs:restriction base="xs:string"><xs:minLength value="2"/><xs:maxLength value="4"/></xs:restriction></xs:simpleType>
<xs:simpleType name="Word"><xs:restriction base="Short"><xs:enumeration value="ab"/><xs:enumeration value="AB"/><xs:enumeration value="abc"/></xs:restriction></xs:simpleType>
<xs:simpleType name="Tok"><xs:restriction base="xs:token"><xs:minLength value="3"/></xs:restriction></xs:simpleType>
<xs:complexType name="U">
  <xs:attribute name="k" type="Tok"/>
  <xs:attribute name="i" type="xs:integer"/>
  <xs:attribute name="w" type="Word"/>
</xs:complexType>
<xs:complexType name="W">
  <xs:attribute name="k" type="xs:string"/>
  <xs:attribute name="i" type="xs:string"/>
</xs:complexType>
<xs:complexType name="G"><xs:sequence>
  <xs:element name="u" type="U" minOccurs="0" maxOccurs="unbounded"/>
</xs:sequence></xs:complexType>
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="t" type="Short" minOccurs="0" maxOccurs="unbounded"/>
  <xs:element name="u" type="U" minOccurs="0" maxOccurs="unbounded"/>
  <xs:element name="w" type="W" minOccurs="0" maxOccurs="unbounded"/>
  <xs:element name="g" type="G" minOccurs="0" maxOccurs="unbounded"/>
</xs:sequence></xs:complexType>
  <xs:unique name="uk"><xs:selector xpath="u|w"/><xs:field xpath="@k"/></xs:unique>
  <xs:unique name="ui"><xs:selector xpath=" u | w "/><xs:field xpath="@i"/></xs:unique>
</xs:element>`

func TestUnique(t *testing.T) {
	runCases(t, []vcase{
		{"distinct keys", uniqueSchema, `<r><u k="abc" i="1"/><u k="abd" i="2"/><w k="abe" i="1"/></r>`, nil},
		{"repeat across the selected names", uniqueSchema, "<r>\n<u k=\"abc\"/>\n<w k=\"abc\"/>\n</r>",
			[]string{"line 3: Element 'w': Duplicate key-sequence ['abc'] in unique identity-constraint 'uk'."}},
		{"every repeat, constraints in reverse order", uniqueSchema, "<r>\n<u k=\"abc\" i=\"1\"/>\n<u k=\"abc\" i=\"1\"/>\n<u k=\"abc\"/>\n</r>",
			[]string{
				"line 3: Element 'u': Duplicate key-sequence ['1'] in unique identity-constraint 'ui'.",
				"line 3: Element 'u': Duplicate key-sequence ['abc'] in unique identity-constraint 'uk'.",
				"line 4: Element 'u': Duplicate key-sequence ['abc'] in unique identity-constraint 'uk'.",
			}},
		{"values compare in the value space", uniqueSchema, "<r>\n<u i=\"1\" k=\" abc  d \"/>\n<u i=\"+01\" k=\"abc d\"/>\n</r>",
			[]string{
				"line 3: Element 'u': Duplicate key-sequence ['1'] in unique identity-constraint 'ui'.",
				"line 3: Element 'u': Duplicate key-sequence ['abc d'] in unique identity-constraint 'uk'.",
			}},
		{"different primitive types never equal", uniqueSchema, `<r><u i="1"/><w i="1"/></r>`, nil},
		{"whitespace kept by xs:string", uniqueSchema, `<r><u k="abc d"/><w k=" abc  d "/></r>`, nil},
		{"a missing attribute is no key", uniqueSchema, `<r><u/><u/><w/></r>`, nil},
		{"an invalid value is no key", uniqueSchema, "<r>\n<u k=\"a\"/>\n<u k=\"a\"/>\n</r>",
			[]string{
				"line 2: Element 'u', attribute 'k': [facet 'minLength'] The value 'a' has a length of '1'; this underruns the allowed minimum length of '3'.",
				"line 3: Element 'u', attribute 'k': [facet 'minLength'] The value 'a' has a length of '1'; this underruns the allowed minimum length of '3'.",
			}},
		{"grandchildren are not selected", uniqueSchema, `<r><u k="abc"/><g><u k="abc"/></g><g><u k="abc"/></g></r>`, nil},
	})
}

func TestLengthFacets(t *testing.T) {
	runCases(t, []vcase{
		{"within bounds", uniqueSchema, `<r><t>ab</t><t>abcd</t><t>éé</t><u w="abc" k=" a b "/></r>`, nil},
		{"text too short", uniqueSchema, "<r><t>a</t></r>",
			[]string{"line 1: Element 't': [facet 'minLength'] The value has a length of '1'; this underruns the allowed minimum length of '2'."}},
		{"text too long", uniqueSchema, "<r><t>abcde</t></r>",
			[]string{"line 1: Element 't': [facet 'maxLength'] The value has a length of '5'; this exceeds the allowed maximum length of '4'."}},
		{"characters, not bytes", uniqueSchema, "<r><t>ééééé</t></r>",
			[]string{"line 1: Element 't': [facet 'maxLength'] The value has a length of '5'; this exceeds the allowed maximum length of '4'."}},
		{"a base type's length before the enumeration", uniqueSchema, `<r><u w="a"/></r>`,
			[]string{"line 1: Element 'u', attribute 'w': [facet 'minLength'] The value 'a' has a length of '1'; this underruns the allowed minimum length of '2'."}},
		{"enumeration after the lengths pass", uniqueSchema, `<r><u w="abd"/></r>`,
			[]string{"line 1: Element 'u', attribute 'w': [facet 'enumeration'] The value 'abd' is not an element of the set {'ab', 'AB', 'abc'}."}},
		{"length of the collapsed value", uniqueSchema, `<r><u k="  a  "/></r>`,
			[]string{"line 1: Element 'u', attribute 'k': [facet 'minLength'] The value 'a' has a length of '1'; this underruns the allowed minimum length of '3'."}},
	})
}

// TestUniqueCanonical pins how a repeated key of a number or boolean
// type is shown: in libxml2's canonical form, as xmllint shows it.
func TestUniqueCanonical(t *testing.T) {
	const schema = `
<xs:element name="r"><xs:complexType><xs:sequence>
  <xs:element name="u" maxOccurs="unbounded"><xs:complexType>
    <xs:attribute name="i" type="xs:integer"/><xs:attribute name="d" type="xs:decimal"/>
    <xs:attribute name="b" type="xs:boolean"/><xs:attribute name="l" type="xs:unsignedByte"/>
  </xs:complexType></xs:element>
</xs:sequence></xs:complexType>
  <xs:unique name="ui"><xs:selector xpath="u"/><xs:field xpath="@i"/></xs:unique>
  <xs:unique name="ud"><xs:selector xpath="u"/><xs:field xpath="@d"/></xs:unique>
  <xs:unique name="ub"><xs:selector xpath="u"/><xs:field xpath="@b"/></xs:unique>
  <xs:unique name="ul"><xs:selector xpath="u"/><xs:field xpath="@l"/></xs:unique>
</xs:element>`
	runCases(t, []vcase{{"canonical keys", schema, `<r>
<u i="-0" d="-0.0" b="1" l="007"/>
<u i="0" d="0" b="true" l="7"/>
<u i="-05" d="001.50"/>
<u i="-5" d="+1.5"/>
<u d=".5"/>
<u d="0.50"/>
<u d="-12.000"/>
<u d="-12"/>
</r>`, []string{
		"line 3: Element 'u': Duplicate key-sequence ['7'] in unique identity-constraint 'ul'.",
		"line 3: Element 'u': Duplicate key-sequence ['true'] in unique identity-constraint 'ub'.",
		"line 3: Element 'u': Duplicate key-sequence ['0.0'] in unique identity-constraint 'ud'.",
		"line 3: Element 'u': Duplicate key-sequence ['0'] in unique identity-constraint 'ui'.",
		"line 5: Element 'u': Duplicate key-sequence ['1.5'] in unique identity-constraint 'ud'.",
		"line 5: Element 'u': Duplicate key-sequence ['-5'] in unique identity-constraint 'ui'.",
		"line 7: Element 'u': Duplicate key-sequence ['0.5'] in unique identity-constraint 'ud'.",
		"line 9: Element 'u': Duplicate key-sequence ['-12.0'] in unique identity-constraint 'ud'.",
	}}})
}
