package rules

// GTR019_1 wraps a pure-text <help> body in CDATA.
var GTR019_1 = &Rule{
	Code:     "GTR019.1",
	Name:     "help-cdata",
	Summary:  "Wrap a pure-text <help> body in CDATA (IUC #42).",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Parent:   "GTR019",
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#help-tag",
	Order:    100,
	Doc: Doc{
		What: "Wraps the body of the tool's <help> in one CDATA section when it is plain character data, " +
			"writing each entity or character reference as the character it stands for. The section " +
			"covers the whole body, leading and trailing whitespace included, since reStructuredText " +
			"depends on indentation.",
		Why: "Help text quotes command lines and uses characters such as < and &; inside CDATA it reads " +
			"as written. The IUC asks for every <help> to be a CDATA section.",
		Example: "<help>\nUse **-k** to sort by key &amp; more.\n</help>\n→\n" +
			"<help><![CDATA[\nUse **-k** to sort by key & more.\n]]></help>",
		FixSafety: "Safe: the text an XML parser (and so Galaxy) reads from <help> is exactly the same " +
			"before and after, whitespace included. Bodies that cannot be wrapped without changing that " +
			"text are left to GTR019.2: text mixed with elements, comments, processing instructions or " +
			"CDATA sections, text containing \"]]>\" or a carriage return reference (&#13;), and references " +
			"that cannot be written literally in a non-UTF-8 file.",
	},
	check: checkHelpCDATA,
}

// GTR019_2 reports a <help> body that needs CDATA but cannot be wrapped.
var GTR019_2 = &Rule{
	Code:     "GTR019.2",
	Name:     "help-cdata-residual",
	Summary:  "<help> CDATA residual the fix can't reach (mixed content, ']]>', '\\r').",
	Family:   FamilyCheck,
	Fix:      FixNone,
	Parent:   "GTR019",
	Rulesets: []string{"strict"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#help-tag",
	Order:    100,
	Doc: Doc{
		What: "Reports a <help> with text outside CDATA that GTR019.1 cannot wrap: text mixed with child " +
			"elements, comments, processing instructions or CDATA sections, text containing \"]]>\", or a " +
			"carriage return written as &#13;.",
		Why: "Galaxy reads only the text before the first child element of <help>, so mixed help is " +
			"usually cut short as well as hard to read.",
		Example: "<help>See <b>this</b> tool.</help>\n→ reported (Galaxy shows only \"See \").",
		FixSafety: "Report only. It shares its predicate with GTR019.1, so every <help> needing CDATA is " +
			"either fixed by GTR019.1 or reported here, never both.",
	},
	check: checkHelpCDATAResidual,
}

func checkHelpCDATA(p *Pass) { checkCDATAWrap(p, "help") }

func checkHelpCDATAResidual(p *Pass) { checkCDATAResidual(p, "help") }
