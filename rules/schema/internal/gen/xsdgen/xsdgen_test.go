package xsdgen

import (
	"os"
	"path/filepath"
	"regexp"
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
		{"key", `<xs:element name="r"><xs:key name="k"><xs:selector xpath="a"/><xs:field xpath="@a"/></xs:key></xs:element>`, "other than xs:unique"},
		{"selector path", `<xs:element name="r"><xs:unique name="u"><xs:selector xpath="a/b"/><xs:field xpath="@a"/></xs:unique></xs:element>`, "only child element names"},
		{"selector self", `<xs:element name="r"><xs:unique name="u"><xs:selector xpath="."/><xs:field xpath="@a"/></xs:unique></xs:element>`, "only child element names"},
		{"field element", `<xs:element name="r"><xs:unique name="u"><xs:selector xpath="a"/><xs:field xpath="b"/></xs:unique></xs:element>`, "only an attribute"},
		{"two fields", `<xs:element name="r"><xs:unique name="u"><xs:selector xpath="a"/><xs:field xpath="@a"/><xs:field xpath="@b"/></xs:unique></xs:element>`, "one selector and one field"},
		{"length facet", `<xs:simpleType name="T"><xs:restriction base="xs:string"><xs:length value="2"/></xs:restriction></xs:simpleType><xs:element name="r" type="T"/>`, "facet length"},
		{"bad minLength", `<xs:simpleType name="T"><xs:restriction base="xs:string"><xs:minLength value="-1"/></xs:restriction></xs:simpleType><xs:element name="r" type="T"/>`, "bad minLength"},
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
	tb, err := Build([]Schema{{Profile: "16.10", Data: v1}, {Profile: "17.01", Data: v1}, {Profile: "17.05", Data: v2}})
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

// TestUniqueAndLengths checks that xs:unique and the length facets reach
// the tables.
func TestUniqueAndLengths(t *testing.T) {
	tb, err := Build([]Schema{{Profile: "25.0", Data: doc(`
<xs:simpleType name="N"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="0"/></xs:restriction></xs:simpleType>
<xs:element name="r"><xs:complexType><xs:sequence><xs:element name="a" type="N"/></xs:sequence></xs:complexType>
  <xs:unique name="u"><xs:selector xpath=" a | b"/><xs:field xpath="@name"/></xs:unique>
</xs:element>`)}})
	if err != nil {
		t.Fatal(err)
	}
	r := tb.Elems[tb.Profiles[0].Elems[0]]
	if len(r.Uniques) != 1 || r.Uniques[0].Name != "u" || strings.Join(r.Uniques[0].Children, ",") != "a,b" || r.Uniques[0].Attr != "name" {
		t.Errorf("uniques %+v", r.Uniques)
	}
	var n tab.Simple
	for _, s := range tb.Simple {
		if s.Name == "N" {
			n = s
		}
	}
	if n.Name != "N" || n.MinLength != 1 || n.MaxLength != 0 || !n.HasMaxLength {
		t.Errorf("simple type %+v", n)
	}
}

// TestSources checks where each release's schema comes from: its own
// file under xsd/profiles, else the stand-in the table names; and that
// adding a release's file is all it takes for the release to use it.
func TestSources(t *testing.T) {
	shared := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		path := filepath.Join(shared, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, doc(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("xsd/profiles/24.1.xsd", `<xs:element name="tool"/>`)
	write("xsd/galaxy.xsd", `<xs:element name="tool"/><xs:element name="macros"/>`)
	write("xsd/dev/galaxy-dev-2026-05.xsd", `<xs:element name="tool"/><xs:element name="credentials"/>`)
	origins := func() map[string]Schema {
		t.Helper()
		src, err := Sources(shared)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]Schema{}
		var names []string
		for _, s := range src {
			m[s.Profile] = s
			names = append(names, s.Profile)
		}
		if strings.Join(names, " ") != "24.1 24.2 25.0 25.1 26.0 26.1" {
			t.Fatalf("profiles %v", names)
		}
		return m
	}
	m := origins()
	for _, c := range []struct{ profile, file string }{
		{"24.1", "xsd/profiles/24.1.xsd"}, {"24.2", "xsd/galaxy.xsd"},
		{"25.0", "xsd/dev/galaxy-dev-2026-05.xsd"}, {"26.1", "xsd/dev/galaxy-dev-2026-05.xsd"},
	} {
		s := m[c.profile]
		if s.File != c.file || (s.StandIn == "") != (c.profile == "24.1") {
			t.Errorf("%s: file %q, stand-in %q; want file %q", c.profile, s.File, s.StandIn, c.file)
		}
	}

	// 24.2's release schema arrives.
	data, err := os.ReadFile(filepath.Join(shared, "xsd", "galaxy.xsd"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shared, "xsd", "profiles", "24.2.xsd"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	m = origins()
	if s := m["24.2"]; s.File != "xsd/profiles/24.2.xsd" || s.StandIn != "" {
		t.Errorf("24.2 with its own file: file %q, stand-in %q", s.File, s.StandIn)
	}
	if s := m["25.0"]; s.StandIn == "" {
		t.Errorf("25.0 lost its stand-in: %+v", s)
	}
	src, err := Generate(shared)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`\{Name: "24\.2", Elems: \[\]int32\{[0-9, ]+\}, File: "xsd/profiles/24\.2\.xsd"\},`).Match(src) {
		t.Errorf("generated source does not give 24.2 its own schema:\n%s", src)
	}
}
