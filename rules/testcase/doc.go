// Package testcase models the test-case validation Galaxy runs on a tool
// from profile 24.2 on (lib/galaxy/tool_util/parameters: case.py's
// validate_test_cases_for_tool_source, the parameter models of models.py
// built by factory.py): each <test> of the tool's <tests> is read as
// Galaxy's XML test parser reads it, merged into a tool state along the
// tool's parameter model and validated against that model in its
// test_case_xml representation.
//
// The model follows the Galaxy release the shared oracle was made with
// (commit 051c5ab7, October 2024), whose validation is stricter than
// later releases: flat names of nested parameters are not matched, a
// repeat is not padded to its minimum, colours are always required.
// Where Galaxy raises instead of reporting (its model cannot be built,
// a value cannot be converted) and where gtr does not model a construct,
// [Check] says that it cannot decide, so that callers that must never
// under-report count the tool as failing.
//
// [Qualify] plans GTR096: a flat test parameter name that names exactly
// one nested input is rewritten to that input's pipe-joined path, which
// is how Galaxy's test parser names a parameter inside <conditional>,
// <section> and <repeat> elements of a test.
package testcase
