// Package cst implements a lossless concrete syntax tree for Galaxy tool XML.
//
// [Parse] never fails: it turns any byte string into a [Tree] whose tokens
// cover every input byte exactly once, so printing the tree gives the input
// back, well-formed or not. Well-formedness problems are reported in an
// [ErrorList] next to the tree. Nodes ([Node]) and tokens ([Token]) are cheap
// cursor values over flat arrays held by the tree; typed views such as
// [Tool] and [Param] read Galaxy concepts from untyped element nodes.
//
// Offsets are byte offsets into the source everywhere; lines and columns come
// from a [LineIndex]. Text that Cheetah or Galaxy reads after XML decoding
// (entity references resolved, CDATA unwrapped, line ends normalised) is
// available through [Content] together with an [OffsetMap] back to source
// bytes, so rewrites can edit the source through decoded positions.
package cst
