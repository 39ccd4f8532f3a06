package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRewriteAllDropsBytes checks that a run keeping no tool's bytes (as
// format -check does) reaches the same verdicts as one keeping them, also
// where a macro file's gate has to expand an importer again: the
// re-indented <xml> macro lands in the tool's <help>, where its layout is
// text.
func TestRewriteAllDropsBytes(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"macros.xml": "<macros>\n<xml name=\"h\">\n<b>x</b>\n<i>y</i>\n</xml>\n<xml name=\"req\">\n<requirements>\n<requirement type=\"package\">x</requirement>\n</requirements>\n</xml>\n</macros>\n",
		"tool.xml": "<tool id=\"t\" name=\"T\" version=\"1\">\n<macros>\n<import>macros.xml</import>\n</macros>\n<expand macro=\"req\"/>\n" +
			"<command>cat $in</command>\n<inputs>\n<param name=\"in\" type=\"data\" format=\"txt\"/>\n</inputs>\n<outputs/>\n<help><expand macro=\"h\"/></help>\n</tool>\n",
		"other.xml": "<tool id=\"o\" name=\"O\" version=\"1\">\n<macros>\n<import>macros.xml</import>\n</macros>\n<expand macro=\"req\"/>\n<command>true</command>\n</tool>\n",
	}
	var paths []string
	for name, text := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		paths = append(paths, p)
	}
	rs, err := rules.Selection{}.Resolve()
	require.NoError(t, err)
	split := splitRules(rs)
	kept := rewriteAll(paths, split, true)
	dropped := rewriteAll(paths, split, false)
	require.Len(t, dropped, len(kept))
	macroErr := false
	for i := range kept {
		assert.Equal(t, kept[i].changed, dropped[i].changed, paths[i])
		assert.Equal(t, kept[i].err == nil, dropped[i].err == nil, paths[i])
		if kept[i].err != nil && dropped[i].err != nil {
			assert.Equal(t, kept[i].err.msg, dropped[i].err.msg, paths[i])
			macroErr = macroErr || filepath.Base(paths[i]) == "macros.xml"
		}
		assert.Equal(t, kept[i].notes, dropped[i].notes, paths[i])
	}
	// The importer was expanded again, and the layout change it sees in
	// its <help> refused.
	assert.True(t, macroErr, "the macro file's rewrite should be refused through its importer")
}
