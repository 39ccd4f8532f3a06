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
