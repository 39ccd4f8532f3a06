package upgrade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR015 replaces format="input" on dataset outputs, which Galaxy stops
// resolving at 16.04, with format_source naming the tool's one data
// input.
var GTR015 = &Step{
	Code:    "GTR015",
	Name:    "format-source-for-input",
	Summary: "Replace output <data format=\"input\"> with format_source naming the tool's one data input (Galaxy stops resolving format=\"input\" at 16.04).",
	Kind:    KindRuntimeFix,
	From:    "16.04",
	Clears:  "16_04_fix_output_format",
	Planemo: []string{"OutputsFormatInput"},
	Cite:    "https://github.com/galaxyproject/galaxy/pull/1688",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "On every dataset output (a <data> of <outputs> or of a <collection> there, or an <output " +
			"type=\"data\">) written with format=\"input\", renames the attribute to format_source and gives it " +
			"the name Galaxy keys the tool's one data input by in a job: qualified with every conditional and " +
			"section around it (cond|input1), and with the first instance of every repeat (queries_0|input1). " +
			"The edit is made where the output is written, in the tool or in an imported macro file.",
		Why: "Below profile 16.04 Galaxy gave a format=\"input\" output the format of the first data input of the " +
			"job (\"data\" without one); from 16.04 the format is the literal \"input\", which is no datatype. " +
			"With one data input, format_source names the input that the legacy rule picked.",
		Example: "<data name=\"out\" format=\"input\"/>\n→\n<data name=\"out\" format_source=\"input1\"/>",
		FixSafety: "Refused unless the tool has exactly one data input (a param of type data or hidden_data): " +
			"with none or several there is no one input to name; a data_collection input gives format_source " +
			"its first element's format before implicit conversion, the legacy rule after it. Also refused: an " +
			"optional input inside a repeat (the legacy rule skips an empty first instance), an output that " +
			"already has format_source, an output in a collection that sets format or format_source (the " +
			"output's fallback would change), a format value made by a token, and format=\"input\" on a " +
			"<collection> or <discover_datasets>, which no format_source can replace. A macro file shared by " +
			"other tools is edited for all of them: the gate checks this tool only.",
	},
	Changes: []*rewrite.ViewChange{changeFormatSource},
	Plan:    planFormatSource,
}

// changeFormatSource is format="input" of a dataset output going and
// format_source naming the tool's one data input coming.
var changeFormatSource = &rewrite.ViewChange{
	Name: "format-source",
	Attr: func(before, after *macros.Element, name string) bool {
		if name != "format" && name != "format_source" || !attrIs(before, "format", "input") || !isDatasetOutput(before) {
			return false
		}
		// Both at once: format goes, and format_source names the input.
		_, still := after.Get("format")
		_, had := before.Get("format_source")
		v, ok := after.Get("format_source")
		in, why := singleDataInput(before.Root())
		return !still && !had && ok && why == "" && v == in.name
	},
}

func planFormatSource(d *Doc) Plan {
	// A tool that is not well-formed has no outputs to speak of.
	if d.Root == nil {
		return Plan{}
	}
	var targets []*macros.Element
	var refused []string
	for _, e := range datasetOutputs(d.Root) {
		if attrIs(e, "format", "input") {
			targets = append(targets, e)
		}
	}
	if outs := firstChild(d.Root, "outputs"); outs != nil {
		for e := range outs.Descendants() {
			if at := formatInputElsewhere(e); at != "" {
				refused = append(refused, fmt.Sprintf("%s: %s on <%s> takes the format of the job's first data input below 16.04, and no format_source can replace it", d.Position(e.Loc), at, e.Tag))
			}
		}
	}
	// Nothing relies on format="input".
	if len(targets) == 0 && len(refused) == 0 {
		return Plan{}
	}
	// Without Galaxy's view neither the inputs nor the outputs are known.
	if d.View == nil {
		return Plan{Refused: []string{fmt.Sprintf("%s: the tool does not expand, so its data inputs and format=\"input\" outputs cannot be told: %v", d.File, d.Err)}}
	}
	in, why := singleDataInput(d.Root)
	var edits []rewrite.FileEdit
	for _, e := range targets {
		if why != "" {
			refused = append(refused, fmt.Sprintf("%s: <%s format=\"input\"> cannot name its input: %s", d.Position(e.Loc), e.Tag, why))
			continue
		}
		es, err := formatSourceEdits(d, e, in.name)
		if err != nil {
			refused = append(refused, err.Error())
			continue
		}
		edits = append(edits, es...)
	}
	if len(refused) > 0 {
		return Plan{Refused: refused}
	}
	return Plan{Edits: uniqueEdits(edits)}
}

// formatInputElsewhere returns the attribute (format="input" or
// ext="input") that gives an element other than a dataset output the
// job's input format below 16.04, or "".
func formatInputElsewhere(e *macros.Element) string {
	switch {
	case (e.Tag == "collection" || e.Tag == "output" && attrIs(e, "type", "collection")) && attrIs(e, "format", "input"):
		return `format="input"`
	case e.Tag == "discover_datasets" && attrIs(e, "format", "input"):
		return `format="input"`
	case e.Tag == "discover_datasets" && attrIs(e, "ext", "input"):
		return `ext="input"`
	}
	return ""
}

