package rst

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// ptext is text joined from lines of the help text, with the positions it
// came from, so that inline nodes read from it keep their spans.
type ptext struct {
	s    string
	segs []pseg
}

// pseg says that ptext bytes from at on come from line abs, column col.
type pseg struct{ at, abs, col int }

// ptextOf joins the lines of b with "\n".
func ptextOf(b lines) ptext {
	p := ptext{s: b.join(), segs: make([]pseg, 0, len(b))}
	at := 0
	for _, l := range b {
		p.segs = append(p.segs, pseg{at, l.abs, l.col})
		at += len(l.s) + 1
	}
	return p
}

// ptextLine returns the text of one line.
func ptextLine(l line) ptext { return ptext{s: l.s, segs: []pseg{{0, l.abs, l.col}}} }

// slice returns p.s[i:j] with its positions.
func (p ptext) slice(i, j int) ptext {
	q := ptext{s: p.s[i:j]}
	k := p.seg(i)
	if k < 0 {
		return q
	}
	end := k
	for end < len(p.segs) && p.segs[end].at < j {
		end++
	}
	if i == 0 && end > k {
		// A prefix keeps the positions as they are: share them. Nothing
		// changes a ptext's segments once made, and the capacity ends with
		// the slice, so an append cannot reach p's.
		q.segs = p.segs[k:end:end]
		return q
	}
	q.segs = make([]pseg, 0, end-k)
	for ; k < end; k++ {
		sg := p.segs[k]
		if sg.at < i {
			sg.col += i - sg.at
			sg.at = i
		}
		sg.at -= i
		q.segs = append(q.segs, sg)
	}
	return q
}

// seg returns the index of the segment holding byte i.
func (p ptext) seg(i int) int {
	// sort.Search written out, without its call of a closure per step:
	// the first segment starting after i, less one.
	lo, hi := 0, len(p.segs)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if p.segs[h].at > i {
			hi = h
		} else {
			lo = h + 1
		}
	}
	return lo - 1
}

// rstripped returns p without trailing whitespace.
func (p ptext) rstripped() ptext { return p.slice(0, len(rstrip(p.s))) }

// stripped returns p without leading and trailing whitespace.
func (p ptext) stripped() ptext {
	e := len(rstrip(p.s))
	return p.slice(len(p.s[:e])-len(lstrip(p.s[:e])), e)
}

// off maps byte i of p to a help-text offset.
func (d *doc) poff(p ptext, i int) int {
	if d.noSpans {
		return 0
	}
	k := p.seg(i)
	if k < 0 {
		if len(p.segs) == 0 {
			return 0
		}
		k = 0
	}
	sg := p.segs[k]
	return d.off(sg.abs, sg.col+i-sg.at)
}

// pspan maps p.s[i:j] to a help-text span.
func (d *doc) pspan(p ptext, i, j int) cst.Span {
	s := cst.Span{Start: d.poff(p, i), End: d.poff(p, j)}
	if s.End < s.Start {
		s.End = s.Start
	}
	return s
}

// joinPtext joins texts with sep (which has no position of its own).
func joinPtext(ps []ptext, sep string) ptext {
	var b strings.Builder
	var out ptext
	for i, p := range ps {
		if i > 0 {
			b.WriteString(sep)
		}
		at := b.Len()
		for _, sg := range p.segs {
			sg.at += at
			out.segs = append(out.segs, sg)
		}
		b.WriteString(p.s)
	}
	out.s = b.String()
	return out
}
