package upgrade

import "github.com/galaxy-gtr/gtr/cst/macros"

// collectionOrder: 20_09_consider_output_collection_order. From 20.09 a
// test's <output_collection> checks that the collection's elements come
// in the order its <element> children list them. It applies when a test
// (<tests><test>) has an <output_collection> with an <element>, where
// Galaxy's advisor looks (parse_tests_to_dict: element tests); without the
// expanded view any such <output_collection> counts, and so do tests that
// may come from a macro file.
func collectionOrder(d *Doc) bool {
	// Tests from a macro file may check elements.
	if hidden(d) {
		return true
	}
	var colls []*macros.Element
	if d.View != nil {
		for _, tests := range children(d.Root, "tests") {
			for _, test := range children(tests, "test") {
				colls = append(colls, children(test, "output_collection")...)
			}
		}
	} else {
		colls = anywhere(d.Root, "output_collection")
	}
	return anyElement(colls, func(c *macros.Element) bool { return len(children(c, "element")) > 0 })
}

// setE: 20_09_consider_set_e. From 20.09 Galaxy runs the command with
// "set -e", so the first failing sub-command ends it; strict= on <command>
// keeps either choice at both profiles (parse_strict_shell). It applies
// when the tool has a <command> without strict=, as Galaxy's advisor says.
func setE(d *Doc) bool { return commandWithout(d, "strict") }
