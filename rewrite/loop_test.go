package rewrite

import (
	"errors"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upperPass upper-cases the first lower-case letter of every text node, one
// fix per node, so it needs several iterations to converge.
func upperPass(t *cst.Tree) []Fix {
	var fixes []Fix
	for n := range t.Root().Descendants() {
		if n.Kind() != cst.KindText {
			continue
		}
		s := n.Span()
		for i, c := range n.Bytes() {
			if c >= 'a' && c <= 'z' {
				fixes = append(fixes, Fix{Code: "T1", Edits: []Edit{{s.Start + i, s.Start + i + 1, strings.ToUpper(string(c))}}, Applicability: Safe})
				break
			}
		}
	}
	return fixes
}

func TestRunToFixpoint(t *testing.T) {
	res, err := Run("t.xml", []byte("<a>ab<b>cd</b></a>"), upperPass, Options{})
	require.NoError(t, err)
	assert.Equal(t, "<a>AB<b>CD</b></a>", string(res.Output))
	assert.True(t, res.Changed)
	assert.Equal(t, 2, res.Iterations)
	assert.Equal(t, []string{"T1"}, res.Codes())
}

func TestRunNothingToDo(t *testing.T) {
	src := []byte("<a>AB</a>")
	res, err := Run("t.xml", src, upperPass, Options{})
	require.NoError(t, err)
	assert.False(t, res.Changed)
	assert.Equal(t, src, res.Output)
}

func TestRunRefusesMalformedInput(t *testing.T) {
	src := []byte("<a>ab</b>")
	res, err := Run("t.xml", src, upperPass, Options{})
	var me *MalformedError
	require.True(t, errors.As(err, &me))
	assert.Equal(t, src, res.Output)
	assert.Contains(t, err.Error(), "t.xml:1:6")
}

func TestRunWellFormedGateNamesRule(t *testing.T) {
	breaker := func(t *cst.Tree) []Fix {
		root := t.RootElement()
		if strings.Contains(string(t.Source()), "<") && !strings.Contains(string(t.Source()), "&") {
			return []Fix{
				{Code: "GOOD", Edits: []Edit{InsertAfter(root, "\n")}, Applicability: Safe},
				{Code: "BAD", Edits: []Edit{InsertBefore(root, "&")}, Applicability: Safe},
			}
		}
		return nil
	}
	src := []byte("<a/>")
	res, err := Run("t.xml", src, breaker, Options{})
	var ge *GateError
	require.True(t, errors.As(err, &ge), "err = %v", err)
	assert.Equal(t, "well-formed", ge.Gate)
	assert.Equal(t, []string{"BAD"}, ge.Codes)
	assert.Equal(t, src, res.Output)
}

func TestRunFailsToConverge(t *testing.T) {
	grow := func(t *cst.Tree) []Fix {
		end := len(t.Source())
		return []Fix{{Code: "GROW", Edits: []Edit{{end, end, " "}}, Applicability: Safe}}
	}
	src := []byte("<a/>")
	res, err := Run("t.xml", src, grow, Options{MaxIterations: 3})
	var ce *ConvergenceError
	require.True(t, errors.As(err, &ce))
	assert.Equal(t, []string{"GROW"}, ce.Codes)
	assert.Contains(t, err.Error(), "failed to converge")
	assert.Equal(t, src, res.Output)
}

func TestRunSkipsNoOpAndUnsafeFixes(t *testing.T) {
	pass := func(t *cst.Tree) []Fix {
		return []Fix{
			{Code: "NOOP", Edits: []Edit{{0, 1, "<"}}, Applicability: Safe},
			{Code: "RISKY", Edits: []Edit{{0, 0, "<!--x-->"}}, Applicability: Unsafe},
		}
	}
	res, err := Run("t.xml", []byte("<a/>"), pass, Options{})
	require.NoError(t, err)
	assert.False(t, res.Changed)
	res, err = Run("t.xml", []byte("<a/>"), pass, Options{AllowUnsafe: true, MaxIterations: 2})
	var ce *ConvergenceError
	require.True(t, errors.As(err, &ce), "unsafe insertion repeats forever: %v", err)
	assert.False(t, res.Changed)
}

func TestRunExtraGate(t *testing.T) {
	deny := func(before, after []byte) error { return errors.New("expanded view changed") }
	src := []byte("<a>ab</a>")
	res, err := Run("t.xml", src, upperPass, Options{Gates: []Gate{deny}})
	var ge *GateError
	require.True(t, errors.As(err, &ge))
	assert.Equal(t, []string{"T1"}, ge.Codes)
	assert.Equal(t, src, res.Output)
}