// formatSourceEdits returns the edits turning format="input" of e into
// format_source naming the input called name.
func formatSourceEdits(d *Doc, e *macros.Element, name string) ([]rewrite.FileEdit, error) {
	pos := d.Position(e.Loc)
	// Beside format_source, format="input" is the fallback when the named
	// input is not given, which the edit would change.
	if _, ok := e.Get("format_source"); ok {
		return nil, fmt.Errorf("%s: <%s> has both format=\"input\" and format_source, whose fallback the legacy format is", pos, e.Tag)
	}
	// A collection's format and format_source are its outputs' defaults,
	// which take over when the named input is not given.
	if p := e.Parent(); p != nil && p.Tag != "outputs" {
		if _, ok := p.Get("format_source"); ok || !attrIs(p, "format", "data") && hasAttr(p, "format") {
			return nil, fmt.Errorf("%s: <%s format=\"input\"> is in a <%s> with its own format or format_source, which would become its fallback", pos, e.Tag, p.Tag)
		}
	}
	// A token's text may serve other values too.
	if e.ValueOrigin("format").Parts != nil {
		return nil, fmt.Errorf("%s: the format value of <%s> is made by a token, so it cannot be replaced here", pos, e.Tag)
	}
	a := d.Node(e).Attr("format")
	if !a.IsValid() {
		return nil, fmt.Errorf("%s: the format attribute of <%s> is not where the view says", pos, e.Tag)
	}
	return []rewrite.FileEdit{
		rewrite.In(e.Loc.File, rewrite.RenameAttr(a, "format_source")),
		rewrite.In(e.Loc.File, rewrite.SetAttrValue(a, name)),
	}, nil
}

// dataInput is a data input of a tool.
type dataInput struct {
	el *macros.Element
	// name is the key Galaxy gives the input's dataset in a job: the
	// names of the conditionals, sections and repeats (with the index of
	// their first instance, _0) around it and its own, joined by "|".
	name     string
	inRepeat bool
	unnamed  bool // a group around it, or the input itself, has no name
}

// singleDataInput returns the tool's one data input, or why there is not
// exactly one that format_source can stand for. Inputs of one name in the
// branches of a conditional are one input: a job has at most one of them,
// under that name.
func singleDataInput(root *macros.Element) (dataInput, string) {
	var ins []dataInput
	var names []string
	visitInputs(root, func(in dataInput) {
		switch t, _ := in.el.Get("type"); t {
		case "data", "hidden_data", "data_collection":
			ins = append(ins, in)
			if !slices.Contains(names, in.name) {
				names = append(names, in.name)
			}
		}
	})
	switch {
	case len(names) == 0:
		return dataInput{}, "the tool has no data input"
	case len(names) > 1:
		return dataInput{}, fmt.Sprintf("the tool has %d data inputs (%s)", len(names), strings.Join(names, ", "))
	}
	for _, in := range ins {
		switch {
		case attrIs(in.el, "type", "data_collection"):
			return dataInput{}, fmt.Sprintf("its one data input, %s, is a data_collection: format_source would read its first element's format before implicit conversion, the legacy rule after it", in.name)
		case in.unnamed:
			return dataInput{}, fmt.Sprintf("its one data input, %q, or a group around it has no name", in.name)
		case in.inRepeat && attrIs(in.el, "optional", "true"):
			return dataInput{}, fmt.Sprintf("its one data input, %s, is optional inside a repeat, where the legacy format comes from the first instance that is given", in.name)
		}
	}
	return ins[0], ""
}

// visitInputs calls f on every <param> of the tool's inputs as Galaxy
// reads them (the <page>s of the first <inputs> when it has any, else the
// <inputs> itself), with the name Galaxy keys its value by in a job.
func visitInputs(root *macros.Element, f func(dataInput)) {
	inputs := firstChild(root, "inputs")
	if inputs == nil {
		return
	}
	var pages []*macros.Element
	for c := range inputs.Elements() {
		if c.Tag == "page" {
			pages = append(pages, c)
		}
	}
	if len(pages) == 0 {
		pages = []*macros.Element{inputs}
	}
	var visit func(e *macros.Element, at dataInput)
	visit = func(e *macros.Element, at dataInput) {
		for c := range e.Elements() {
			name, _ := c.Get("name")
			in := at
			in.unnamed = at.unnamed || name == "" && c.Tag != "when" && c.Tag != "param"
			switch c.Tag {
			case "param":
				in.el, in.name = c, at.name+paramName(c)
				in.unnamed = in.unnamed || paramName(c) == ""
				f(in)
			case "conditional", "section":
				in.name += name + "|"
				visit(c, in)
			case "repeat":
				in.name += name + "_0|"
				in.inRepeat = true
				visit(c, in)
			case "when":
				visit(c, in)
			}
		}
	}
	for _, p := range pages {
		visit(p, dataInput{})
	}
}

// paramName returns the name Galaxy gives a <param>: its name, else its
// argument without leading dashes and with the others made underscores.
func paramName(p *macros.Element) string {
	if name, ok := p.Get("name"); ok && name != "" {
		return name
	}
	arg, _ := p.Get("argument")
	return cst.ArgumentName(arg)
}

// hasAttr reports whether e has the attribute called name.
func hasAttr(e *macros.Element, name string) bool {
	_, ok := e.Get(name)
	return ok
}
