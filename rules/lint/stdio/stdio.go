// Package stdio holds the checks of how a tool tells Galaxy that a job
// failed: <stdio> and the detect_errors attribute of <command> (Galaxy's
// linters/stdio.py and the parse_stdio they mirror).
package stdio

import (
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// legacyProfile reports whether the tool's profile is 16.01 or older, in
// which Galaxy reads any output on stderr as failure, and whether the
// profile could be compared at all (a token that did not expand, or a
// version with more than release numbers, is left alone).
func legacyProfile(c *lint.Ctx) (legacy, ok bool) {
	p, present := c.Root.Get("profile")
	if !present {
		return true, true
	}
	rel, ok := release(p)
	if !ok {
		return false, false
	}
	// Compare with 16.01 as packaging does: missing parts are zeros.
	for i, want := range []int{16, 1} {
		if i >= len(rel) {
			return true, true
		}
		if rel[i] != want {
			return rel[i] < want, true
		}
	}
	for _, n := range rel[2:] {
		if n != 0 {
			return false, true
		}
	}
	return true, true
}

// release reads the release numbers of a version like "16.01" or "23.0".
func release(p string) ([]int, bool) {
	var out []int
	for part := range strings.SplitSeq(strings.TrimSpace(p), ".") {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// detectErrors returns the detect_errors attribute of the tool's
// <command>, "" when there is none (Galaxy treats empty as absent).
func detectErrors(c *lint.Ctx) string {
	cmd := lint.Child(c.Root, "command")
	if cmd == nil {
		return ""
	}
	return lint.Get(cmd, "detect_errors")
}
