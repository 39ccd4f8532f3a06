// Package rewrite changes source text by byte-range edits and checks every
// change before it is returned.
//
// Rules never mutate a tree: they describe changes as [Edit] values built
// from node spans and bundle them into a [Fix]. [Merge] combines the fixes of
// one pass against one baseline, [Apply] produces the new bytes, and [Run]
// loops parse → check → merge → apply to a fixpoint, then runs the gates: the
// output re-parses, stays well-formed if the input was, a second run changes
// nothing, and no byte outside an edit moved. A rewrite that fails a gate is
// not returned; the caller keeps the original bytes and gets a reason naming
// the rule.
package rewrite
