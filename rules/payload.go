package rules

// payload lists the text-bearing elements whose content is data, not
// layout: Galaxy reads their text (a Cheetah template, RST help, a token
// value, a requirement name, an option label, a filter expression…), so no
// layout rule may touch whitespace inside them. The set is derived from the
// Galaxy tool XSD (elements with simple or mixed content), minus <inputs>
// and <xml>, whose text is layout in a tool and in a macro library, plus the
// macro-library <template>.
var payload = map[string]bool{
	"citation":               true,
	"command":                true,
	"configfile":             true,
	"container":              true,
	"description":            true,
	"display":                true,
	"edam_operation":         true,
	"edam_topic":             true,
	"entry_point":            true,
	"environment_variable":   true,
	"expression":             true,
	"file":                   true,
	"file_sources":           true,
	"filter":                 true,
	"help":                   true,
	"import":                 true,
	"label":                  true,
	"macro":                  true,
	"option":                 true,
	"port":                   true,
	"postprocess_expression": true,
	"request_body":           true,
	"request_headers":        true,
	"requirement":            true,
	"resource":               true,
	"template":               true,
	"token":                  true,
	"upload_dataset":         true,
	"url":                    true,
	"validator":              true,
	"version_command":        true,
	"xref":                   true,
}

// isPayload reports whether the element's text is data rather than layout.
func isPayload(name string) bool { return payload[name] }
