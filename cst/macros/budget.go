package macros

import (
	"context"
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
)

// DefaultMaxExpansion is the default of [Options.MaxExpansion]: the
// expanded view may take 256 times the bytes of its inputs, plus
// [ExpansionFloor]. Over the corpus (TestCorpusExpansionSize) expansion is
// charged a median of 1.0 times its inputs, 6.6 at the 99th percentile
// and 69 at most (a tool that expands test collections 88 times), and no
// tool comes near the floor, so the bound leaves real tools a margin of
// almost four on the factor, while a bomb in a small file stops after
// some tens of megabytes and a tenth of a second, and one in a 1 MiB
// request (MCP's limit) after about 272 MiB.
const DefaultMaxExpansion = 256

// ExpansionFloor is the part of the bound that does not depend on the
// size of the inputs, so that a small tool may still expand a macro a few
// thousand times.
const ExpansionFloor = 16 << 20

// MaxDepth bounds how deeply elements of the expanded view nest, the root
// counting as one. Galaxy's parser refuses sources nested more than 256
// deep; expansion can nest a macro inside a macro without end, and a tree
// deeper than this is not a tool (the corpus nests at most 17 deep). The bound keeps every walk of the view, here and in its readers,
// within a constant depth.
const MaxDepth = 1024

// maxNesting bounds the chain of expansions and yields that brought one
// element to its place (the length of a [Step] chain through Prev and
// AtVia), which a macro expanding another at the top level of its body
// lengthens without nesting the tree. The corpus chains are at most six
// long.
const maxNesting = 1024

// maxImportDepth bounds how deeply imports nest (a.xml imports b.xml,
// which imports c.xml, ...); corpus tools nest them two deep at most.
const maxImportDepth = 64

// What expansion is charged, in bytes, besides the strings it builds: an
// element copied (its memory and its place in a children slice), an
// attribute copied, a piece of provenance of a substituted string, a new
// link of a provenance chain and its entry in the stepper's memo (their
// memory on a 64-bit machine, which TestCosts checks is no less than on
// this one, so that the messages are the same everywhere), and for the
// work that builds nothing: an element
// moved into its parent's place, an element visited by a search, an
// import read again. The strings of a copy are charged their length
// though they are shared with the original, because the view's readers
// (its JSON and XML, the schema, the rules) read every copy.
const (
	elementCost = 176 + 8
	attrCost    = 64
	partCost    = 64
	stepCost    = 104 + 56
	moveCost    = 16
	visitCost   = 8
	importCost  = 256 // an import read again, besides its size
	// scanShift divides the bytes a token search reads: a vectorised
	// search reads many bytes for the cost of building one.
	scanShift = 3
)

// ctxEvery is how many bytes of work pass between two looks at the
// context: a look costs a call and an atomic load, a megabyte of work a
// few milliseconds.
const ctxEvery = 1 << 20

// budget counts what one expansion builds against its bound and watches
// its context. spend is the only call on the hot paths: an addition and
// a comparison.
type budget struct {
	spent  int64 // bytes charged
	limit  int64 // factor*input + ExpansionFloor
	factor int64
	input  int64 // bytes of the tool and the distinct macro files read
	next   int64 // spent past which slow looks again: limit or the next context look
	ctx    context.Context
	err    error // the context's error, once seen
}

// init sets up the budget of an expansion under opts whose inputs hold
// input bytes so far.
func (b *budget) init(opts *Options, input int) {
	f := int64(opts.MaxExpansion)
	if f <= 0 {
		f = DefaultMaxExpansion
	}
	*b = budget{factor: f, ctx: opts.Context}
	b.addInput(input)
}

// addInput counts n more bytes of input, which raises the bound.
func (b *budget) addInput(n int) {
	b.input += int64(n)
	// Saturating: a factor given on the command line may be huge.
	if b.factor > (1<<62)/max(b.input, 1) {
		b.limit = 1 << 62
	} else {
		b.limit = b.factor*b.input + ExpansionFloor
	}
	b.next = b.limit
	if b.ctx != nil {
		b.next = min(b.limit, b.spent+ctxEvery)
	}
}

// spend charges n bytes and reports whether the expansion may go on:
// false once the bound is passed or the context is done (then b.err is
// set).
func (b *budget) spend(n int) bool {
	b.spent += int64(n)
	return b.spent <= b.next || b.slow()
}

// ok reports whether the expansion may go on, as spend(0) would.
func (b *budget) ok() bool { return b.spent <= b.next || b.slow() }

func (b *budget) slow() bool {
	if b.err != nil {
		return false
	}
	if b.ctx != nil {
		if err := b.ctx.Err(); err != nil {
			b.err = err
			return false
		}
	}
	if b.spent > b.limit {
		return false
	}
	b.next = b.limit
	if b.ctx != nil {
		b.next = min(b.limit, b.spent+ctxEvery)
	}
	return true
}

// canceled returns the error for a done context, or nil when the context
// is not done.
func (b *budget) canceled() error {
	if b.err == nil && b.ctx != nil {
		b.err = b.ctx.Err()
	}
	if b.err == nil {
		return nil
	}
	return &Error{Kind: ErrCanceled, Msg: "expansion stopped: " + b.err.Error(), Err: b.err}
}

// over returns the error for a budget that refused more work: canceled,
// or too large, blamed on what (a macro, token or import, named in full)
// defined at pos.
func (b *budget) over(pos cst.Position, what string) error {
	if err := b.canceled(); err != nil {
		return err
	}
	return &Error{Kind: ErrTooLarge, Pos: pos, Msg: fmt.Sprintf(
		"%s expands exponentially: the expanded view grows to %d bytes, past the bound of %d "+
			"(%d times the %d bytes of the tool and its macro files, plus %d); "+
			"if the tool is meant to be this large, raise the factor with -max-expansion",
		what, b.spent, b.limit, b.factor, b.input, ExpansionFloor)}
}

// stringsSize returns the bytes of the strings of e, which a copy of e is
// charged besides its memory.
func stringsSize(e *Element) int {
	n := len(e.Tag) + len(e.Text) + len(e.Tail)
	for i := range e.Attrs {
		n += len(e.Attrs[i].Name) + len(e.Attrs[i].Value)
	}
	return n
}
