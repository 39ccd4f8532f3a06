// Package macros implements Galaxy's macro expansion of tool XML, with
// provenance.
//
// [Expand] reproduces what Galaxy's tool loader does before it reads a tool
// (lib/galaxy/util/xml_macros.py, load_with_references): it parses the tool
// with comments removed and whitespace kept, loads the <macros> block and
// the files it <import>s, expands every <expand macro=...> (with yields,
// named yields and macro parameters), re-appends <template> macros to the
// emptied <macros> element and substitutes @TOKEN@s. The result is an
// [Element] tree in lxml's model (tag, ordered attributes, text, tail,
// children), the model Galaxy's semantics are defined on, so that every
// quirk of Galaxy carries over: the tail of an <expand> or <yield> is lost,
// the text of a macro body before its first child is lost, tokens are not
// substituted in tails, nested imports resolve against the tool's directory.
//
// Unlike lxml's tree, every element, attribute name and value, text and
// tail knows where it came from: a [Loc] (file and byte span of the source
// an author edits, even inside an imported macro file), the [Part]s a token
// substitution produced, and the chain of <expand>s and <yield>s ([Step])
// that moved it to its place.
//
// [Result.JSON] writes the expanded tree in the canonical JSON form of the
// shared oracle (Galaxy's own expansions of the corpus), byte for byte;
// [Result.XML] writes it as XML and [Result.WriteProvenance] lists where
// each piece came from. Errors are [*Error] values carrying the position to
// fix, the kind of problem and the exception Galaxy raises for it.
//
// Where Galaxy has no answer this package gives one, and says so:
//
//   - A macro whose body re-creates its own <expand> at the top level makes
//     Galaxy loop forever (its cycle check does not see top-level expands);
//     Expand reports [ErrNonTerminating].
//   - Expansion that grows past [Options.MaxExpansion] times the size of its
//     inputs (plus [ExpansionFloor]), nests the tree past [MaxDepth], chains
//     more than a thousand expansions or nests imports past 64 stops with
//     [ErrTooLarge], naming the macro, token or import at its definition
//     (Galaxy would grind on, or run out of memory or stack). What it builds
//     is counted before it is allocated, and every walk of a tree that may
//     be deeper than the bound keeps its own stack.
//   - With [Options.Context], expansion stops with [ErrCanceled] once the
//     context is done.
//   - A macro file importing itself makes Galaxy recurse until Python's
//     RecursionError; Expand reports [ErrImportCycle] at once.
//   - Syntax errors carry the message of package cst, not libxml2's.
//   - Entities declared in a DOCTYPE, which lxml would expand, are refused
//     with [ErrUnsupported]; namespace prefixes are kept as written.
//   - A processing instruction inside the root, which the oracle's JSON form
//     cannot express, is written there with the tag "?target".
package macros
