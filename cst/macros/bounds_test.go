package macros_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// The budget every hostile case below must stay within, in proportion
// to its input: an answer within a second plus 10 µs per byte, and under
// 32 MiB plus 1,200 bytes per byte allocated. The bound on what expansion
// builds is the 16 MiB floor plus DefaultMaxExpansion (256) times the input (what it
// builds is charged at least what it allocates); the rest is the parse
// and the slices that grow as the view does.
const (
	hostileTime    = time.Second
	hostileTimeB   = 10 * time.Microsecond
	hostileAlloc   = 32 << 20
	hostilePerByte = 1200
)

// measure runs f and returns the time it took and the bytes it allocated.
func measure(f func()) (time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return d, after.TotalAlloc - before.TotalAlloc
}

// expandBounded expands tool (with files in memory) under opts and checks
// the time and memory budget.
func expandBounded(t *testing.T, tool string, files map[string]string, opts macros.Options) (*macros.Result, error) {
	t.Helper()
	opts.NoDisk = true
	opts.Files = map[string][]byte{}
	for n, s := range files {
		opts.Files[n] = []byte(s)
	}
	var res *macros.Result
	var err error
	d, alloc := measure(func() { res, err = macros.Expand("tool.xml", []byte(tool), opts) })
	size := len(tool)
	for _, s := range files {
		size += len(s)
	}
	assert.Less(t, d, hostileTime+time.Duration(size)*hostileTimeB, "took %v for %d bytes of input", d, size)
	assert.Less(t, alloc, uint64(hostileAlloc+hostilePerByte*size), "allocated %d bytes for %d bytes of input", alloc, size)
	return res, err
}

// requireKind checks that err is a *macros.Error of kind k and returns it.
func requireKind(t *testing.T, err error, k macros.ErrorKind) *macros.Error {
	t.Helper()
	var me *macros.Error
	require.True(t, errors.As(err, &me), "want a *macros.Error of kind %v, got %v", k, err)
	require.Equal(t, k, me.Kind, "error: %v", err)
	return me
}

