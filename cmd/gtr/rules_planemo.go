package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/galaxy-gtr/gtr/rules"
)

// parityInfo is one Galaxy linter in "gtr rules -planemo -output-format
// json".
type parityInfo struct {
	Linter   string   `json:"linter"`
	Module   string   `json:"module"`
	InOracle bool     `json:"in_oracle"` // in the Galaxy commit of the lint oracle
	Status   string   `json:"status"`    // HAVE, PARTIAL or NONE
	Codes    []string `json:"codes"`
	Reason   string   `json:"reason,omitempty"`
	Note     string   `json:"note,omitempty"` // where the covering rules' semantics come from
}

// parityReport is the whole of "gtr rules -planemo -output-format json".
type parityReport struct {
	Linters []parityInfo `json:"linters"`
	Have    int          `json:"have"`
	Partial int          `json:"partial"`
	None    int          `json:"none"`
}

// printParity prints the parity table of Galaxy's linters in format.
func printParity(e *env, format string) int {
	ps := rules.PlanemoParity()
	have, partial, none := rules.ParityCounts(ps)
	switch format {
	case "text":
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "LINTER\tMODULE\tSTATUS\tCODES\tREASON OR NOTE")
		for _, p := range ps {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", p.Linter.Class, p.Linter.Module, p.Status,
				orDashString(strings.Join(p.Codes, ",")), orDashString(parityRemark(p)))
		}
		tw.Flush()
		fmt.Fprintf(e.stdout, "%d HAVE, %d PARTIAL, %d NONE\n", have, partial, none)
	case "json":
		r := parityReport{Linters: make([]parityInfo, 0, len(ps)), Have: have, Partial: partial, None: none}
		for _, p := range ps {
			r.Linters = append(r.Linters, parityInfo{
				Linter: p.Linter.Class, Module: p.Linter.Module, InOracle: p.Linter.InOracle,
				Status: p.Status.String(), Codes: nonNil(p.Codes), Reason: p.Reason, Note: p.Note,
			})
		}
		writeJSON(e.stdout, r)
	default:
		return e.usageError("unknown output format %q (want text or json)", format)
	}
	return exitOK
}

// parityRemark is the last column of a parity row: the reason for a status
// below HAVE, then the note, when there are.
func parityRemark(p rules.Parity) string {
	switch {
	case p.Reason == "":
		return p.Note
	case p.Note == "":
		return p.Reason
	}
	return p.Reason + "; " + p.Note
}
