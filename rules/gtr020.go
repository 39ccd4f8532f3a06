package rules

import "github.com/galaxy-gtr/gtr/rewrite"

const quoteCite = "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#command-tag"

// GTR020_1 single-quotes Cheetah variables in <command> whose value is
// provably one file path.
var GTR020_1 = &Rule{
	Code:     "GTR020.1",
	Name:     "quote-command-file-vars",
	Summary:  "Single-quote provably-single-valued Cheetah variables in <command> (data inputs and data outputs).",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Parent:   "GTR020",
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     quoteCite,
	Order:    110,
	Changes:  []*rewrite.ViewChange{changeCommandQuotes},
	Doc: Doc{
		What: "Wraps an unquoted $x, ${x} or $!x in the shell text of the tool's <command> in single quotes " +
			"when x is a data input (<param type=\"data\"> without multiple=\"true\") or a <data> output " +
			"declared directly under the tool's <inputs> or <outputs>. The placeholder must stand in literal " +
			"command text (not in a directive, comment, #raw or #def body) and outside any shell quotes, " +
			"following the quoting across lines, #if branches and \\$ / \\# escapes.",
		Why: "Cheetah pastes values into the shell script as they are: an unquoted path with a space or a " +
			"glob character splits or expands. The IUC asks for every parameter in <command> to be quoted; " +
			"for file paths that is always right.",
		Example: "<command><![CDATA[sort $input > $output]]></command>\n→\n" +
			"<command><![CDATA[sort '$input' > '$output']]></command>",
		FixSafety: "Safe: Galaxy renders a data input or output as one file path, so quoting it cannot split " +
			"or join words. gtr does not quote when it cannot prove that: the name is rebound by #set, #for, " +
			"#def or #import; it is also declared by a macro or more than once; it is a chain ($x.ext) or a " +
			"call; the command uses macro tokens it cannot read, #include or other directives it does not " +
			"follow, or holds child elements; the quoting before the placeholder depends on an #if branch, " +
			"an #echo or a here-document; the placeholder sits in $((…)), in a command substitution inside " +
			"double quotes or after >&; or its bytes are written with character references. Those are " +
			"GTR020.2's. Only the two quote characters are inserted; CDATA stays CDATA.",
	},
	check: checkQuoteFileVars,
}

// GTR020_2 reports the unquoted Cheetah variables in <command> that
// GTR020.1 cannot quote.
var GTR020_2 = &Rule{
	Code:     "GTR020.2",
	Name:     "quote-command-vars-residual",
	Summary:  "Single-quote <command> Cheetah variables: the residual GTR020.1 cannot prove safe.",
	Family:   FamilyCheck,
	Fix:      FixNone,
	Parent:   "GTR020",
	Rulesets: []string{"strict"},
	Since:    "0.1.0",
	Cite:     quoteCite,
	Order:    110,
	Doc: Doc{
		What: "Reports each unquoted placeholder in the shell text of <command> that refers to a tool " +
			"parameter and that GTR020.1 does not quote: text, integer, select and other non-file " +
			"parameters, multiple data inputs, collections, conditionals and sections, chains such as " +
			"$input.ext, #for variables looping over parameters, names rebound by #set, names a macro may " +
			"declare, and file paths in places where gtr cannot prove quoting safe. The message says which.",
		Why: "An unquoted value splits on spaces and expands globs in the shell. For these values quoting is " +
			"usually right but not always: a parameter holding several options on purpose must split.",
		Example: "<command><![CDATA[grep $pattern '$input' > '$output']]></command>\n→ reported: $pattern is " +
			"a text parameter; quote it as '$pattern' unless it must split into several words.",
		FixSafety: "Report only. It shares its predicate with GTR020.1: every unquoted placeholder in shell " +
			"context that refers to a parameter is either quoted by GTR020.1 or reported here, never both.",
	},
	check: checkQuoteVarsResidual,
}

func checkQuoteFileVars(p *Pass) {
	for _, s := range commandQuoteSites(p) {
		if s.verdict != quoteFixable {
			continue
		}
		raw := string(p.Tree.Source()[s.span.Start:s.span.End])
		p.fixEdit(s.span, s.msg(), rewrite.ReplaceSpan(s.span, "'"+raw+"'"))
	}
}

func checkQuoteVarsResidual(p *Pass) {
	for _, s := range commandQuoteSites(p) {
		if s.verdict == quoteResidual {
			p.ReportHelp(s.span, s.msg(), "Quote the variable as '$name' where it must stay one shell word; leave it bare only where its value is meant to split into several words or options.")
		}
	}
}
