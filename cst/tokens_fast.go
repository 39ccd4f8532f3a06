package cst

// TokenList is a read-only view of a tree's token records, for loops over
// every token of a file: [Tree.TokenKind] and [Tree.TokenSpan] reload the
// tree's token slice on each call, where a TokenList holds it, so a loop
// keeps it in registers and the compiler can drop the bounds check of an
// index it has already compared with [TokenList.Len]. Its zero value is an
// empty list.
type TokenList struct {
	toks   []token
	srcLen int
}

// TokenList returns the view of t's tokens.
func (t *Tree) TokenList() TokenList { return TokenList{t.toks, len(t.src)} }

// Len returns the number of tokens: what [Tree.NumTokens] returns.
func (l TokenList) Len() int { return len(l.toks) }

// Kind returns the kind of the i-th token: what [Tree.TokenKind] returns.
func (l TokenList) Kind(i int) TokKind { return l.toks[i].kind }

// Span returns the byte range of the i-th token: what [Tree.TokenSpan]
// returns.
func (l TokenList) Span(i int) Span {
	end := l.srcLen
	if i+1 < len(l.toks) {
		end = int(l.toks[i+1].start)
	}
	return Span{int(l.toks[i].start), end}
}
