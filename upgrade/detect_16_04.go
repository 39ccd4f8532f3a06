package upgrade

import "github.com/galaxy-gtr/gtr/cst/macros"

// The detectors of the 16.04 boundary, where Galaxy drops the legacy
// defaults a tool without profile= runs with (Galaxy's parse_profile lists
// them: stderr for error detection, the interpreter attribute, the
// implicit discovery of extra outputs).

// usesInterpreter: 16_04_fix_interpreter. From 16.04 Galaxy ignores the
// interpreter attribute of <command> (parse_interpreter honours it only
// for legacy tools), so a command that relies on it stops running its
// script. It applies when the tool's <command> (the first child of <tool>
// so called) has a non-empty interpreter=, as Galaxy's advisor says.
// Without the expanded view any <command> written with interpreter= counts,
// and so does a command that may come from a macro file.
func usesInterpreter(d *Doc) bool {
	if cmd, sure := rootChild(d, "command"); sure {
		return cmd != nil && interpreter(cmd)
	}
	// A command from a macro file may carry one.
	if hidden(d) {
		return true
	}
	for _, c := range anywhere(d.Root, "command") {
		if interpreter(c) {
			return true
		}
	}
	return false
}

// interpreter reports whether a <command> names an interpreter.
func interpreter(cmd *macros.Element) bool {
	v, _ := cmd.Get("interpreter")
	return v != ""
}

// readyInterpreter: 16_04_ready_interpreter, the note that the tool
// already calls its script without interpreter=. It applies exactly when
// 16_04_fix_interpreter does not, which is Galaxy's advice too (a tool
// without <command> is ready); a tool whose command cannot be seen is not
// ready, since it may use one.
func readyInterpreter(d *Doc) bool { return d.Root != nil && !usesInterpreter(d) }

// implicitOutputs: 16_04_consider_implicit_extra_file_collection. A legacy
// tool's every <data> output without <discover_datasets> gets Galaxy's
// default collector, which adds the files named primary_<id>_… that the
// job leaves in its working directory as extra datasets; from 16.04 such
// an output discovers nothing unless it says so. Galaxy's advisor gives
// the advice to every tool; gtr gives it to the tools that have such an
// output (a <data> under <outputs>, in a <collection> too, or an
// <output type="data">), since only those outputs have the collector
// (output_collection_def: the default applies to a data output without
// <discover_datasets>, never to a collection). Without the expanded view
// any such element counts, wherever written.
func implicitOutputs(d *Doc) bool {
	// Outputs from a macro file may lack discovery.
	if hidden(d) {
		return true
	}
	var scope []*macros.Element
	if d.View != nil {
		scope = children(d.Root, "outputs")
	} else {
		scope = []*macros.Element{d.Root}
	}
	for _, outs := range scope {
		for e := range outs.Descendants() {
			if isDataOutput(d, e) && len(children(e, "discover_datasets")) == 0 {
				return true
			}
		}
	}
	return false
}

// isDataOutput reports whether e is an output dataset as Galaxy's
// parse_outputs reads one: a <data>, or an <output> of type data.
func isDataOutput(d *Doc, e *macros.Element) bool {
	return !e.PI && (e.Tag == "data" || e.Tag == "output" && mayEqual(d, e, "type", "data"))
}

// formatInput: 16_04_fix_output_format. From 16.04 format="input" on an
// output no longer takes the format of an input; the output needs
// format_source=. Galaxy's advisor looks for any <data format="input">;
// gtr also counts the outputs that inherit the format from their
// <collection format="input"> and an <output type="data"
// format="input">, which read the same way. Without the expanded view a
// format made by a token may read "input".
func formatInput(d *Doc) bool {
	// Outputs from a macro file may say it.
	if hidden(d) {
		return true
	}
	for e := range d.Root.Descendants() {
		output := isDataOutput(d, e) || !e.PI && e.Tag == "collection"
		if output && has(e, "format") && mayEqual(d, e, "format", "input") {
			return true
		}
	}
	return false
}

// stderrErrors: 16_04_exit_code. A legacy tool without <stdio> and without
// detect_errors= on its <command> fails when it writes to standard error;
// from 16.04 it fails on a non-zero exit code instead (parse_stdio). The
// code applies unless the tool has a <stdio> child of <tool> (which gives
// the same rules at both profiles) or a detect_errors= other than
// "default" (which Galaxy treats as unset). Galaxy's advisor is looser:
// a <stdio> anywhere or any detect_errors= rules it out, so gtr also
// reports the tools whose <stdio> is misplaced or whose detect_errors is
// "default". Without the expanded view only what is written in place
// rules it out.
func stderrErrors(d *Doc) bool {
	// Nothing is known of a tool that is not well-formed.
	if d.Root == nil {
		return true
	}
	// A <stdio> at the root keeps the tool's rules at both profiles.
	if len(children(d.Root, "stdio")) > 0 {
		return false
	}
	cmd, sure := rootChild(d, "command")
	// Without a sure <command>, nothing else rules the change out.
	if !sure || cmd == nil {
		return true
	}
	v, known := value(d, cmd, "detect_errors")
	return !known || v == "" || v == "default"
}
