package cst

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one well-formedness problem found while parsing.
type Error struct {
	Pos Position
	Msg string
}

// Error returns "file:line:col: msg".
func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of parse errors, in source order.
type ErrorList []*Error

// Len returns the number of errors.
func (l ErrorList) Len() int { return len(l) }

// Sort orders the errors by offset, keeping the order of errors at one offset.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset })
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Error describes the first error and how many more follow.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// String lists every error on its own line.
func (l ErrorList) String() string {
	var b strings.Builder
	for _, e := range l {
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	return b.String()
}
