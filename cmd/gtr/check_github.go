package main

import (
	"fmt"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"strings"
)

// githubReporter prints GitHub Actions workflow commands, which the runner
// turns into annotations on the pull request:
//
//	::error file=PATH,line=L,col=C,endLine=L,endColumn=C,title=CODE::message
//
// Fixable findings and file errors are errors, advisory findings warnings.
type githubReporter struct {
	e *env
}

func (g *githubReporter) file(r *checkResult) {
	w := g.e.stdout
	if r.err != nil {
		if len(r.err.parse) == 0 || r.src == nil {
			fmt.Fprintf(w, "::error file=%s,title=%s::%s\n", ghProperty(r.path), ghProperty("gtr error"), ghData(r.err.msg))
			return
		}
		for i, pe := range r.err.parse {
			if i == maxParseErrors {
				break
			}
			fmt.Fprintf(w, "::error file=%s,line=%d,col=%d,title=%s::%s\n",
				ghProperty(r.path), pe.Pos.Line, column.InTree(r.src.tree, pe.Pos.Offset), ghProperty("malformed XML"), ghData(pe.Msg))
		}
		return
	}
	if r.src.kind == 0 {
		return
	}
	for _, f := range r.found {
		level, msg := "error", f.message+f.via
		if f.advisory {
			level, msg = "warning", msg+" (advisory)"
		}
		fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			level, ghProperty(f.file), f.line, f.col16, f.endLine, f.endCol16, ghProperty(f.displayCode), ghData(msg))
	}
}

func (g *githubReporter) finish(checkCounts) {}

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
