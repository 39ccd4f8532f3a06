package cst

import "iter"

// Requirements is a view of a <requirements> element.
type Requirements struct{ viewElem }

// AsRequirements returns the view of a <requirements> element.
func AsRequirements(n Node) (Requirements, bool) {
	v, ok := viewAs(n, "requirements")
	return Requirements{v}, ok
}

// Requirements yields the <requirement> children.
func (r Requirements) Requirements() iter.Seq[Requirement] {
	return viewMap(viewNamed(r.n, "requirement"), func(n Node) Requirement { return Requirement{viewText(n)} })
}

// Containers yields the <container> children.
func (r Requirements) Containers() iter.Seq[Container] {
	return viewMap(viewNamed(r.n, "container"), func(n Node) Container { return Container{viewText(n)} })
}

// Resources yields the <resource> children.
func (r Requirements) Resources() iter.Seq[Resource] {
	return viewMap(viewNamed(r.n, "resource"), func(n Node) Resource { return Resource{viewText(n)} })
}

// Expands yields the <expand> children, through which macros add
// requirements (often with more <requirement>s as content).
func (r Requirements) Expands() iter.Seq[Expand] {
	return viewMap(r.n.ElementsNamed("expand"), func(n Node) Expand { return Expand{viewElem{n}} })
}

// Requirement is a view of a <requirement type="package" version="...">NAME
// element.
type Requirement struct{ TextElement }

// AsRequirement returns the view of a <requirement> element.
func AsRequirement(n Node) (Requirement, bool) {
	v, ok := viewAs(n, "requirement")
	return Requirement{TextElement{v}}, ok
}

// Type returns the type attribute ("package", "set_environment", ...).
func (r Requirement) Type() string { return r.n.Get("type") }

// Version returns the version attribute.
func (r Requirement) Version() string { return r.n.Get("version") }

// Name returns the package name as Galaxy's xml_text reads the text: line
// breaks removed, stripped.
func (r Requirement) Name() string { return viewJoinStrip(Content(r.n).Text) }

// Container is a view of a <container type="docker">IMAGE element.
type Container struct{ TextElement }

// AsContainer returns the view of a <container> element.
func AsContainer(n Node) (Container, bool) {
	v, ok := viewAs(n, "container")
	return Container{TextElement{v}}, ok
}

// Type returns the type attribute ("docker", "singularity").
func (c Container) Type() string { return c.n.Get("type") }

// Image returns the image identifier as Galaxy's xml_text reads the text.
func (c Container) Image() string { return viewJoinStrip(Content(c.n).Text) }

// Resource is a view of a <resource type="...">VALUE element (cores, memory,
// ...).
type Resource struct{ TextElement }

// AsResource returns the view of a <resource> element.
func AsResource(n Node) (Resource, bool) {
	v, ok := viewAs(n, "resource")
	return Resource{TextElement{v}}, ok
}

// Type returns the type attribute.
func (r Resource) Type() string { return r.n.Get("type") }

// Citations is a view of a <citations> element.
type Citations struct{ viewElem }

// AsCitations returns the view of a <citations> element.
func AsCitations(n Node) (Citations, bool) {
	v, ok := viewAs(n, "citations")
	return Citations{v}, ok
}

// Citations yields the <citation> children.
func (c Citations) Citations() iter.Seq[Citation] {
	return viewMap(viewNamed(c.n, "citation"), func(n Node) Citation { return Citation{viewText(n)} })
}

// Expands yields the <expand> children (citation macros).
func (c Citations) Expands() iter.Seq[Expand] {
	return viewMap(c.n.ElementsNamed("expand"), func(n Node) Expand { return Expand{viewElem{n}} })
}

// Citation is a view of a <citation type="doi|bibtex">; Value is the
// stripped text Galaxy reads (a DOI, or a BibTeX entry).
type Citation struct{ TextElement }

// AsCitation returns the view of a <citation> element.
func AsCitation(n Node) (Citation, bool) {
	v, ok := viewAs(n, "citation")
	return Citation{TextElement{v}}, ok
}

// Type returns the type attribute, "doi" or "bibtex".
func (c Citation) Type() string { return c.n.Get("type") }

// Stdio is a view of a <stdio> element.
type Stdio struct{ viewElem }

// AsStdio returns the view of a <stdio> element.
func AsStdio(n Node) (Stdio, bool) {
	v, ok := viewAs(n, "stdio")
	return Stdio{v}, ok
}

// ExitCodes yields the <exit_code> children.
func (s Stdio) ExitCodes() iter.Seq[ExitCode] {
	return viewMap(viewNamed(s.n, "exit_code"), func(n Node) ExitCode { return ExitCode{viewElem{n}} })
}

