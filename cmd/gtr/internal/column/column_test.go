package column

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

func TestUTF16(t *testing.T) {
	// "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
	src := []byte("ab\r\né😀x\rzz")
	tree := cst.Parse("t", src)
	tests := []struct{ off, want int }{
		{0, 1}, {2, 3}, {4, 1}, {6, 2}, {10, 4}, {11, 5}, {12, 1}, {13, 2}, {-5, 1}, {99, 3},
	}
	for _, tt := range tests {
		if got := InTree(tree, tt.off); got != tt.want {
			t.Errorf("InTree(%d) = %d, want %d", tt.off, got, tt.want)
		}
		if got := UTF16(src, cst.NewLineIndex(src), tt.off); got != tt.want {
			t.Errorf("UTF16(%d) = %d, want %d", tt.off, got, tt.want)
		}
	}
}
