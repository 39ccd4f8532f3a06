package xsdgen

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

func doc(body string) []byte {
	return []byte(`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">` + body + `</xs:schema>`)
}

// TestRefused checks that constructs the validator does not implement are
// reported at generation time rather than silently ignored.
func TestRefused(t *testing.T) {
	for _, c := range []struct{ name, body, err string }{
		{"facet", `<xs:simpleType name="T"><xs:restriction base="xs:integer"><xs:minInclusive value="0"/></xs:restriction></xs:simpleType><xs:element name="r" type="T"/>`, "facet minInclusive"},
		{"built-in", `<xs:element name="r" type="xs:date"/>`, "xs:date is not supported"},
		{"substitution group", `<xs:element name="a"/><xs:element name="r" substitutionGroup="a"/>`, "substitutionGroup"},
		{"import", `<xs:import namespace="urn:x"/>`, "not supported"},
		{"unknown type", `<xs:element name="r" type="Nope"/>`, `no type named "Nope"`},
		{"group cycle", `<xs:group name="G"><xs:sequence><xs:group ref="G"/></xs:sequence></xs:group><xs:element name="r"><xs:complexType><xs:group ref="G"/></xs:complexType></xs:element>`, "refers to itself"},
		{"identity constraint", `<xs:element name="r"><xs:unique name="u"><xs:selector xpath="."/><xs:field xpath="@a"/></xs:unique></xs:element>`, "identity constraints"},
	} {
		_, err := Build([]Schema{{Profile: "16.10", Data: doc(c.body)}})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
		}
	}
	if _, err := Build([]Schema{{Profile: "x", Data: doc("")}}); err == nil {
		t.Error("bad profile name accepted")
	}
	tns := []byte(`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x"/>`)
	if _, err := Build([]Schema{{Profile: "16.10", Data: tns}}); err == nil {
		t.Error("targetNamespace accepted")
	}
}

// TestShared checks that profiles with equal schemas share every entry and
// that a change is confined to what reaches it.
func TestShared(t *testing.T) {
	v1 := doc(`<xs:complexType name="P"><xs:attribute name="a"/></xs:complexType>
<xs:element name="tool"><xs:complexType><xs:sequence><xs:element name="p" type="P"/><xs:element name="q" type="xs:string"/></xs:sequence></xs:complexType></xs:element>`)
	v2 := doc(`<xs:complexType name="P"><xs:attribute name="a"/><xs:attribute name="b"/></xs:complexType>
<xs:element name="tool"><xs:complexType><xs:sequence><xs:element name="p" type="P"/><xs:element name="q" type="xs:string"/></xs:sequence></xs:complexType></xs:element>`)
	tb, err := Build([]Schema{{"16.10", v1}, {"17.01", v1}, {"17.05", v2}})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Profiles[0].Elems[0] != tb.Profiles[1].Elems[0] {
		t.Error("identical profiles do not share their root declaration")
	}
	if tb.Profiles[1].Elems[0] == tb.Profiles[2].Elems[0] {
		t.Error("different profiles share their root declaration")
	}
	q := 0
	for _, e := range tb.Elems[1:] {
		if e.Name == "q" {
			q++
		}
	}
	if q != 1 {
		t.Errorf("unchanged element q stored %d times", q)
	}
	if len(tb.Attrs) != 3 { // entry 0, a, b
		t.Errorf("attribute uses: %+v", tb.Attrs[1:])
	}
	src, err := Source(tb, "schema", "tables")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(src), "// Code generated ") || !strings.Contains(string(src), "DO NOT EDIT.") {
		t.Errorf("missing generated-code header:\n%.200s", src)
	}
	_ = tab.Unbounded
}