// Regexes yields the <regex> children.
func (s Stdio) Regexes() iter.Seq[StdioRegex] {
	return viewMap(viewNamed(s.n, "regex"), func(n Node) StdioRegex { return StdioRegex{viewElem{n}} })
}

// ExitCode is a view of an <exit_code> rule.
type ExitCode struct{ viewElem }

// AsExitCode returns the view of an <exit_code> element.
func AsExitCode(n Node) (ExitCode, bool) {
	v, ok := viewAs(n, "exit_code")
	return ExitCode{v}, ok
}

// Range returns the exit codes matched ("1:", ":-1", "137"): the range
// attribute, else value, as Galaxy reads them.
func (e ExitCode) Range() string {
	if r, ok := e.n.AttrValue("range"); ok {
		return r
	}
	return e.n.Get("value")
}

// Level returns the level attribute ("fatal" when absent in Galaxy).
func (e ExitCode) Level() string { return e.n.Get("level") }

// Description returns the desc attribute, else description.
func (e ExitCode) Description() string { return viewDesc(e.n) }

func viewDesc(n Node) string {
	if d, ok := n.AttrValue("desc"); ok {
		return d
	}
	return n.Get("description")
}

// StdioRegex is a view of a <regex> rule of <stdio>.
type StdioRegex struct{ viewElem }

// AsStdioRegex returns the view of a <regex> element.
func AsStdioRegex(n Node) (StdioRegex, bool) {
	v, ok := viewAs(n, "regex")
	return StdioRegex{v}, ok
}

// Match returns the match attribute, the regular expression.
func (r StdioRegex) Match() string { return r.n.Get("match") }

// Source returns the streams scanned: the src, source or sources attribute
// (the first present), "" for Galaxy's default of both.
func (r StdioRegex) Source() string {
	for _, name := range []string{"src", "source", "sources"} {
		if v, ok := r.n.AttrValue(name); ok {
			return v
		}
	}
	return ""
}

// Level returns the level attribute.
func (r StdioRegex) Level() string { return r.n.Get("level") }

// Description returns the desc attribute, else description.
func (r StdioRegex) Description() string { return viewDesc(r.n) }

// Xref is a view of an <xref type="bio.tools">ID element; Value is the
// stripped identifier.
type Xref struct{ TextElement }

// AsXref returns the view of a <xref> element.
func AsXref(n Node) (Xref, bool) {
	v, ok := viewAs(n, "xref")
	return Xref{TextElement{v}}, ok
}

// Type returns the type attribute ("bio.tools", "bioconductor", ...).
func (x Xref) Type() string { return x.n.Get("type") }

// Creator is a view of a <creator> element.
type Creator struct{ viewElem }

// AsCreator returns the view of a <creator> element.
func AsCreator(n Node) (Creator, bool) {
	v, ok := viewAs(n, "creator")
	return Creator{v}, ok
}

// Persons yields the <person> children.
func (c Creator) Persons() iter.Seq[Person] {
	return viewMap(viewNamed(c.n, "person"), func(n Node) Person { return Person{viewElem{n}} })
}

// Organizations yields the <organization> children.
func (c Creator) Organizations() iter.Seq[Organization] {
	return viewMap(viewNamed(c.n, "organization"), func(n Node) Organization { return Organization{viewElem{n}} })
}

// Person is a view of a schema.org <person> in <creator>.
type Person struct{ viewElem }

// AsPerson returns the view of a <person> element.
func AsPerson(n Node) (Person, bool) {
	v, ok := viewAs(n, "person")
	return Person{v}, ok
}

// Name returns the name attribute.
func (p Person) Name() string { return p.n.Get("name") }

// GivenName returns the givenName attribute.
func (p Person) GivenName() string { return p.n.Get("givenName") }

// FamilyName returns the familyName attribute.
func (p Person) FamilyName() string { return p.n.Get("familyName") }

// Identifier returns the identifier attribute, typically an ORCID URL.
func (p Person) Identifier() string { return p.n.Get("identifier") }

// URL returns the url attribute.
func (p Person) URL() string { return p.n.Get("url") }

// Email returns the email attribute.
func (p Person) Email() string { return p.n.Get("email") }

// Organization is a view of a schema.org <organization> in <creator>.
type Organization struct{ viewElem }

// AsOrganization returns the view of an <organization> element.
func AsOrganization(n Node) (Organization, bool) {
	v, ok := viewAs(n, "organization")
	return Organization{v}, ok
}

// Name returns the name attribute.
func (o Organization) Name() string { return o.n.Get("name") }

// URL returns the url attribute.
func (o Organization) URL() string { return o.n.Get("url") }

// Identifier returns the identifier attribute.
func (o Organization) Identifier() string { return o.n.Get("identifier") }

// Email returns the email attribute.
func (o Organization) Email() string { return o.n.Get("email") }
