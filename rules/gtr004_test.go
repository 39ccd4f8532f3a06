package rules_test

import (
	"fmt"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
)

func TestCollapseEmptyMalformed(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		fixed     string
	}{{
		name:  "inside",
		src:   "<tool>\n    <outputs>\n        <data name=\"o\">  </data>\n    \n",
		want:  []string{"3:9 <data> holds only whitespace; write it as <data …/>"},
		fixed: "<tool>\n    <outputs>\n        <data name=\"o\"/>\n    \n",
	}, {
		name: "leaf",
		src:  "<tool>\n    <outputs>  \n",
	}, {
		name:  "after",
		src:   "<tool><a>\n</a><b> \n</tool>\n",
		want:  []string{"1:7 <a> holds only whitespace; write it as <a …/>"},
		fixed: "<tool><a/><b> \n</tool>\n",
	}, {
		// A stray end tag among the whitespace is passed over like the
		// element's own tags.
		name:  "stray end tag",
		src:   "<tool><a></b>\n</a></tool>\n",
		want:  []string{"1:7 <a> holds only whitespace; write it as <a …/>"},
		fixed: "<tool><a/></tool>\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, fixed := checkFix(t, rules.GTR004, tt.src)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("findings\n got %q\nwant %q", got, tt.want)
			}
			if tt.fixed == "" {
				tt.fixed = tt.src
			}
			if fixed != tt.fixed {
				t.Errorf("fixed\n got %q\nwant %q", fixed, tt.fixed)
			}
		})
	}
}
