package macros_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

var update = flag.Bool("update", false, "rewrite the want.xml and error sections of testdata/expand/*.txtar")

// archive is a txtar archive: a comment, then files.
type archive struct {
	comment string
	names   []string
	files   map[string]string
}

// parseTxtar reads the txtar format: a line "-- name --" starts a file that
// runs to the next such line.
func parseTxtar(data string) archive {
	a := archive{files: map[string]string{}}
	cur := ""
	var b strings.Builder
	flush := func() {
		if cur == "" {
			a.comment = b.String()
		} else {
			a.files[cur] = b.String()
			a.names = append(a.names, cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --\n") {
			flush()
			cur = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --\n")
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.names {
		fmt.Fprintf(&b, "-- %s --\n%s", n, a.files[n])
	}
	return b.String()
}

// expected sections of a case, not input files.
var sections = map[string]bool{"want.xml": true, "error": true, "provenance": true}

// expandArchive expands tool.xml of a case with the other files supplied in
// memory.
func expandArchive(a archive) (*macros.Result, error) {
	files := map[string][]byte{}
	for n, body := range a.files {
		if !sections[n] {
			files[n] = []byte(body)
		}
	}
	return macros.Expand("tool.xml", files["tool.xml"], macros.Options{Files: files, NoDisk: true})
}

// describeError renders an expansion error for the error section.
func describeError(err error) string {
	var me *macros.Error
	if !errors.As(err, &me) {
		return "not a *macros.Error: " + err.Error() + "\n"
	}
	return fmt.Sprintf("kind: %s\nat: %s\nmsg: %s\ngalaxy: %s\n", me.Kind, me.Pos, me.Msg, me.Galaxy)
}

// TestExpand runs the cases of testdata/expand: each names the Galaxy
// behaviour it pins in its comment, holds tool.xml and the files it
// imports, and the expected expansion (want.xml, serialised as lxml does)
// or error. The want.xml sections were checked against Galaxy's
// xml_macros.py on lxml 4.9.2.
func TestExpand(t *testing.T) {
	paths, err := filepath.Glob("testdata/expand/*.txtar")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			a := parseTxtar(string(data))
			require.Contains(t, a.files, "tool.xml")
			require.True(t, strings.HasPrefix(a.comment, "Galaxy"), "the comment must name the Galaxy behaviour pinned")
			res, err := expandArchive(a)
			got := map[string]string{}
			if err != nil {
				got["error"] = describeError(err)
			} else {
				got["want.xml"] = string(res.XML())
				if _, ok := a.files["provenance"]; ok {
					var b strings.Builder
					require.NoError(t, res.WriteProvenance(&b))
					got["provenance"] = b.String()
				}
			}
			if *update {
				delete(a.files, "want.xml")
				delete(a.files, "error")
				var names []string
				for _, n := range a.names {
					if n != "want.xml" && n != "error" {
						names = append(names, n)
					}
				}
				a.names = names
				for _, n := range []string{"want.xml", "error", "provenance"} {
					if s, ok := got[n]; ok {
						if _, had := a.files[n]; !had {
							a.names = append(a.names, n)
						}
						a.files[n] = s
					}
				}
				require.NoError(t, os.WriteFile(path, []byte(a.format()), 0o644))
				return
			}
			for _, n := range []string{"want.xml", "error", "provenance"} {
				want, wantOK := a.files[n]
				have, haveOK := got[n]
				if !wantOK && !haveOK {
					continue
				}
				assert.Equal(t, want, have, "section %s (run with -update to regenerate)", n)
			}
		})
	}
}

// TestErrorsAreValues checks that every error case yields a *macros.Error
// with a position and a Galaxy class, and that Error() reads file:line:col.
func TestErrorsAreValues(t *testing.T) {
	paths, _ := filepath.Glob("testdata/expand/err_*.txtar")
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		_, err = expandArchive(parseTxtar(string(data)))
		var me *macros.Error
		require.ErrorAs(t, err, &me, path)
		assert.True(t, me.Pos.IsValid(), "%s: error without a position", path)
		assert.True(t, strings.HasPrefix(err.Error(), me.Pos.String()+": "), path)
		assert.NotEqual(t, "", me.Kind.String(), path)
		assert.False(t, strings.HasSuffix(me.Msg, "."), "%s: message ends with a period", path)
	}
}

// TestFromTreeRejectsMalformed pins that lxml's refusal of a malformed file
// is an error of kind syntax.
func TestFromTreeRejectsMalformed(t *testing.T) {
	_, err := macros.FromTree(cst.Parse("x.xml", []byte("<tool><a></tool>")))
	var me *macros.Error
	require.ErrorAs(t, err, &me)
	assert.Equal(t, macros.ErrSyntax, me.Kind)
	assert.Equal(t, "XMLSyntaxError", me.GalaxyClass())
}
