// Package helpmd converts a Galaxy tool's reStructuredText <help> to
// CommonMark with format="markdown" (gtr convert-help, GTR092), and keeps
// a conversion only when Galaxy would show the same thing.
//
// Galaxy renders RST help on the server with docutils' html4css1 writer
// and Markdown help in the browser with markdown-it 13
// (MarkdownIt({html: false}): CommonMark with tables and strikethrough,
// raw HTML shown as text, no linkify, no typographer). [ToMarkdown] writes
// the Markdown of a parsed RST document (package cst/rst) construct by
// construct and refuses, naming it, any construct CommonMark cannot
// express. [Equivalent] is the render-equivalence gate: it renders the
// RST as docutils does ([rst.HTML]) and the Markdown as markdown-it does
// ([Render], goldmark configured to match), reduces both HTML trees to a
// semantic skeleton ([Skeleton]) and requires the two to be equal.
// [Convert] applies the conversion to a tool as minimal byte edits, behind
// the expansion-equality gate of package rewrite, and says why it skips a
// tool it leaves alone.
package helpmd
