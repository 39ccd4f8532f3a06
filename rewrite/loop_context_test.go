package rewrite

import (
	"context"
	"errors"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunStopsAtContextEnd: a context that ends during the first pass
// stops the loop before the second iteration, with the input as output
// and the context's error wrapped; one that ends in a gate stops before
// the next gate, whatever the gate answered.
func TestRunStopsAtContextEnd(t *testing.T) {
	src := []byte("<a>ab<b>cd</b></a>")
	t.Run("between iterations", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		passes := 0
		pass := func(tr *cst.Tree) []Fix {
			passes++
			cancel()
			return upperPass(tr)
		}
		res, err := Run("t.xml", src, pass, Options{Context: ctx})
		require.ErrorIs(t, err, context.Canceled)
		assert.Contains(t, err.Error(), "fix loop stopped before iteration 2")
		assert.Equal(t, 1, passes)
		assert.Equal(t, src, res.Output)
		assert.False(t, res.Changed)
	})
	t.Run("in a gate", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		second := false
		gates := []Gate{
			func(_, _ []byte) error { cancel(); return errors.New("view cut short") },
			func(_, _ []byte) error { second = true; return nil },
		}
		res, err := Run("t.xml", src, upperPass, Options{Context: ctx, Gates: gates})
		require.ErrorIs(t, err, context.Canceled)
		var ge *GateError
		assert.False(t, errors.As(err, &ge), "a stopped run is not a refused rewrite: %v", err)
		assert.False(t, second)
		assert.Equal(t, src, res.Output)
	})
	t.Run("done before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := Run("t.xml", src, func(*cst.Tree) []Fix { t.Fatal("pass ran"); return nil }, Options{Context: ctx})
		require.ErrorIs(t, err, context.Canceled)
	})
}
