// Package schema validates Galaxy tool XML against Galaxy's tool schema
// (galaxy.xsd) as it was at each Galaxy release ("profile"), without
// parsing XSD at run time.
//
// The schemas are compiled ahead of time into tables (tables_gen.go,
// written by go generate from ../shared/xsd; see internal/gen). Components
// that are equal in several profiles, everything they reach included, are
// stored once, and profiles with equal schemas share one compiled schema,
// which [NewestValid] validates against once. The first call to a
// validating function turns the tables into content-model automata and
// value checkers shared by every profile.
//
// Validation follows XSD 1.0 as libxml2 2.9.14 (xmllint) applies it,
// including its lexical quirks for built-in types (xs:float accepts "1e"
// but not "INF ", xs:decimal and xs:integer take at most 24 significant
// digits, xs:anyURI is checked by libxml2's URI parser after replacing
// characters URIs may not hold). TestAgreeWithXmllint runs xmllint on
// every corpus tool with every schema and expects the same verdicts. Trees
// come in through the small [Element] interface, so both a parsed tool and
// Galaxy's macro-expanded view can be validated.
//
// Profiles are named by Galaxy release: [Profiles] lists "16.10" … "26.1".
// 16.10 to 24.1 are validated with their releases' own schemas. The
// release schemas of 24.2 and later are not available yet, so stand-ins
// take their place: Galaxy's dev schema of 2024-09-26 (Galaxy's version
// string then was "24.2.dev0", which [Resolve] takes as 24.2) for 24.2,
// and the upstream dev schema of about May 2026 for 25.0, 25.1, 26.0 and
// 26.1. A result checked with a stand-in should say so: [StandIn] gives
// the sentence and [SchemaFile] the file. A release schema added to the
// shared folder replaces its stand-in when the tables are regenerated. A
// tool without a profile attribute runs as 16.01 and is validated with
// 16.10, the oldest schema; see [Resolve].
//
// Messages keep xmllint's wording, with these deliberate differences:
// "Expected is" lists every element allowed (xmllint stops at ten), and a
// repeated child of an xs:all group says that it may occur only once. A
// value that fails several facets gets one message, for the first of its
// length, enumeration and pattern facets, where xmllint reports each; an
// invalid value that an identity constraint would compare gets no second
// message (xmllint adds "No precomputed value available"). Because
// [Element.Text] is the concatenated text, a stray-text error in
// element-only content is reported before the element's children, where
// xmllint reports it where the text stands.
//
// Identity constraints are supported in the one form Galaxy's schemas use
// (from 2025 on, for <credentials>): xs:unique whose selector names child
// elements ("variable|secret") and whose one field is an attribute
// ("@name"). Not supported (refused by the generator, not met in Galaxy's
// schemas): other identity constraints, facets other than enumeration,
// pattern, whiteSpace, minLength and maxLength (the last two on string
// types only), substitution groups, imports and target namespaces, date
// and binary built-in types; xsi:type and xsi:nil are ignored, and xs:ID
// uniqueness is not checked.
package schema

//go:generate go run ./internal/gen -shared ../../../shared
