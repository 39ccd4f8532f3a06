package macros

// Budget returns what the expansion of r was charged, the size of its
// inputs and its bound, all in bytes (zero for a tool without <macros>).
func Budget(r *Result) (spent, input, bound int64) { return r.spent, r.input, r.bound }

// Nesting returns the depth of the expanded tree of r (the root is one
// deep) and the longest chain of expansion steps of its elements.
func Nesting(r *Result) (depth, steps int) {
	type item struct {
		e *Element
		d int
	}
	stack := []item{{r.Root, 1}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		depth = max(depth, it.d)
		steps = max(steps, it.e.Via.depth())
		for _, c := range it.e.Children {
			stack = append(stack, item{c, it.d + 1})
		}
	}
	return depth, steps
}

// WithoutSkips runs f with the last token substitution of every expansion
// going through each element, untouched or not.
func WithoutSkips(f func()) {
	untouchedSkip = false
	defer func() { untouchedSkip = true }()
	f()
}

// Touched counts the elements of r's tree still marked as changed.
func Touched(r *Result) int {
	n := 0
	for e := range r.Root.Descendants() {
		if e.touched {
			n++
		}
	}
	return n
}
