// Package help holds the advisory checks that read a tool's <help>:
// Galaxy's help linters (lib/galaxy/tool_util/linters/help.py).
package help
