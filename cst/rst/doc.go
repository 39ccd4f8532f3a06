// Package rst reads reStructuredText the way docutils 0.19 reads it when
// Galaxy renders a tool's <help> (galaxy.util.rst_to_html: the standalone
// reader, the rst parser, the html4css1 writer, doctitle_xform off), and
// renders the html4css1 body of the result.
//
// [Parse] never fails: it returns a [Document] whose tree mirrors docutils'
// doctree (the same node kinds, attributes and ids, after docutils' standard
// transforms) and the system messages docutils reports, in the order it
// reports them, with its levels, texts and line numbers. A help text is
// invalid reStructuredText for Galaxy's HelpInvalidRST linter exactly when
// a message of level 2 (WARNING) or more is reported; [Document.Invalid]
// gives the first such message as docutils words it.
//
// Every node keeps the byte span of the help text it was read from, so that a
// caller holding the decoded <help> text's offset map (cst.Content) can point
// a finding at the tool line. [HTML] renders a document as html4css1 renders
// its body. [RepairText] makes the deterministic repairs of invalid text
// that leave that HTML the same.
//
// The reader follows docutils' own structure — a recursive line-based state
// machine (parsers/rst/states.py over statemachine.py), an inline scanner
// with docutils' start-string and end-string rules, and the transforms of
// the standalone reader — because agreeing with docutils on malformed input
// (which line ends a list, which message is reported first) depends on
// doing the same steps in the same order.
package rst
