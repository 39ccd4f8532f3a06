package macros_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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

// TestCacheSharedDefinitions expands tools that import the same files,
// some adding tokens and macros of their own, through one cache in turn
// and checks each against an expansion without a cache: the imported
// definitions the tools share must come out of every tool unchanged.
func TestCacheSharedDefinitions(t *testing.T) {
	files := map[string][]byte{
		"m.xml": []byte(`<macros>
  <token name="@A@">a(@B@)</token>
  <token name="@B@">b</token>
  <xml name="x" tokens="p"><x v="@P@ @A@"/></xml>
  <xml name="y"><y/></xml>
  <template name="t">tpl</template>
</macros>`),
		"self.xml":    []byte(`<macros><token name="@S@">s@S@</token></macros>`),
		"unnamed.xml": []byte(`<macros><xml><z/></xml></macros>`),
	}
	tools := []string{
		`<tool a="@A@ @B@"><macros><import>m.xml</import></macros><expand macro="x" p="1"/><expand macro="y"/></tool>`,
		`<tool a="@A@ @B@"><macros><import>m.xml</import><token name="@B@">own(@C@)</token><token name="@C@">c</token></macros><expand macro="x" p="2"/></tool>`,
		`<tool a="@A@"><macros><import>m.xml</import><xml name="y"><own/></xml><xml name="w"><w/></xml></macros><expand macro="y"/><expand macro="w"/></tool>`,
		`<tool a="@A@"><macros><import>m.xml</import><token name="@A@">@B@@B@</token></macros><expand macro="x" p="3"/></tool>`,
		`<tool><macros><import>m.xml</import></macros><expand macro="nope"/></tool>`,
		`<tool><macros><import>m.xml</import><xml name="v"><v/></xml></macros><expand macro="nope"/></tool>`,
		`<tool><macros><import>m.xml</import><token name="@B@">@A@</token></macros></tool>`,
		`<tool><macros><import>m.xml</import><token>x</token></macros></tool>`,
		`<tool><macros><import>self.xml</import></macros></tool>`,
		`<tool><macros><import>unnamed.xml</import></macros></tool>`,
		`<tool><macros><import>unnamed.xml</import><token name="@T@">@T@</token></macros></tool>`,
		`<tool a="@A@ @B@"><macros><import>m.xml</import></macros><expand macro="x" p="1"/><expand macro="y"/></tool>`,
	}
	shared := macros.Options{Files: files, NoDisk: true, Cache: macros.NewCache()}
	for round := range 2 {
		for i, src := range tools {
			want, wantErr := macros.Expand("tool.xml", []byte(src), macros.Options{Files: files, NoDisk: true})
			got, gotErr := macros.Expand("tool.xml", []byte(src), shared)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("round %d, tool %d: error %v, want %v", round, i, gotErr, wantErr)
			}
			if wantErr == nil && string(got.JSON()) != string(want.JSON()) {
				t.Fatalf("round %d, tool %d: expansion\n%s\nwant\n%s", round, i, got.JSON(), want.JSON())
			}
		}
	}
}

// TestCacheFromTree checks that Cache.FromTree converts a macro file as
// FromTree does, and converts it once for the file's own checks and its
// imports when the cache holds its parse (seeded, or read by an import
// first), but anew for any other tree.
func TestCacheFromTree(t *testing.T) {
	dir := t.TempDir()
	lib := []byte("<macros>\n  <token name=\"@V@\">1.0</token>\n  <xml name=\"x\"><x a=\"&amp;\"/><?pi data?></xml>\n</macros>\n")
	tool := []byte(`<tool id="t" name="t" version="@V@"><macros><import>m.xml</import><import>n.xml</import></macros><expand macro="x"/></tool>`)
	for _, name := range []string{"m.xml", "n.xml"} {
		if err := os.WriteFile(filepath.Join(dir, name), lib, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, n := filepath.Join(dir, "m.xml"), filepath.Join(dir, "n.xml")
	// same checks that c.FromTree(tr) is FromTree(tr), and whether it is
	// the conversion of an earlier call (shared).
	same := func(name string, c *macros.Cache, tr *cst.Tree, prev *macros.Element, shared bool) *macros.Element {
		t.Helper()
		got, err := c.FromTree(tr)
		want, wantErr := macros.FromTree(tr)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: FromTree through the cache = %v, %v; want %v, %v", name, got, err, want, wantErr)
		}
		if prev != nil && (got == prev) != shared {
			t.Errorf("%s: the conversion is shared with the earlier one: %v, want %v", name, got == prev, shared)
		}
		return got
	}
	same("nil cache", nil, cst.Parse(m, lib), nil, false)

	cache := macros.NewCache()
	seeded := cst.Parse(m, lib)
	cache.Seed(m, seeded)
	first := same("seeded", cache, seeded, nil, false)
	same("seeded, again", cache, seeded, first, true)
	if _, err := macros.Expand(filepath.Join(dir, "tool.xml"), tool, macros.Options{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	same("seeded, after the import", cache, seeded, first, true)
	// Another parse of the file, here of other bytes, is not the one held.
	same("other parse", cache, cst.Parse(m, []byte(`<macros><token name="@V@">2.0</token></macros>`)), first, false)

	// n.xml was read from disk by the import: its parse is the one held.
	read := cache.Tree(n)
	if read == nil {
		t.Fatal("the cache holds no parse of n.xml after its import")
	}
	first = same("read by the import", cache, read, nil, false)
	same("read by the import, again", cache, read, first, true)
	same("another parse of n.xml", cache, cst.Parse(n, []byte(`<macros/>`)), first, false)

	// A file that does not convert fails as FromTree fails.
	bad := cst.Parse(filepath.Join(dir, "bad.xml"), []byte(`<macros><token>`))
	cache.Seed(bad.File(), bad)
	same("malformed", cache, bad, nil, false)
	same("malformed, again", cache, bad, nil, false)
}
