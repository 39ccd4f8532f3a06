package cst

import "iter"

// Outputs is a view of a tool's <outputs> element.
type Outputs struct{ viewElem }

// AsOutputs returns the view of an <outputs> element; only call it on the
// <outputs> child of <tool>.
func AsOutputs(n Node) (Outputs, bool) {
	v, ok := viewAs(n, "outputs")
	return Outputs{v}, ok
}

// ProvidedMetadataStyle returns the provided_metadata_style attribute.
func (o Outputs) ProvidedMetadataStyle() string { return o.n.Get("provided_metadata_style") }

// ProvidedMetadataFile returns the provided_metadata_file attribute
// (Galaxy's default is "galaxy.json").
func (o Outputs) ProvidedMetadataFile() string { return o.n.Get("provided_metadata_file") }

// Items yields the outputs declared directly inside <outputs>: <data>,
// <collection> and typed <output> elements.
func (o Outputs) Items() iter.Seq[Output] {
	return viewMap(viewNamed(o.n, "data", "collection", "output"), viewOutput)
}

// Walk yields every output declaration in preorder: each top-level output,
// and after a collection the <data> elements inside it.
func (o Outputs) Walk() iter.Seq[Output] {
	return func(yield func(Output) bool) {
		for out := range o.Items() {
			if !yield(out) {
				return
			}
			for d := range viewNamed(out.n, "data") {
				if !yield(viewOutput(d)) {
					return
				}
			}
		}
	}
}

// Data yields the top-level <data> outputs.
func (o Outputs) Data() iter.Seq[Data] {
	return viewMap(viewNamed(o.n, "data"), func(n Node) Data { return Data{viewOutput(n)} })
}

// Collections yields the top-level <collection> outputs.
func (o Outputs) Collections() iter.Seq[Collection] {
	return viewMap(viewNamed(o.n, "collection"), func(n Node) Collection { return Collection{viewOutput(n)} })
}

// Lookup returns the first top-level output called name.
func (o Outputs) Lookup(name string) (Output, bool) {
	for out := range o.Items() {
		if out.Name() == name {
			return out, true
		}
	}
	return Output{}, false
}

func viewOutput(n Node) Output { return Output{viewElem{n}} }

// Output is a view of any output declaration: <data>, <collection> or a
// typed <output>. [Data] and [Collection] embed it.
type Output struct{ viewElem }

// AsOutput returns the view of a <data>, <collection> or <output> element;
// only call it on declarations inside <outputs>, since <output> also names
// test outputs.
func AsOutput(n Node) (Output, bool) {
	v, ok := viewAs(n, "data", "collection", "output")
	return Output{v}, ok
}

// IsCollection reports whether the output is a dataset collection: a
// <collection>, or an <output type="collection">.
func (o Output) IsCollection() bool {
	return o.n.Is("collection") || (o.n.Is("output") && o.n.Get("type") == "collection")
}

// Name returns the name attribute.
func (o Output) Name() string { return o.n.Get("name") }

// Format returns the format attribute.
func (o Output) Format() string { return o.n.Get("format") }

// FormatSource returns the format_source attribute, the input whose format
// the output takes.
func (o Output) FormatSource() string { return o.n.Get("format_source") }

// MetadataSource returns the metadata_source attribute.
func (o Output) MetadataSource() string { return o.n.Get("metadata_source") }

// Label returns the label as Galaxy reads it: a non-empty label attribute,
// else the text of a <label> child, line breaks removed and stripped.
func (o Output) Label() string { return viewXMLText(o.n, "label") }

// Hidden reports whether the hidden attribute is true.
func (o Output) Hidden() bool { return viewBool(o.n.Get("hidden")) }

// Filters yields the <filter> children, Python expressions deciding whether
// the output is created.
func (o Output) Filters() iter.Seq[OutputFilter] {
	return viewMap(viewNamed(o.n, "filter"), func(n Node) OutputFilter { return OutputFilter{viewText(n)} })
}

// DiscoverDatasets yields the <discover_datasets> children.
func (o Output) DiscoverDatasets() iter.Seq[DiscoverDatasets] {
	return viewMap(viewNamed(o.n, "discover_datasets"), func(n Node) DiscoverDatasets { return DiscoverDatasets{viewElem{n}} })
}

// ChangeFormat yields the <when> rules of every <change_format> child.
func (o Output) ChangeFormat() iter.Seq[ChangeFormatWhen] {
	return func(yield func(ChangeFormatWhen) bool) {
		for cf := range viewNamed(o.n, "change_format") {
			for w := range viewNamed(cf, "when") {
				if !yield(ChangeFormatWhen{viewElem{w}}) {
					return
				}
			}
		}
	}
}

