package upgrade

import "github.com/galaxy-gtr/gtr/cst/macros"

// inputsJSON: 20_05_consider_inputs_as_json_changes. From 20.05 the JSON
// file a <configfiles><inputs> writes holds null for an unselected
// optional select or data_column and a list for a multiple one. It
// applies when the tool has <configfiles> with an <inputs> child, where
// Galaxy's advisor looks (anywhere in the tool); without the expanded view
// also when one may come from a macro file.
func inputsJSON(d *Doc) bool {
	// A config file from a macro file may be one.
	if hidden(d) {
		return true
	}
	return anyElement(anywhere(d.Root, "configfiles"), func(c *macros.Element) bool {
		return len(children(c, "inputs")) > 0
	})
}
