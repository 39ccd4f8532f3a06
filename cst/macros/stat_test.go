package macros

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCacheStat: a cache answers Stat as os.Stat did the first time it
// was asked about a path (the run assumes its files do not change); a nil
// cache asks os.Stat each time.
func TestCacheStat(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "datatypes_conf.xml")
	c := NewCache()
	if _, err := c.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("Stat of a missing file: %v, want a not-exist error", err)
	}
	if err := os.WriteFile(p, []byte("<datatypes/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Stat(p); !os.IsNotExist(err) {
		t.Errorf("Stat after the file appeared: %v, want the remembered not-exist error", err)
	}
	var none *Cache
	if info, err := none.Stat(p); err != nil || info.Size() != int64(len("<datatypes/>")) {
		t.Errorf("nil cache Stat: %v, %v; want the file as it is now", info, err)
	}
	q := filepath.Join(dir, "other.xml")
	if err := os.WriteFile(q, []byte("<x/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err := c.Stat(q); err != nil || info.Size() != 4 {
		t.Errorf("Stat of an existing file: %v, %v", info, err)
	}
}
