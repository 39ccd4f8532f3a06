// Package datatypes holds the advisory checks that read the datatypes a
// tool names: the ports of Galaxy's datatypes linters
// (lib/galaxy/tool_util/linters/datatypes.py). The extensions Galaxy
// knows come from its datatypes_conf.xml.sample, turned into a Go table by
// go generate, and from a datatypes_conf.xml shipped beside the tool.
package datatypes

//go:generate go run ./internal/gen
