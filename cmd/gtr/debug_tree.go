package main

import (
	"io"
	"os"

	"github.com/galaxy-gtr/gtr/cst"
)

const debugTreeDoc = `
Tree prints the lossless syntax tree of FILE ("-" for standard input): one
line per node and per token, indented by depth, each with its byte range
[start,end) and line:col, then the parse errors. It exits 0 for malformed
input too, since showing how gtr sees such a file is its purpose; it exits 2
when the file cannot be read.`

func runDebugTree(e *env, args []string) int {
	args, code, ok := e.parse(e.flagSet(), args)
	if !ok {
		return code
	}
	if len(args) != 1 {
		return e.usageError("want one FILE, got %d arguments", len(args))
	}
	path := args[0]
	var src []byte
	var err error
	if path == "-" {
		path = "<stdin>"
		src, err = io.ReadAll(e.stdin)
	} else {
		src, err = os.ReadFile(path)
	}
	if err != nil {
		e.pathError(path, err)
		return exitError
	}
	if err := cst.Fprint(e.stdout, cst.Parse(path, src)); err != nil {
		e.pathError("writing output", err)
		return exitError
	}
	return exitOK
}