// tokenBomb is a tool whose tokens each hold the previous one twice, the
// last used once in <description>: its value would take 2^(n+1) bytes.
func tokenBomb(n int) string {
	var b strings.Builder
	b.WriteString("<tool id=\"t\" name=\"t\" version=\"1\">\n<macros>\n<token name=\"@T0@\">ab</token>\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "<token name=\"@T%d@\">@T%d@@T%d@</token>\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "</macros>\n<description>@T%d@</description>\n</tool>\n", n-1)
	return b.String()
}

// macroBomb is a tool whose xml macros each expand the previous one twice
// at the top level of their body, the last expanded once in <inputs>.
func macroBomb(n int) string {
	var b strings.Builder
	b.WriteString("<tool id=\"t\" name=\"t\" version=\"1\">\n<macros>\n<xml name=\"m0\"><param name=\"p\" type=\"text\"/></xml>\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "<xml name=\"m%d\"><expand macro=\"m%d\"/><expand macro=\"m%d\"/></xml>\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "</macros>\n<inputs><expand macro=\"m%d\"/></inputs>\n</tool>\n", n-1)
	return b.String()
}

// TestTokenBomb: the 1.5 KB tool of issue 16 (40 tokens) stops at the
// token whose value passes the bound, named at its definition.
func TestTokenBomb(t *testing.T) {
	tool := tokenBomb(40)
	_, err := expandBounded(t, tool, nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	require.Equal(t, "tool.xml", me.Pos.File)
	// Token @Tk@ is defined on line k+3.
	var k int
	_, scanErr := fmt.Sscanf(me.Msg, "token @T%d@ expands exponentially", &k)
	require.NoError(t, scanErr, "message: %s", me.Msg)
	assert.Equal(t, k+3, me.Pos.Line, "the position is the token's definition: %v", err)
	assert.Contains(t, me.Msg, "past the bound of")
	assert.Contains(t, me.Msg, "-max-expansion")
	assert.Empty(t, me.Galaxy, "Galaxy would grind on rather than raise")
}

// TestMacroBomb: the 1.9 KB tool of issue 16 (28 macros) stops, blaming
// the macro the tool expands, at its definition.
func TestMacroBomb(t *testing.T) {
	_, err := expandBounded(t, macroBomb(28), nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	assert.Equal(t, "tool.xml:30:1", me.Pos.String())
	assert.True(t, strings.HasPrefix(me.Msg, "macro m27 expands exponentially: the expanded view grows to "), me.Msg)
}

// TestNestedBomb: macros that each expand the previous ten times inside
// an element, so that the growth happens within one expansion of the
// outermost.
func TestNestedBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("<tool><macros>\n<xml name=\"m0\"><p/></xml>\n")
	for i := 1; i < 9; i++ {
		fmt.Fprintf(&b, "<xml name=\"m%d\"><x>%s</x></xml>\n", i, strings.Repeat(fmt.Sprintf("<expand macro=\"m%d\"/>", i-1), 10))
	}
	b.WriteString("</macros>\n<inputs><expand macro=\"m8\"/></inputs></tool>\n")
	_, err := expandBounded(t, b.String(), nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	assert.Equal(t, "tool.xml:10:1", me.Pos.String())
	assert.True(t, strings.HasPrefix(me.Msg, "macro m8 expands exponentially"), me.Msg)
}

// TestManyExpands: a large macro expanded many times is stopped like a
// bomb, though it grows only in proportion.
func TestManyExpands(t *testing.T) {
	body := strings.Repeat(`<param name="x" type="text" label="a label of some length"/>`, 200)
	tool := "<tool><macros><xml name=\"big\">" + body + "</xml></macros><inputs>" +
		strings.Repeat(`<expand macro="big"/>`, 2000) + "</inputs></tool>"
	_, err := expandBounded(t, tool, nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	assert.Equal(t, "tool.xml:1:15", me.Pos.String())
	assert.True(t, strings.HasPrefix(me.Msg, "macro big expands exponentially"), me.Msg)
}

// TestYieldBomb: named tokens whose content holds two yields of their own
// name double the yields at each token.
func TestYieldBomb(t *testing.T) {
	tool := "<tool><macros><xml name=\"m\"><x><yield name=\"a\"/></x></xml></macros><inputs><expand macro=\"m\">" +
		strings.Repeat(`<token name="a"><yield name="a"/><yield name="a"/></token>`, 40) + "</expand></inputs></tool>"
	_, err := expandBounded(t, tool, nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	assert.True(t, strings.HasPrefix(me.Msg, "macro m expands exponentially"), me.Msg)
}

// TestRaisedBound: an expansion past the default bound goes through with
// a larger MaxExpansion, and gives the full result.
func TestRaisedBound(t *testing.T) {
	tool := tokenBomb(20) // @T19@ is 2^20 bytes
	_, err := macros.Expand("tool.xml", []byte(tool), macros.Options{NoDisk: true})
	requireKind(t, err, macros.ErrTooLarge)
	res, err := macros.Expand("tool.xml", []byte(tool), macros.Options{NoDisk: true, MaxExpansion: 1 << 20})
	require.NoError(t, err)
	var desc *macros.Element
	for c := range res.Root.Elements() {
		if c.Tag == "description" {
			desc = c
		}
	}
	require.NotNil(t, desc)
	assert.Equal(t, strings.Repeat("ab", 1<<19), desc.Text)
}

// TestNestingChain: a chain of macros each nesting the previous in an
// element makes the expanded tree as deep as the chain is long: within
// MaxDepth it expands, past it the error says so, without recursing in
// proportion.
func TestNestingChain(t *testing.T) {
	chain := func(n int) string {
		var b strings.Builder
		b.WriteString("<tool><macros>\n<xml name=\"m0\"><leaf/></xml>\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "<xml name=\"m%d\"><a><expand macro=\"m%d\"/></a></xml>\n", i, i-1)
		}
		fmt.Fprintf(&b, "</macros><inputs><expand macro=\"m%d\"/></inputs></tool>\n", n-1)
		return b.String()
	}
	res, err := expandBounded(t, chain(500), nil, macros.Options{})
	require.NoError(t, err)
	depth := 0
	for e := res.Root; e != nil; depth++ {
		var next *macros.Element
		for c := range e.Elements() {
			next = c
		}
		e = next
	}
	assert.Equal(t, 502, depth, "tool, inputs, 499 <a>, leaf")

	_, err = expandBounded(t, chain(5000), nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	assert.True(t, strings.HasPrefix(me.Msg, fmt.Sprintf("nesting: the expanded view nests elements more than %d deep: macro m4999 (defined at tool.xml:5001:1) nests macros too deeply", macros.MaxDepth)), me.Msg)
	assert.Less(t, len(me.Msg), 400, "the chain of macros is shortened")
}

// TestTopLevelChain: macros that each expand the previous at the top
// level of their body do not nest the tree but lengthen the chain of
// steps of what they bring, which is bounded too.
func TestTopLevelChain(t *testing.T) {
	chain := func(n int) string {
		var b strings.Builder
		b.WriteString("<tool><macros>\n<xml name=\"m0\"><leaf/></xml>\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "<xml name=\"m%d\"><expand macro=\"m%d\"/></xml>\n", i, i-1)
		}
		fmt.Fprintf(&b, "</macros><inputs><expand macro=\"m%d\"/></inputs></tool>\n", n-1)
		return b.String()
	}
	res, err := expandBounded(t, chain(500), nil, macros.Options{})
	require.NoError(t, err)
	leaf := res.Root.Children[len(res.Root.Children)-1].Children[0]
	require.Equal(t, "leaf", leaf.Tag)
	assert.Equal(t, res.File(), res.ToolLoc(leaf).File)

	_, err = expandBounded(t, chain(5000), nil, macros.Options{})
	me := requireKind(t, err, macros.ErrTooLarge)
	assert.True(t, strings.HasPrefix(me.Msg, "nesting: <expand macro="), me.Msg)
	assert.Contains(t, me.Msg, "macro m4999 (defined at tool.xml:5001:1) expands macros without end")
}

// TestImportBounds: imports that import each other many times over, in
// cycles, or nested without end.
func TestImportBounds(t *testing.T) {
	tool := "<tool><macros><import>f0.xml</import></macros><inputs/></tool>"
	// f0 imports f1 twice, f1 imports f2 twice, ...: Galaxy would read f30
	// 2^30 times.
	diamond := map[string]string{}
	for i := range 30 {
		diamond[fmt.Sprintf("f%d.xml", i)] = fmt.Sprintf("<macros><import>f%d.xml</import><import>f%d.xml</import><token name=\"@X%d@\">x</token></macros>", i+1, i+1, i)
	}
	diamond["f30.xml"] = "<macros><xml name=\"m\"><p/></xml></macros>"
	for _, c := range []struct {
		name string
		opts macros.Options
	}{{"diamond", macros.Options{}}, {"diamond cached", macros.Options{Cache: macros.NewCache()}}} {
		t.Run(c.name, func(t *testing.T) {
			_, err := expandBounded(t, tool, diamond, c.opts)
			me := requireKind(t, err, macros.ErrTooLarge)
			assert.True(t, strings.HasPrefix(me.Msg, "the import of f"), me.Msg)
			assert.Contains(t, me.Msg, "expands exponentially")
		})
	}
	t.Run("self", func(t *testing.T) {
		_, err := expandBounded(t, tool, map[string]string{"f0.xml": "<macros><import>f0.xml</import></macros>"}, macros.Options{})
		me := requireKind(t, err, macros.ErrImportCycle)
		assert.Equal(t, "f0.xml:1:9", me.Pos.String())
	})
	t.Run("cycle", func(t *testing.T) {
		_, err := expandBounded(t, tool, map[string]string{
			"f0.xml": "<macros><import>f1.xml</import></macros>",
			"f1.xml": "<macros><import>f2.xml</import></macros>",
			"f2.xml": "<macros><import>f0.xml</import></macros>",
		}, macros.Options{})
		me := requireKind(t, err, macros.ErrImportCycle)
		assert.Equal(t, "f2.xml:1:9", me.Pos.String())
	})
	t.Run("deep", func(t *testing.T) {
		files := map[string]string{}
		for i := range 1000 {
			files[fmt.Sprintf("f%d.xml", i)] = fmt.Sprintf("<macros><import>f%d.xml</import></macros>", i+1)
		}
		files["f1000.xml"] = "<macros/>"
		_, err := expandBounded(t, tool, files, macros.Options{})
		me := requireKind(t, err, macros.ErrTooLarge)
		assert.True(t, strings.HasPrefix(me.Msg, "nesting: imports nest more than"), me.Msg)
	})
}

// TestCancel: an expansion under a context that is done, or gets done
// half way, stops with ErrCanceled wrapping the context's error.
func TestCancel(t *testing.T) {
	t.Run("canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := macros.Expand("tool.xml", []byte(macroBomb(5)), macros.Options{Context: ctx})
		requireKind(t, err, macros.ErrCanceled)
		assert.ErrorIs(t, err, context.Canceled)
	})
	t.Run("deadline", func(t *testing.T) {
		// With the bound lifted the bomb would run for minutes.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := macros.Expand("tool.xml", []byte(macroBomb(40)), macros.Options{Context: ctx, MaxExpansion: 1 << 30})
		requireKind(t, err, macros.ErrCanceled)
		assert.ErrorIs(t, err, context.DeadlineExceeded)
		assert.Less(t, time.Since(start), 500*time.Millisecond)
	})
	t.Run("tokens", func(t *testing.T) {
		// The values double until the context is seen done, which is looked
		// at before each is built: at most one doubling past the deadline.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
		defer cancel()
		_, err := macros.Expand("tool.xml", []byte(tokenBomb(60)), macros.Options{Context: ctx, MaxExpansion: 1 << 30})
		requireKind(t, err, macros.ErrCanceled)
		assert.ErrorIs(t, err, context.DeadlineExceeded)
	})
}
