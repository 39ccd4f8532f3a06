package rules

// GTR018_1 wraps a pure-text <command> body in CDATA.
var GTR018_1 = &Rule{
	Code:     "GTR018.1",
	Name:     "command-cdata",
	Summary:  "Wrap a pure-text <command> body in CDATA (IUC #34).",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Parent:   "GTR018",
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#command-formatting",
	Order:    90,
	Doc: Doc{
		What: "Wraps the body of the tool's <command> in one CDATA section when it is plain character data, " +
			"writing each entity or character reference as the character it stands for (&amp;&amp; " +
			"becomes &&, &lt; becomes <, &gt; becomes >). The section covers the whole body, leading and " +
			"trailing whitespace included.",
		Why: "Cheetah and shell code is full of &, < and >; inside CDATA it reads as written instead of " +
			"as &amp;&amp; and &gt;. The IUC asks for every <command> to be a CDATA section.",
		Example: "<command>sort $input &gt; $output &amp;&amp; echo done</command>\n→\n" +
			"<command><![CDATA[sort $input > $output && echo done]]></command>",
		FixSafety: "Safe: the text an XML parser (and so Galaxy) reads from <command> is exactly the same " +
			"before and after, whitespace included. Bodies that cannot be wrapped without changing that " +
			"text are left to GTR018.2: text mixed with elements, comments, processing instructions or " +
			"CDATA sections, text containing \"]]>\" or a carriage return reference (&#13;), and references " +
			"that cannot be written literally in a non-UTF-8 file.",
	},
	check: checkCommandCDATA,
}

// GTR018_2 reports a <command> body that needs CDATA but cannot be wrapped.
var GTR018_2 = &Rule{
	Code:     "GTR018.2",
	Name:     "command-cdata-residual",
	Summary:  "<command> CDATA residual the fix can't reach (mixed content, ']]>', '\\r').",
	Family:   FamilyCheck,
	Fix:      FixNone,
	Parent:   "GTR018",
	Rulesets: []string{"strict"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#command-formatting",
	Order:    90,
	Doc: Doc{
		What: "Reports a <command> with text outside CDATA that GTR018.1 cannot wrap: text mixed with child " +
			"elements, comments, processing instructions or CDATA sections, text containing \"]]>\", or a " +
			"carriage return written as &#13;.",
		Why: "These bodies still read with XML escapes; wrapping them needs a decision gtr cannot make " +
			"safely (for example whether a comment belongs to the command or can go).",
		Example: "<command>cat $in &gt; $out <!-- keep order --></command>\n→ reported; move the comment out " +
			"of the command (or into a Cheetah ## comment) and GTR018.1 can wrap it.",
		FixSafety: "Report only. It shares its predicate with GTR018.1, so every <command> needing CDATA is " +
			"either fixed by GTR018.1 or reported here, never both.",
	},
	check: checkCommandCDATAResidual,
}

func checkCommandCDATA(p *Pass) { checkCDATAWrap(p, "command") }

func checkCommandCDATAResidual(p *Pass) { checkCDATAResidual(p, "command") }
