// Package refs implements the reference index of a Galaxy tool: every place
// the tool names one of its parameters, found in Galaxy's macro-expanded
// view of the tool and located in the source file an author edits (the tool
// or the macro file the bytes come from).
//
// A tool names a parameter in four ways, all of which the index lists:
//
//   - in Cheetah templates Galaxy fills with the parameter values: the
//     <command>, inline <configfile>s, <environment_variable>s, template
//     macros, and the attribute values Galaxy fills the same way (output
//     labels, <change_format><when input=…>, dynamic <options> URLs,
//     metadata action defaults, entry points). References are read from
//     the Cheetah tree ([cheetah.Template.References] and
//     [cheetah.Template.Members]), never by searching text, so "$x",
//     "${x}", "$x.ext", "$x['k']", "#if x" and "$getVar('x')" match,
//     while a "$x" in a "##" comment, a #raw block or after "\$" does not;
//   - in Python expressions: output <filter>s and dynamic_options
//     attributes, where a parameter is a bare name;
//   - by name in attributes: format_source, metadata_source,
//     structured_like, data_ref, <options from_dataset>, <filter ref>,
//     output actions, <parallelism split_inputs>;
//   - in <tests>, whose <param>, <conditional>, <repeat>, <section> and
//     <output> elements mirror the inputs and outputs by name (perhaps
//     qualified, "cond|x").
//
// A name inside a conditional, section or repeat is read as a member of
// it: "$cond.x", "$cond['x']", or "$r.x" in "#for $r in $repeat". The
// index counts a member as a reference to the parameter only when it is
// read from a group that holds a parameter of that name; a member read
// from something the index cannot resolve is listed apart, as unresolved.
// Names bound by #set, #for, #def or #import are told apart: a reference
// to a name where a directive has bound it refers to the binding, not to
// the parameter.
//
// Each reference carries its section (the predecessor's names: "command",
// "configfile:NAME", "output_data_label:NAME", …), the text it is written
// as, and its location: the file and the span of exactly the bytes that
// spell the name, when they are written verbatim (a rename replaces those
// bytes), or the place that holds it otherwise (a name spelt with a
// character reference, or supplied by a token whose text is not written
// as it reads).
package refs
