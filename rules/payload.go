package rules

// isPayload reports whether the element's text is data rather than layout.
// The payload elements are the text-bearing elements whose content is
// data: Galaxy reads their text (a Cheetah template, RST help, a token
// value, a requirement name, an option label, a filter expression…), so no
// layout rule may touch whitespace inside them. The set is derived from the
// Galaxy tool XSD (elements with simple or mixed content), minus <inputs>
// and <xml>, whose text is layout in a tool and in a macro library, plus the
// macro-library <template>. It is a switch rather than a map: every element
// of every pass and of the expansion gate asks, and a switch answers
// several times faster.
func isPayload(name string) bool {
	switch name {
	case "citation", "command", "configfile", "container", "description", "display", "edam_operation",
		"edam_topic", "entry_point", "environment_variable", "expression", "file", "file_sources",
		"filter", "help", "import", "label", "macro", "option", "port", "postprocess_expression",
		"request_body", "request_headers", "requirement", "resource", "template", "token",
		"upload_dataset", "url", "validator", "version_command", "xref":
		return true
	}
	return false
}

// IsPayload reports whether Galaxy reads the text of elements with the
// given tag as data (see isPayload): the expansion-equality gate compares
// their whitespace exactly.
func IsPayload(tag string) bool { return isPayload(tag) }
