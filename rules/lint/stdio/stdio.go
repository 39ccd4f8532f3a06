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
// profile could be compared at all (a token that did not expand cannot).
func legacyProfile(c *lint.Ctx) (legacy, ok bool) {
	p, present := c.Root.Get("profile")
	if !present {
		return true, true
	}
	major, minor, ok := release(p)
	if !ok {
		return false, false
	}
	return major < 16 || (major == 16 && minor <= 1), true
}

// release reads the first two release numbers of a version like "16.01"
// or "23.0", as packaging's Version compares them.
func release(p string) (major, minor int, ok bool) {
	a, b, _ := strings.Cut(strings.TrimSpace(p), ".")
	b, _, _ = strings.Cut(b, ".")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if b == "" {
		y, err2 = 0, nil
	}
	return x, y, err1 == nil && err2 == nil
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
