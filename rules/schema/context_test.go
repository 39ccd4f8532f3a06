package schema_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endsAfter is a context whose Err turns to Canceled at its n-th call:
// it ends in the middle of a walk, where the validator looks at it.
type endsAfter struct {
	context.Context
	n int
}

// live returns a context that can end (its Done is not nil) and does
// not on its own: a context that can never end is not looked at.
func live(t *testing.T) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return ctx
}

func (c *endsAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

func wideTool(n int) schema.Element {
	var b strings.Builder
	b.WriteString(`<tool id="t" name="t" version="1"><command>x</command><inputs>`)
	for i := range n {
		fmt.Fprintf(&b, `<param name="p%d" type="text"/>`, i)
	}
	b.WriteString(`</inputs></tool>`)
	return schema.Written(cst.Parse("t.xml", []byte(b.String())).RootElement())
}

func TestValidateContext(t *testing.T) {
	root := wideTool(5000)
	errs, err := schema.ValidateContext(context.Background(), root, "24.1")
	require.NoError(t, err)
	assert.Empty(t, errs)

	// Looked at on entry, then every 1024 elements: the second look ends it.
	_, err = schema.ValidateContext(&endsAfter{Context: live(t), n: 1}, root, "24.1")
	require.ErrorIs(t, err, context.Canceled)
	assert.Contains(t, err.Error(), "schema validation at 24.1 stopped after 1024 elements")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, ok, err := schema.NewestValidContext(ctx, root, nil)
	require.ErrorIs(t, err, context.Canceled)
	assert.False(t, ok)
	p, ok, err := schema.NewestValidContext(context.Background(), root, nil)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, schema.Profiles()[len(schema.Profiles())-1], p)
}
