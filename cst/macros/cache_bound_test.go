package macros_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// TestCacheBound checks that a cache keeps the files of its recent uses
// whatever their size, forgets the least recently used of the others once
// their sources pass macros.CacheBytes, and reads a forgotten file again
// when it is imported again.
func TestCacheBound(t *testing.T) {
	// Each large file is over half the bound: two of them do not fit.
	pad := "<!--" + strings.Repeat("x", macros.CacheBytes/2) + "-->"
	lib := func(v, pad string) []byte {
		return []byte(`<macros>` + pad + `<token name="@V@">` + v + `</token></macros>`)
	}
	files := map[string][]byte{"a.xml": lib("a", pad), "b.xml": lib("b", pad)}
	var small []string
	for i := range macros.CacheRecent {
		name := fmt.Sprintf("s%d.xml", i)
		files[name] = lib(name, "")
		small = append(small, name)
	}
	reads := map[string]int{}
	opts := macros.Options{Cache: macros.NewCache(), ReadFile: func(name string) ([]byte, error) {
		reads[name]++
		return files[name], nil
	}}
	expand := func(imp string) {
		t.Helper()
		tool := `<tool version="@V@"><macros><import>` + imp + `</import></macros></tool>`
		res, err := macros.Expand("tool.xml", []byte(tool), opts)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := res.Root.Get("version"); v != strings.TrimSuffix(imp, ".xml") && v != imp {
			t.Fatalf("importing %s: version = %q", imp, v)
		}
	}
	// Over the bound, but all among the recent uses: kept.
	expand("a.xml")
	expand("b.xml")
	expand("a.xml")
	if reads["a.xml"] != 1 || reads["b.xml"] != 1 {
		t.Fatalf("recently used files read again: %v", reads)
	}
	// Both age out of the window; b, the less recently used, goes, which
	// brings the cache under the bound: a stays.
	for _, s := range small {
		expand(s)
	}
	expand("a.xml")
	expand("b.xml")
	for name, n := range reads {
		want := 1
		if name == "b.xml" {
			want = 2
		}
		if n != want {
			t.Errorf("%s read %d times, want %d (reads: %v)", name, n, want, reads)
		}
	}
}
