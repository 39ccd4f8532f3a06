// Package schema validates Galaxy tool XML against Galaxy's tool schema
// (galaxy.xsd) as it was at each Galaxy release ("profile"), without
// parsing XSD at run time.
//
// The schemas are compiled ahead of time into tables (tables_gen.go,
// written by go generate from ../shared/xsd; see internal/gen). Components
// that are equal in several profiles, everything they reach included, are
// stored once. The first call to a validating function turns the tables
// into content-model automata and value checkers shared by every profile.
//
// Validation follows XSD 1.0 as libxml2 2.9.14 (xmllint) applies it,
// including its lexical quirks for built-in types (xs:float accepts "1e"
// but not "INF ", xs:decimal and xs:integer take at most 24 significant
// digits, xs:anyURI is checked by libxml2's URI parser after replacing
// characters URIs may not hold). TestAgreeWithXmllint runs xmllint on
// every corpus tool at every profile and expects the same verdicts. Trees
// come in through the small [Element] interface, so both a parsed tool and
// Galaxy's macro-expanded view can be validated.
//
// Profiles are named by Galaxy release ("16.10" … "24.1"); galaxy.xsd from
// Galaxy's dev branch between 24.1 and 24.2 is the profile "24.2.dev0"
// (Galaxy's own version string for it), which sorts after 24.1 and before
// 24.2. A tool without a profile attribute runs as 16.01 and is validated
// with 16.10, the oldest schema; see [Profiles] and [Resolve].
//
// Messages keep xmllint's wording, with two deliberate differences:
// "Expected is" lists every element allowed (xmllint stops at ten), and a
// repeated child of an xs:all group says that it may occur only once.
// Because [Element.Text] is the concatenated text, a stray-text error in
// element-only content is reported before the element's children, where
// xmllint reports it where the text stands. Not supported (refused by the
// generator, not met in Galaxy's schemas): facets other than enumeration,
// pattern and whiteSpace, identity constraints, substitution groups,
// imports and target namespaces, date and binary built-in types; xsi:type
// and xsi:nil are ignored, and xs:ID uniqueness is not checked.
package schema

//go:generate go run ./internal/gen -shared ../../../shared
