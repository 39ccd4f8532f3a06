package macros_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// TestCacheSeed checks that a macro file's parse handed to the cache is
// the one imports use, and that the cache hands out the parse it made for
// an import.
func TestCacheSeed(t *testing.T) {
	dir := t.TempDir()
	lib := []byte(`<macros><token name="@V@">1.0</token></macros>`)
	tool := []byte(`<tool id="t" name="t" version="@V@"><macros><import>m.xml</import><import>n.xml</import></macros></tool>`)
	for _, name := range []string{"m.xml", "n.xml"} {
		if err := os.WriteFile(filepath.Join(dir, name), lib, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, n := filepath.Join(dir, "m.xml"), filepath.Join(dir, "n.xml")
	cache := macros.NewCache()
	seeded := cst.Parse(m, lib)
	cache.Seed(m, seeded)
	if cache.Tree(m) != seeded || cache.Tree(n) != nil {
		t.Fatalf("before expanding: Tree(m) is the seeded parse: %v; Tree(n) = %v, want nil", cache.Tree(m) == seeded, cache.Tree(n))
	}
	res, err := macros.Expand(filepath.Join(dir, "tool.xml"), tool, macros.Options{Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := res.Root.Get("version"); v != "1.0" {
		t.Errorf("version = %q, want the token's 1.0", v)
	}
	if res.Tree(m) != seeded {
		t.Errorf("the import of m.xml did not use the seeded parse")
	}
	if got := cache.Tree(n); got == nil || got != res.Tree(n) {
		t.Errorf("Tree(n) after the import = %v, want the import's parse", got)
	}
	cache.Seed(n, cst.Parse(n, lib)) // already held: ignored
	if cache.Tree(n) != res.Tree(n) {
		t.Errorf("Seed replaced a parse the cache held")
	}
}
