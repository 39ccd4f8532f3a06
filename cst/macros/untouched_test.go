package macros_test

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// expandBoth expands src as tool.xml, with files in memory, with the
// untouched subtrees skipped and without, and returns a description of
// each outcome: the JSON and provenance, or the error.
func expandBoth(src string, files map[string][]byte) (skipped, walked string, touched int) {
	describe := func(res *macros.Result, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		var b strings.Builder
		if err := res.WriteProvenance(&b); err != nil {
			return "provenance error: " + err.Error()
		}
		return string(res.JSON()) + "\n" + b.String()
	}
	opts := macros.Options{Files: files, NoDisk: true}
	res, err := macros.Expand("tool.xml", []byte(src), opts)
	if err == nil {
		touched = macros.Touched(res)
	}
	skipped = describe(res, err)
	macros.WithoutSkips(func() { walked = describe(macros.Expand("tool.xml", []byte(src), opts)) })
	return skipped, walked, touched
}

// TestUntouchedCases checks that skipping untouched subtrees in the last
// substitution changes nothing where a token reaches a string in ways its
// source span does not show at once.
func TestUntouchedCases(t *testing.T) {
	lib := `<macros>
  <token name="@L@">lib</token>
  <xml name="body"><param name="p" value="@L@ @T@"/><when value="x"><yield/></when><plain a="b">c</plain></xml>
  <xml name="twice"><a><yield/></a><b><yield/></b></xml>
  <xml name="param" tokens="v"><c d="@V@"><plain/></c></xml>
  <xml name="quoted" token_quote="%" tokens="v"><c d="%V%">%V%</c></xml>
  <template name="tt">t @T@</template>
</macros>`
	for _, c := range []struct{ name, tool string }{
		{"character reference", `<tool><macros><token name="@T">v</token></macros><a b="&#64;T"><b>&#x40;T</b></a></tool>`},
		{"entity of the first byte", `<tool><macros><token name="&amp;T">v</token></macros><a b="&amp;T">&amp;T</a></tool>`},
		{"cdata", `<tool><macros><token name="@T@">v</token></macros><a><![CDATA[@T@]]><b/></a></tool>`},
		{"normalised blank", `<tool><macros><token name=" T">v</token></macros><a b="&#9;T	T">x</a></tool>`},
		{"two first bytes", `<tool><macros><token name="@T@">v</token><token name="$U">w</token></macros><a b="$U"><c>@T@</c><d>none</d></a></tool>`},
		{"attribute name", `<tool><macros><token name="@T@">v</token></macros><a x@T@="1"/></tool>`},
		{"expanded inside", `<tool><macros><import>lib.xml</import></macros><inputs><expand macro="body"/></inputs></tool>`},
		{"imported", `<tool><macros><import>lib.xml</import><token name="@T@">v</token></macros><inputs><expand macro="body"><plain/><q r="@T@"/></expand></inputs></tool>`},
		{"yield twice", `<tool><macros><import>lib.xml</import><token name="@T@">v</token></macros><expand macro="twice"><e f="@T@"/><g/></expand><after>@L@</after></tool>`},
		{"yield twice, spans searched again", `<tool><macros><import>lib.xml</import><token name="@T">v</token></macros><expand macro="twice"><g/><h>&#64;T</h></expand><k>@T</k><l/></tool>`},
		{"parameter", `<tool><macros><import>lib.xml</import><token name="@T@">v</token></macros><expand macro="param" v="@T@"/><expand macro="param" v="w"/></tool>`},
		{"parameter quoted otherwise", `<tool><macros><import>lib.xml</import><token name="@T@">v</token></macros><expand macro="quoted" v="@T@"/></tool>`},
		{"template", `<tool><macros><import>lib.xml</import><token name="t">T</token><token name="@T@">v</token></macros><a>t</a></tool>`},
		{"token in token", `<tool><macros><token name="@T@">@U@</token><token name="@U@">u</token></macros><a b="@T@"/><c/></tool>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			skipped, walked, touched := expandBoth(c.tool, map[string][]byte{"lib.xml": []byte(lib)})
			if skipped != walked {
				t.Errorf("skipping untouched subtrees changes the expansion:\nskipped: %s\n walked: %s", skipped, walked)
			}
			if touched > 0 {
				t.Errorf("%d elements are still marked as changed", touched)
			}
		})
	}
}

// TestPropUntouched checks on generated tools that skipping untouched
// subtrees in the last substitution changes neither the expansion nor its
// provenance, and leaves no element marked.
func TestPropUntouched(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genTool(t, true)
		skipped, walked, touched := expandBoth(src, nil)
		if skipped != walked {
			t.Fatalf("skipping untouched subtrees changes the expansion:\nskipped: %s\n walked: %s\nsrc %s", skipped, walked, src)
		}
		if touched > 0 {
			t.Fatalf("%d elements are still marked as changed\nsrc %s", touched, src)
		}
	})
}

// TestUntouchedCorpus checks the same over every corpus tool.
func TestUntouchedCorpus(t *testing.T) {
	dir := sharedDir(t)
	tools := loadTools(t, dir)
	opts := corpusOptions(dir)
	for _, tool := range tools {
		res, err := macros.Expand(tool.name, tool.src, opts)
		var skipped, walked []byte
		if err == nil {
			if n := macros.Touched(res); n > 0 {
				t.Errorf("%s: %d elements are still marked as changed", tool.row.path, n)
			}
			var b strings.Builder
			_ = res.WriteProvenance(&b)
			skipped = append(res.JSON(), b.String()...)
		}
		var werr error
		macros.WithoutSkips(func() {
			var res *macros.Result
			if res, werr = macros.Expand(tool.name, tool.src, opts); werr == nil {
				var b strings.Builder
				_ = res.WriteProvenance(&b)
				walked = append(res.JSON(), b.String()...)
			}
		})
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Errorf("%s: error %v with skips, %v without", tool.row.path, err, werr)
			continue
		}
		if string(skipped) != string(walked) {
			t.Errorf("%s: skipping untouched subtrees changes the expansion", tool.row.path)
		}
	}
}
