package cheetah

// TokenKind classifies a [Token].
type TokenKind uint8

// Token kinds. Tokens outside directives and placeholders are TokText,
// TokEscape, TokMacro, TokComment, TokBlockComment, TokSlurp or TokPSP;
// the others occur inside placeholders and directives.
const (
	TokError        TokenKind = iota // bytes Cheetah rejects, up to the end of the line
	TokText                          // plain template text
	TokEscape                        // "\$" or "\#"
	TokMacro                         // a Galaxy macro token such as "@TOOL_VERSION@"
	TokComment                       // "## ..." up to, not including, the newline
	TokBlockComment                  // "#* ... *#"
	TokSlurp                         // "#" plus blanks plus the newline: Cheetah's end-of-line slurp
	TokPSP                           // "<% ... %>"
	TokRaw                           // text taken verbatim: a #raw body, #compiler-settings, #shBang, #slurp rest
	TokIgnored                       // everything after #breakpoint, which Cheetah does not read
	TokDollar                        // "$" starting a placeholder
	TokBang                          // "!" making a placeholder silent
	TokCache                         // a placeholder cache token: "*" or "*5m*"
	TokHash                          // "#" starting a directive
	TokDirective                     // a directive name: "if", "end", "set", "compiler-settings", ...
	TokDirectiveEnd                  // "#" closing a directive ("#if $x# yes #end if#")
	TokName                          // an identifier
	TokKeyword                       // a Python keyword in an expression ("and", "in", "not", ...)
	TokNumber                        // a Python number
	TokString                        // a Python string literal
	TokOp                            // a Python operator or delimiter other than brackets
	TokOpen                          // "(", "[" or "{"
	TokClose                         // ")", "]" or "}"
	TokSpace                         // blanks inside a directive or placeholder
	TokNewline                       // a line break inside a directive or placeholder
	TokContinuation                  // a backslash and line break continuing an expression
	TokPyComment                     // a Python "#" comment inside brackets of an expression

	numTokenKinds
)

var tokenKindNames = [numTokenKinds]string{
	TokError:        "Error",
	TokText:         "Text",
	TokEscape:       "Escape",
	TokMacro:        "Macro",
	TokComment:      "Comment",
	TokBlockComment: "BlockComment",
	TokSlurp:        "Slurp",
	TokPSP:          "PSP",
	TokRaw:          "Raw",
	TokIgnored:      "Ignored",
	TokDollar:       "Dollar",
	TokBang:         "Bang",
	TokCache:        "Cache",
	TokHash:         "Hash",
	TokDirective:    "Directive",
	TokDirectiveEnd: "DirectiveEnd",
	TokName:         "Name",
	TokKeyword:      "Keyword",
	TokNumber:       "Number",
	TokString:       "String",
	TokOp:           "Op",
	TokOpen:         "Open",
	TokClose:        "Close",
	TokSpace:        "Space",
	TokNewline:      "Newline",
	TokContinuation: "Continuation",
	TokPyComment:    "PyComment",
}

// String returns the kind's name, such as "Name".
func (k TokenKind) String() string {
	if k < numTokenKinds {
		return tokenKindNames[k]
	}
	return "TokenKind(?)"
}

// Kind classifies a [Node].
type Kind uint8

// Node kinds.
const (
	KindInvalid     Kind = iota // the zero Node
	KindTemplate                // the root
	KindText                    // a run of text, escapes, macro tokens and slurp tokens
	KindComment                 // a "##" or "#* *#" comment
	KindPSP                     // a "<% %>" block
	KindPlaceholder             // "$x", "${x}", "$x.y[0](1)", also inside directive expressions
	KindDirective               // one directive: "#set x = 1", "#if $x:", "#end if"
	KindBlock                   // a block: its branches, then the closing "#end" directive if any
	KindBranch                  // one branch of a block: the heading directive, then the body

	numKinds
)

var kindNames = [numKinds]string{
	KindInvalid:     "Invalid",
	KindTemplate:    "Template",
	KindText:        "Text",
	KindComment:     "Comment",
	KindPSP:         "PSP",
	KindPlaceholder: "Placeholder",
	KindDirective:   "Directive",
	KindBlock:       "Block",
	KindBranch:      "Branch",
}

// String returns the kind's name, such as "Block".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "Kind(?)"
}
