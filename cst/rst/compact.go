package rst

// CompactList reports whether html4css1 renders the items of list n (a
// bullet, enumerated or definition list) without <p> around their
// paragraphs, as [HTML] does: inside a list rendered so (inCompact), when
// the list is simple (every item holds one paragraph, perhaps followed by
// a nested list), or when a "compact" class asks for it and no "open"
// class forbids it.
func CompactList(n *Node, inCompact bool) bool {
	w := htmlWriter{compactSimple: inCompact}
	return w.isCompactable(n)
}
