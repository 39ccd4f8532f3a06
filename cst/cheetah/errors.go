package cheetah

import (
	"fmt"
	"slices"
)

// ErrorClass says how Cheetah itself treats a template with an [Error].
type ErrorClass uint8

const (
	// ErrSyntax: Cheetah's parser rejects the template (its ParseError, or
	// an internal crash on the same malformed input). Galaxy cannot run it.
	ErrSyntax ErrorClass = iota
	// ErrStructure: Cheetah parses the template, but the Python it
	// generates does not compile ("#else" without "#if", "#elif" after
	// "#else"). Galaxy cannot run it either, but Cheetah's parser does not
	// report it.
	ErrStructure
)

// String returns "syntax" or "structure".
func (c ErrorClass) String() string {
	if c == ErrStructure {
		return "structure"
	}
	return "syntax"
}

// Error is one problem found while parsing.
type Error struct {
	Offset int        // byte offset of the problem in the template text
	Msg    string     // what is wrong, lower-case, for a person
	Class  ErrorClass // whether Cheetah's parser rejects it
	// Open is the span of the directive or bracket the problem is about
	// (the "#if" an "#end for" does not match, the "${" never closed), or
	// the zero Span.
	Open Span
}

// Error returns "offset N: msg".
func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ErrorList is a list of errors ordered by offset. Its zero value is an
// empty list.
type ErrorList []*Error

// Len returns the number of errors.
func (l ErrorList) Len() int { return len(l) }

// Error returns the first error's message, with a count of the others.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Syntax returns the errors of class [ErrSyntax]: the ones Cheetah's own
// parser reports. It is empty exactly when Cheetah 3.3.1 parses the
// template.
func (l ErrorList) Syntax() ErrorList {
	var out ErrorList
	for _, e := range l {
		if e.Class == ErrSyntax {
			out = append(out, e)
		}
	}
	return out
}

func (l ErrorList) sort() {
	// Almost every template has no error, and nothing to sort; a hostile
	// one may have one a line, mostly in order already.
	cmp := func(a, b *Error) int { return a.Offset - b.Offset }
	if len(l) < 2 || slices.IsSortedFunc(l, cmp) {
		return
	}
	slices.SortStableFunc(l, cmp)
}
