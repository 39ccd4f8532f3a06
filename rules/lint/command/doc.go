// Package command holds the advisory checks that read a tool's <command>:
// Galaxy's command linters (lib/galaxy/tool_util/linters/command.py) and
// gtr's own checks of the shell and Cheetah written there.
package command