// Actions returns the <actions> child.
func (o Output) Actions() Actions { return Actions{viewElem{viewFirst(o.n, "actions")}} }

// Data is a view of a <data> output, a single dataset.
type Data struct{ Output }

// AsData returns the view of a <data> element.
func AsData(n Node) (Data, bool) {
	v, ok := viewAs(n, "data")
	return Data{Output{v}}, ok
}

// FromWorkDir returns the from_work_dir attribute, the path of the file
// the job writes.
func (d Data) FromWorkDir() string { return d.n.Get("from_work_dir") }

// AutoFormat reports whether the auto_format attribute is true (Galaxy
// sniffs the format).
func (d Data) AutoFormat() bool { return viewBool(d.n.Get("auto_format")) }

// DefaultIdentifierSource returns the default_identifier_source attribute.
func (d Data) DefaultIdentifierSource() string { return d.n.Get("default_identifier_source") }

// Collection is a view of a <collection> output.
type Collection struct{ Output }

// AsCollection returns the view of a <collection> element.
func AsCollection(n Node) (Collection, bool) {
	v, ok := viewAs(n, "collection")
	return Collection{Output{v}}, ok
}

// Type returns the type attribute, the collection type ("list",
// "paired", "list:paired", ...).
func (c Collection) Type() string { return c.n.Get("type") }

// TypeSource returns the type_source attribute.
func (c Collection) TypeSource() string { return c.n.Get("type_source") }

// StructuredLike returns the structured_like attribute, the input
// collection whose structure the output copies.
func (c Collection) StructuredLike() string { return c.n.Get("structured_like") }

// InheritFormat reports whether the inherit_format attribute is true.
func (c Collection) InheritFormat() bool { return viewBool(c.n.Get("inherit_format")) }

// Data yields the <data> elements of the collection, its static elements.
func (c Collection) Data() iter.Seq[Data] {
	return viewMap(viewNamed(c.n, "data"), func(n Node) Data { return Data{viewOutput(n)} })
}

// OutputFilter is a view of an output's <filter>; Value is the Python
// expression.
type OutputFilter struct{ TextElement }

// AsOutputFilter returns the view of a <filter> element; only call it on
// children of outputs, since <options> have <filter> too.
func AsOutputFilter(n Node) (OutputFilter, bool) {
	v, ok := viewAs(n, "filter")
	return OutputFilter{TextElement{v}}, ok
}

// ChangeFormatWhen is a view of a <when> of <change_format>: when input (or
// input_dataset's attribute) equals value, the output gets format.
type ChangeFormatWhen struct{ viewElem }

// AsChangeFormatWhen returns the view of a <when> element; only call it on
// children of <change_format>.
func AsChangeFormatWhen(n Node) (ChangeFormatWhen, bool) {
	v, ok := viewAs(n, "when")
	return ChangeFormatWhen{v}, ok
}

// Input returns the input attribute, the parameter tested.
func (w ChangeFormatWhen) Input() string { return w.n.Get("input") }

// Value returns the value attribute.
func (w ChangeFormatWhen) Value() string { return w.n.Get("value") }

// Format returns the format attribute, the format the output takes.
func (w ChangeFormatWhen) Format() string { return w.n.Get("format") }

// InputDataset returns the input_dataset attribute.
func (w ChangeFormatWhen) InputDataset() string { return w.n.Get("input_dataset") }

// Attribute returns the attribute attribute, the dataset attribute tested.
func (w ChangeFormatWhen) Attribute() string { return w.n.Get("attribute") }

// DiscoverDatasets is a view of a <discover_datasets> element, which
// collects files the job writes as datasets.
type DiscoverDatasets struct{ viewElem }

// AsDiscoverDatasets returns the view of a <discover_datasets> element.
func AsDiscoverDatasets(n Node) (DiscoverDatasets, bool) {
	v, ok := viewAs(n, "discover_datasets")
	return DiscoverDatasets{v}, ok
}

// Pattern returns the pattern attribute, a regular expression or a named
// pattern such as "__designation_and_ext__".
func (d DiscoverDatasets) Pattern() string { return d.n.Get("pattern") }

// Directory returns the directory attribute.
func (d DiscoverDatasets) Directory() string { return d.n.Get("directory") }

// Format returns the format attribute.
func (d DiscoverDatasets) Format() string { return d.n.Get("format") }

