package cst

// AttrContent returns the value of attribute a as [Node.Value] reports it,
// with a map back to the source bytes between its quotes: references
// resolved (each an atomic segment), each literal tab, newline, carriage
// return or "\r\n" one space (atomic too, since the byte changes), every
// other byte copied verbatim. It returns an empty Decoded for a node that
// is not an attribute or has no value.
func AttrContent(a Node) Decoded {
	s := a.ValueSpan()
	if a.Kind() != KindAttribute || s.End <= s.Start {
		return Decoded{}
	}
	raw := a.t.SourceString()[s.Start:s.End]
	var d decoder
	verbatim := func(from, to int) {
		if to > from {
			d.m.add(d.b.Len(), s.Start+from, to-from, to-from, true)
			d.b.WriteString(raw[from:to])
		}
	}
	start := 0
	for i := 0; i < len(raw); {
		switch raw[i] {
		case '\t', '\n', '\r':
			verbatim(start, i)
			n := 1
			if raw[i] == '\r' && i+1 < len(raw) && raw[i+1] == '\n' {
				n = 2
			}
			d.m.add(d.b.Len(), s.Start+i, 1, n, false)
			d.b.WriteByte(' ')
			i += n
			start = i
		case '&':
			// As AppendAttrValue: scanning stops at the next '&', and a
			// reference that does not resolve is kept as written.
			j := i + 1
			for j < len(raw) && raw[j] != ';' && raw[j] != '&' {
				j++
			}
			if j < len(raw) && raw[j] == ';' {
				if r, ok := DecodeReference(raw[i : j+1]); ok {
					verbatim(start, i)
					d.m.add(d.b.Len(), s.Start+i, len(r), j+1-i, false)
					d.b.WriteString(r)
					i = j + 1
					start = i
					continue
				}
			}
			i++
		default:
			i++
		}
	}
	verbatim(start, len(raw))
	return Decoded{Text: d.b.String(), Map: d.m}
}
