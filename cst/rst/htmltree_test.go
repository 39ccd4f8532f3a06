package rst

// hnode, parseHTML and firstDiff are the test names of the normalised
// HTML trees of htmltree.go.
type hnode = HTMLNode

func parseHTML(s string) *hnode { return ParseHTML(s) }

func firstDiff(a, b *hnode, path string) string { return FirstDiff(a, b, path) }