// Ext returns the ext attribute, the older name for format.
func (d DiscoverDatasets) Ext() string { return d.n.Get("ext") }

// Visible reports whether the visible attribute is true.
func (d DiscoverDatasets) Visible() bool { return viewBool(d.n.Get("visible")) }

// Recurse reports whether the recurse attribute is true.
func (d DiscoverDatasets) Recurse() bool { return viewBool(d.n.Get("recurse")) }

// AssignPrimaryOutput reports whether the assign_primary_output attribute
// is true.
func (d DiscoverDatasets) AssignPrimaryOutput() bool {
	return viewBool(d.n.Get("assign_primary_output"))
}

// FromProvidedMetadata reports whether the from_provided_metadata attribute
// is true.
func (d DiscoverDatasets) FromProvidedMetadata() bool {
	return viewBool(d.n.Get("from_provided_metadata"))
}

// SortBy returns the sort_by attribute.
func (d DiscoverDatasets) SortBy() string { return d.n.Get("sort_by") }

// Actions is a view of an output's <actions> element.
type Actions struct{ viewElem }

// AsActions returns the view of an <actions> element.
func AsActions(n Node) (Actions, bool) {
	v, ok := viewAs(n, "actions")
	return Actions{v}, ok
}

// Actions yields every <action>, those inside <conditional>/<when> blocks
// included, in document order.
func (a Actions) Actions() iter.Seq[OutputAction] {
	return func(yield func(OutputAction) bool) { viewEachAction(a.n, yield) }
}

func viewEachAction(n Node, yield func(OutputAction) bool) bool {
	return viewScan(n, func(c Node) viewStep {
		switch {
		case c.Is("action") && !yield(OutputAction{viewElem{c}}):
			return viewStop
		case c.Is("conditional"), c.Is("when"):
			return viewDescend
		}
		return viewSkip
	})
}

// Conditionals yields the <conditional> children; Name is the dotted path
// of the parameter tested ("cond.param").
func (a Actions) Conditionals() iter.Seq[ActionsConditional] {
	return viewMap(viewNamed(a.n, "conditional"), func(n Node) ActionsConditional { return ActionsConditional{viewElem{n}} })
}

// ActionsConditional is a view of a <conditional> inside <actions>.
type ActionsConditional struct{ viewElem }

// AsActionsConditional returns the view of a <conditional> element; only call
// it inside <actions>.
func AsActionsConditional(n Node) (ActionsConditional, bool) {
	v, ok := viewAs(n, "conditional")
	return ActionsConditional{v}, ok
}

// Name returns the name attribute, the parameter tested.
func (c ActionsConditional) Name() string { return c.n.Get("name") }

// Whens yields the <when> children; their value attribute (or
// datatype_isinstance) selects the actions inside.
func (c ActionsConditional) Whens() iter.Seq[Node] { return viewNamed(c.n, "when") }

// OutputAction is a view of an <action> of an output.
type OutputAction struct{ viewElem }

// AsOutputAction returns the view of an <action> element; only call it inside
// <actions>.
func AsOutputAction(n Node) (OutputAction, bool) {
	v, ok := viewAs(n, "action")
	return OutputAction{v}, ok
}

// Type returns the type attribute ("format", "metadata").
func (a OutputAction) Type() string { return a.n.Get("type") }

// Name returns the name attribute, the metadata element set.
func (a OutputAction) Name() string { return a.n.Get("name") }

// Default returns the default attribute.
func (a OutputAction) Default() string { return a.n.Get("default") }

// Options yields the <option> children, the sources of the value.
func (a OutputAction) Options() iter.Seq[ActionOption] {
	return viewMap(viewNamed(a.n, "option"), func(n Node) ActionOption { return ActionOption{viewElem{n}} })
}

// ActionOption is a view of an <option> of an output action.
type ActionOption struct{ viewElem }

// AsActionOption returns the view of an <option> element; only call it on
// children of an output <action>.
func AsActionOption(n Node) (ActionOption, bool) {
	v, ok := viewAs(n, "option")
	return ActionOption{v}, ok
}

// Type returns the type attribute ("from_param", "from_file", ...).
func (o ActionOption) Type() string { return o.n.Get("type") }

// Name returns the name attribute, the dotted parameter path for
// from_param.
func (o ActionOption) Name() string { return o.n.Get("name") }

// ParamAttribute returns the param_attribute attribute.
func (o ActionOption) ParamAttribute() string { return o.n.Get("param_attribute") }
