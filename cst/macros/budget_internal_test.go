package macros

import (
	"testing"
	"unsafe"
)

// TestCosts checks that the fixed charges for copies are no less than the
// memory the copies take on this machine, so that what expansion is
// charged bounds what it allocates.
func TestCosts(t *testing.T) {
	for _, c := range []struct {
		name       string
		cost, size int
	}{
		{"element", elementCost, int(unsafe.Sizeof(Element{}) + unsafe.Sizeof((*Element)(nil)))},
		{"attribute", attrCost, int(unsafe.Sizeof(Attr{}))},
		{"part", partCost, int(unsafe.Sizeof(Part{}))},
		{"step", stepCost, int(unsafe.Sizeof(Step{}) + 2*unsafe.Sizeof((*Step)(nil)))},
	} {
		if c.cost < c.size {
			t.Errorf("%s: charged %d bytes, takes %d", c.name, c.cost, c.size)
		}
	}
}
