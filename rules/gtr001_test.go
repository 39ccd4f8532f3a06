package rules_test

import (
	"fmt"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// checkFix runs rule r over src and returns its findings as
// "line:col message" and src with all their fixes applied. It serves
// inputs that are not well-formed, which the golden files cannot hold:
// format refuses them.
func checkFix(t *testing.T, r *rules.Rule, src string) ([]string, string) {
	t.Helper()
	var got []string
	var edits []rewrite.Edit
	for _, d := range rules.Check(cst.Parse("input.xml", []byte(src)), []*rules.Rule{r}) {
		got = append(got, fmt.Sprintf("%d:%d %s", d.Pos.Line, d.Pos.Column, d.Message))
		edits = append(edits, d.Fix.Edits...)
	}
	out, err := rewrite.Apply([]byte(src), edits)
	if err != nil {
		t.Fatal(err)
	}
	return got, string(out)
}

func TestIndentationMalformed(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		fixed     string
	}{{
		name: "inside",
		src:  "<tool>\n    <inputs>\n      <conditional name=\"c\">\n        <param name=\"p\"/>\n      </conditional>\n",
		want: []string{
			"4:9 children of <conditional> should be indented by 12 spaces (4 per level), one per line",
		},
		fixed: "<tool>\n    <inputs>\n      <conditional name=\"c\">\n            <param name=\"p\"/>\n        </conditional>\n",
	}, {
		name:  "start tag",
		src:   "<tool>\n  <inputs>\n  <param name=\"p\"\n</tool>\n",
		want:  []string{"2:3 children of <tool> should be indented by 4 spaces (4 per level), one per line"},
		fixed: "<tool>\n    <inputs>\n  <param name=\"p\"\n\n</tool>\n",
	}, {
		// A stray end tag is not the element's own: the last gap is the
		// one before </a>, and the text before </b> still counts as the
		// gap before <c/>.
		name: "stray end tag",
		src:  "<tool>\n<a>\n  <b/>\n  </x>\n  <c/>\n  </a>\n</tool>\n",
		want: []string{
			"2:1 children of <tool> should be indented by 4 spaces (4 per level), one per line",
			"3:3 children of <a> should be indented by 8 spaces (4 per level), one per line",
		},
		fixed: "<tool>\n    <a>\n        <b/>\n  </x>\n        <c/>\n    </a>\n</tool>\n",
	}, {
		// Nor does a stray end tag close an element left unclosed.
		name:  "unclosed with stray end tag",
		src:   "<tool>\n<a>\n  <b/>\n  </x>\n</tool>\n",
		want:  []string{"2:1 children of <tool> should be indented by 4 spaces (4 per level), one per line"},
		fixed: "<tool>\n    <a>\n  <b/>\n  </x>\n\n</tool>\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, fixed := checkFix(t, rules.GTR001, tt.src)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("findings\n got %q\nwant %q", got, tt.want)
			}
			if fixed != tt.fixed {
				t.Errorf("fixed\n got %q\nwant %q", fixed, tt.fixed)
			}
		})
	}
}
