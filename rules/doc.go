// Package rules holds gtr's rules, their registry and rulesets, rule
// selection, and the pass that runs selected rules over a tree.
//
// The rules that fix live in this package, each in its own file
// (gtrNNN.go) as one package-level [Rule] literal with an unexported check
// function. The advisory checks — Galaxy's linters, as planemo lint runs
// them, and what gtr sees beyond them — live in the subpackages of
// rules/lint, one per part of the tool they inspect (general,
// requirements, stdio, citations, command, help, macros, inputs,
// validators, conditionals, params, outputs, datatypes, tests), one file
// per check named after the check's Name: the check that a tool has tests,
// tests-missing, is rules/lint/tests/tests_missing.go. They read Galaxy's
// macro-expanded view and report at the source an author must edit, in
// the tool or in an imported macro file (see package lint).
//
// [All] lists every rule in code order, fixing and advisory alike; there
// is no init-time registration. Codes are the predecessor's (GTR001…GTR109,
// with partition halves such as GTR020.1 and GTR020.2 selected together by
// their parent code), then gtr's own advisory checks from GTR110 and its
// normalisation rules from GTR201 on.
package rules
