package cst

import "iter"

func viewOptions(n Node) iter.Seq[Option] {
	return viewMap(viewNamed(n, "option"), func(n Node) Option { return Option{viewElem{n}} })
}

// Option is a view of an <option> of a select parameter (value, selected,
// text) or of a drill_down option tree (name, value, nested options).
type Option struct{ viewElem }

// AsOption returns the view of an <option> element.
func AsOption(n Node) (Option, bool) {
	v, ok := viewAs(n, "option")
	return Option{v}, ok
}

// Value returns the value attribute.
func (o Option) Value() string { return o.n.Get("value") }

// Selected reports whether the selected attribute is true.
func (o Option) Selected() bool { return viewBool(o.n.Get("selected")) }

// Text returns the decoded text, the label shown in the form.
func (o Option) Text() Decoded { return Content(o.n) }

// Label returns the label Galaxy shows: the text, or the value when the
// text is empty.
func (o Option) Label() string {
	if t := Content(o.n).Text; t != "" {
		return t
	}
	return o.Value()
}

// Name returns the name attribute of a drill_down option.
func (o Option) Name() string { return o.n.Get("name") }

// Options yields the nested options of a drill_down option.
func (o Option) Options() iter.Seq[Option] { return viewOptions(o.n) }

// Options is a view of an <options> element: dynamic options of a select
// (from a data table, dataset, file, parameter or URL), or the static option
// tree of a drill_down parameter.
type Options struct{ viewElem }

// AsOptions returns the view of an <options> element.
func AsOptions(n Node) (Options, bool) {
	v, ok := viewAs(n, "options")
	return Options{v}, ok
}

// FromDataTable returns the from_data_table attribute.
func (o Options) FromDataTable() string { return o.n.Get("from_data_table") }

// FromDataset returns the from_dataset attribute.
func (o Options) FromDataset() string { return o.n.Get("from_dataset") }

// FromFile returns the from_file attribute (deprecated for data tables).
func (o Options) FromFile() string { return o.n.Get("from_file") }

// FromParameter returns the from_parameter attribute.
func (o Options) FromParameter() string { return o.n.Get("from_parameter") }

// FromURL returns the from_url attribute.
func (o Options) FromURL() string { return o.n.Get("from_url") }

// Filters yields the <filter> children.
func (o Options) Filters() iter.Seq[OptionsFilter] {
	return viewMap(viewNamed(o.n, "filter"), func(n Node) OptionsFilter { return OptionsFilter{viewElem{n}} })
}

// Columns yields the <column> children.
func (o Options) Columns() iter.Seq[OptionsColumn] {
	return viewMap(viewNamed(o.n, "column"), func(n Node) OptionsColumn { return OptionsColumn{viewElem{n}} })
}

// Options yields the static <option> children (the drill_down tree).
func (o Options) Options() iter.Seq[Option] { return viewOptions(o.n) }

// Validator returns the <validator> child (typically no_options).
func (o Options) Validator() Validator { return Validator{viewText(viewFirst(o.n, "validator"))} }

// OptionsFilter is a view of a <filter> of dynamic options.
type OptionsFilter struct{ viewElem }

// AsOptionsFilter returns the view of a <filter> element; only call it on
// children of <options>, since outputs have <filter> too.
func AsOptionsFilter(n Node) (OptionsFilter, bool) {
	v, ok := viewAs(n, "filter")
	return OptionsFilter{v}, ok
}

// Type returns the type attribute ("data_meta", "param_value", ...).
func (f OptionsFilter) Type() string { return f.n.Get("type") }

// Ref returns the ref attribute, the parameter the filter reads.
func (f OptionsFilter) Ref() string { return f.n.Get("ref") }

// Column returns the column attribute.
func (f OptionsFilter) Column() string { return f.n.Get("column") }

// Key returns the key attribute.
func (f OptionsFilter) Key() string { return f.n.Get("key") }

// Name returns the name attribute.
func (f OptionsFilter) Name() string { return f.n.Get("name") }

// Value returns the value attribute.
func (f OptionsFilter) Value() string { return f.n.Get("value") }

// OptionsColumn is a view of a <column name="..." index="..."> of dynamic
// options.
type OptionsColumn struct{ viewElem }

// AsOptionsColumn returns the view of a <column> element.
func AsOptionsColumn(n Node) (OptionsColumn, bool) {
	v, ok := viewAs(n, "column")
	return OptionsColumn{v}, ok
}

// Name returns the name attribute ("name", "value", ...).
func (c OptionsColumn) Name() string { return c.n.Get("name") }

// Index returns the index attribute, a 0-based column number.
func (c OptionsColumn) Index() string { return c.n.Get("index") }

// Validator is a view of a <validator>; its text, when it has one, is the
// expression or regular expression it checks.
type Validator struct{ TextElement }

// AsValidator returns the view of a <validator> element.
func AsValidator(n Node) (Validator, bool) {
	v, ok := viewAs(n, "validator")
	return Validator{TextElement{v}}, ok
}

// Type returns the type attribute ("regex", "in_range", "expression", ...).
func (v Validator) Type() string { return v.n.Get("type") }

// Message returns the message attribute.
func (v Validator) Message() string { return v.n.Get("message") }

// Negate reports whether the negate attribute is true.
func (v Validator) Negate() bool { return viewBool(v.n.Get("negate")) }

// Sanitizer is a view of a <sanitizer> of a text parameter.
type Sanitizer struct{ viewElem }

// AsSanitizer returns the view of a <sanitizer> element.
func AsSanitizer(n Node) (Sanitizer, bool) {
	v, ok := viewAs(n, "sanitizer")
	return Sanitizer{v}, ok
}

// Sanitize reports whether sanitizing is on: the sanitize attribute, true
// when absent.
func (s Sanitizer) Sanitize() bool { return viewAttrBool(s.n, "sanitize", true) }

// InvalidChar returns the invalid_char attribute, the replacement for
// characters not allowed ("X" by default in Galaxy).
func (s Sanitizer) InvalidChar() string { return s.n.Get("invalid_char") }

// Valid returns the <valid> child, whose initial attribute and <add>/<remove>
// children define the allowed characters.
func (s Sanitizer) Valid() Node { return viewFirst(s.n, "valid") }

// Mapping returns the <mapping> child, whose <add>/<remove> children define
// character replacements.
func (s Sanitizer) Mapping() Node { return viewFirst(s.n, "mapping") }
