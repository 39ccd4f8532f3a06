package xsdgen

// standIn names the schema that stands in for a Galaxy release whose own
// schema is not in the shared folder.
type standIn struct {
	release string // the Galaxy release, "24.2"
	file    string // the stand-in XSD, relative to the shared folder, with slashes
	about   string // what the file is, as a noun phrase for messages
}

// standIns are the stand-ins xsd/profiles/README.md names, oldest release
// first. They apply only while xsd/profiles has no <release>.xsd: once a
// release's own file is added there, regenerating the tables is all it
// takes for that release to be validated with it.
var standIns = []standIn{
	{"24.2", "xsd/galaxy.xsd", "Galaxy's dev schema of 2024-09-26 (24.2.dev0)"},
	{"25.0", "xsd/dev/galaxy-dev-2026-05.xsd", "the upstream dev schema of about May 2026"},
	{"25.1", "xsd/dev/galaxy-dev-2026-05.xsd", "the upstream dev schema of about May 2026"},
	{"26.0", "xsd/dev/galaxy-dev-2026-05.xsd", "the upstream dev schema of about May 2026"},
	{"26.1", "xsd/dev/galaxy-dev-2026-05.xsd", "the upstream dev schema of about May 2026"},
}
