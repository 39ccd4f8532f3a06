package cheetah

import "testing"

// verdict is Cheetah 3.3.1's verdict on a template, as obtained by
// compiling it with Template.compile(source=..., compilerClass=Compiler)
// (see TestVerdicts).
type verdict uint8

const (
	vOk     verdict = iota // compiles
	vParse                 // Cheetah's ParseError
	vCrash                 // Cheetah fails with an internal exception on malformed input
	vPython                // Cheetah parses, but the Python it generates does not compile
)

// verdictCases is a differential test set: each template's verdict was
// recorded from real Cheetah 3.3.1 (python3-cheetah on Debian 12), with
// Cheetah's own message in the comment. Python is not needed to run it.
var verdictCases = []struct {
	name, src string
	want      verdict
}{
	{"text", "plain text only\n", vOk},                                             //
	{"placeholder", "echo $x\n", vOk},                                              //
	{"dotted", "$x.y.z\n", vOk},                                                    //
	{"chain", "$x.y[0].z(1)\n", vOk},                                               //
	{"braces", "${x.y}\n", vOk},                                                    //
	{"braces spaced", "${ x }\n", vOk},                                             //
	{"parens", "$(x)\n", vOk},                                                      //
	{"brackets", "$[x]\n", vOk},                                                    //
	{"expression placeholder", "$(1 + 2)\n", vOk},                                  //
	{"filter args", "${x, maxlen=3}\n", vOk},                                       //
	{"silent", "$!x $!{y}\n", vOk},                                                 //
	{"cache static", "$*x\n", vOk},                                                 //
	{"cache refresh", "$*5m*x\n", vOk},                                             //
	{"tool directory", "python $__tool_directory__/run.py\n", vOk},                 //
	{"dollar digit", "awk '{print $1}'\n", vOk},                                    //
	{"dollar space", "cost $ 5\n", vOk},                                            //
	{"dollar at end", "abc $", vOk},                                                //
	{"dollar empty parens", "$()\n", vOk},                                          //
	{"escaped dollar", "\\$HOME \\${x}\n", vOk},                                    //
	{"escaped hash", "\\#if x\n", vOk},                                             //
	{"shebang", "#!/bin/bash\necho\n", vOk},                                        //
	{"hash space", "# not a directive\n", vOk},                                     //
	{"unknown directive", "#foo bar\n", vOk},                                       //
	{"endif one word", "#endif\n", vOk},                                            //
	{"line comment", "a ## comment $x\nb\n", vOk},                                  //
	{"block comment", "a #* $x\n #if *# b\n", vOk},                                 //
	{"nested block comment", "#* a #* b *# c *# d\n", vOk},                         //
	{"unterminated block comment", "#* never closed\n", vOk},                       //
	{"macro token", "@TOOL_VERSION@ @profile@ @A-B@\n", vOk},                       //
	{"if", "#if $x\na\n#end if\n", vOk},                                            //
	{"if elif else", "#if $x == 1\na\n#elif $x == 2\nb\n#else\nc\n#end if\n", vOk}, //
	{"else if", "#if $x\na\n#else if $y\nb\n#end if\n", vOk},                       //
	{"if one line", "#if $x: yes\n", vOk},                                          //
	{"if inline closed", "#if $x# yes #end if#\n", vOk},                            //
	{"if ternary", "#if $x then 'a' else 'b'\n", vOk},                              //
	{"if with comment", "#if $x ## why\na\n#end if\n", vOk},                        //
	{"if string with hash", "#if $x == 'a#b'\na\n#end if\n", vOk},                  //
	{"if string with dollar", "#if $x == '$y'\na\n#end if\n", vOk},                 //
	{"if call", "#if str($c) != '' and $a.b == \"x\"\na\n#end if\n", vOk},          //
	{"if continuation", "#if $x and \\\n $y\na\n#end if\n", vOk},                   //
	{"if multi-line parens", "#if ($x and\n $y)\na\n#end if\n", vOk},               //
	{"for", "#for $i in $list\n$i\n#end for\n", vOk},                               //
	{"for tuple", "#for $k, $v in $d.items()\n$k=$v\n#end for\n", vOk},             //
	{"for one line", "#for $i in $l: $i\n", vOk},                                   //
	{"for closed inline", "#for x in [1]#$x#end for#\n", vOk},                      //
	{"while", "#while $n\n#set $n -= 1\n#end while\n", vOk},                        //
	{"set", "#set x = $y\n", vOk},                                                  //
	{"set dollar", "#set $x = [1, 2]\n", vOk},                                      //
	{"set global", "#set global g = 1\n", vOk},                                     //
	{"set augmented", "#set $x += 1\n", vOk},                                       //
	{"silent", "#silent $l.append(1)\n", vOk},                                      //
	{"echo", "#echo $x\n", vOk},                                                    //
	{"def", "#def f(a, b=1, *c, **d)\n$a\n#end def\n$f(1)\n", vOk},                 //
	{"def one line", "#def f: body\n", vOk},                                        //
	{"block", "#block b\nx\n#end block\n", vOk},                                    //
	{"import", "#import os, sys\n", vOk},                                           //
	{"from import", "#from os.path import join as j\n", vOk},                       //
	{"include", "#include \"x.tmpl\"\n", vOk},                                      //
	{"include source", "#include source=$x\n", vOk},                                //
	{"raw", "#raw\n$x #if ${ \n#end raw\n", vOk},                                   //
	{"raw one line", "#raw: $x ${\n", vOk},                                         //
	{"raw unterminated", "#raw\n$x ${\n", vOk},                                     //
	{"slurp", "a #slurp\nb\n", vOk},                                                //
	{"eol slurp", "a #\nb\n", vOk},                                                 //
	{"try", "#try\n$x\n#except\nno\n#finally\ndone\n#end try\n", vOk},              //
	{"return break continue pass stop", "#for i in l\n#if i\n#break\n#else\n#continue\n#end if\n#end for\n#pass\n#stop\n", vOk}, //
	{"unless", "#unless $x\nA\n#end unless\n", vOk},                                                          //
	{"assert del", "#set x = 1\n#assert x\n#del x\n", vOk},                                                   //
	{"attr", "#attr $a = 1\n", vOk},                                                                          //
	{"implements", "#implements respond\n", vOk},                                                             //
	{"compiler-settings", "#compiler-settings\nuseDottedNotation = True\n#end compiler-settings\n$x\n", vOk}, //
	{"call", "#call f\nx\n#end call\n", vOk},                                                                 //
	{"filter", "#filter WebSafe\n$x\n#end filter\n", vOk},                                                    //
	{"cache block", "#cache\nx\n#end cache\n", vOk},                                                          //
	{"capture", "#capture c\ny\n#end capture\n", vOk},                                                        //
	{"errorCatcher", "#errorCatcher Echo\n$x\n", vOk},                                                        //
	{"encoding", "#encoding utf-8\n", vOk},                                                                   //
	{"super", "#super\n", vOk},                                                                               //
	{"repeat", "#repeat 3\nx\n#end repeat\n", vOk},                                                           //
	{"psp", "<% x = 1 %>\n", vOk},                                                                            //
	{"breakpoint hides rest", "a\n#breakpoint\n#if\n", vOk},                                                  //
	{"end ifile typo", "#if $x\na\n#end ifile\n", vOk},                                                       //
	{"end ifx typo", "#if $x\na\n#end ifx\n", vOk},                                                           //
	{"unmatched close in placeholder", "$x)\n", vOk},                                                         //
	{"unmatched close in call", "$x(1))\n", vOk},                                                             //
	{"unclosed if", "#if $x\na\n", vParse},                                                                   // Some #directives are missing their corresponding #end ___ tag: if
	{"unclosed two ifs", "#if $x\n#if $y\nb\n", vParse},                                                      // Some #directives are missing their corresponding #end ___ tag: if, if
	{"unclosed for", "#for $i in $l\n$i\n", vParse},                                                          // Some #directives are missing their corresponding #end ___ tag: for
	{"unclosed while", "#while 1\n", vParse},                                                                 // Some #directives are missing their corresponding #end ___ tag: while
	{"unclosed def", "#def f\nx\n", vParse},                                                                  // Some #directives are missing their corresponding #end ___ tag: def
	{"unclosed try", "#try\nx\n", vParse},                                                                    // Some #directives are missing their corresponding #end ___ tag: try
	{"unclosed one-line colon", "#if $x:\n", vParse},                                                         // Some #directives are missing their corresponding #end ___ tag: if
	{"end with nothing to end", "a\n#end if\n", vParse},                                                      // #end found, but nothing to end
	{"end mismatch", "#if $x\n#end for\n", vParse},                                                           // #end for found, expected #end if
	{"end invalid name", "#end\n", vParse},                                                                   // Invalid end directive
	{"end raw outside raw", "#end raw\n", vParse},                                                            // Invalid end directive
	{"else without if", "#else\nx\n", vPython},                                                               //
	{"elif after else", "#if 1\na\n#else\nb\n#elif 2\nc\n#end if\n", vPython},                                //
	{"second else", "#if 1\na\n#else\nb\n#else\nc\n#end if\n", vPython},                                      //
	{"unclosed braces", "${x\n", vParse},                                                                     // EOF was reached before a matching '}' was found for the '{'
	{"unclosed braces at end", "${x", vCrash},                                                                // IndexError: string index out of range
	{"unclosed parens", "$(x + 1\n", vParse},                                                                 // EOF was reached before a matching ')' was found for the '('
	{"unclosed index", "$x[1", vParse},                                                                       // EOF was reached before a matching ']' was found for the '['
	{"unclosed call", "$x(1", vParse},                                                                        // EOF was reached before a matching ')' was found for the '('
	{"mismatched brackets", "${x)\n", vParse},                                                                // A ')' was found at line 1, col 4 before a matching '}' was found | for
	{"mismatched index", "$x[1)\n", vParse},                                                                  // A ')' was found at line 1, col 5 before a matching ']' was found | for
	{"unmatched paren in directive", "#if $x == 1)\n#end if\n", vParse},                                      // Invalid Syntax
	{"unclosed paren in directive", "#if ($x\n#end if\n", vParse},                                            // EOF was reached before a matching ')' was found for the '('
	{"set without assignment", "#set x\n", vParse},                                                           // Expected assignment operator
	{"set with comparison", "#set x == 1\n", vParse},                                                         // Expected assignment operator
	{"unterminated string", "#if $x == 'a\n#end if\n", vParse},                                               // Invalid Syntax
	{"unterminated triple string", "#set x = '''abc\n", vParse},                                              // Malformed triple-quoted string
	{"stray backslash", "#if $x \\ y\n#end if\n", vParse},                                                    // Line ending expected
	{"invalid character", "#if $x ? 1\n#end if\n", vParse},                                                   // Invalid Syntax
	{"long form in expression", "#if ${x}\n#end if\n", vParse},                                               // Long-form placeholders - ${}, $(), $[], etc. are not valid inside expr
	{"silent in expression", "#if $!x\n#end if\n", vParse},                                                   // This form of $placeholder syntax is not valid here.
	{"cache in expression", "#if $*x\n#end if\n", vParse},                                                    // Cache tokens are not valid inside expressions. Use them in top-level $
	{"dollar digit in expression", "#set x = $1\n", vParse},                                                  // Invalid Syntax
	{"def bad parameter", "#def f(1)\n#end def\n", vParse},                                                   // Invalid Syntax
	{"def without name", "#def\n", vParse},                                                                   // Invalid identifier
	{"def unclosed parameters", "#def f(a\n", vParse},                                                        // EOF was reached before a matching ')' was found for the '('
	{"psp unclosed", "a <% b\n", vParse},                                                                     // Invalid psp end token
	{"psp empty", "<%%>\n", vCrash},                                                                          // IndexError: string index out of range
	{"echo empty", "#echo\n", vCrash},                                                                        // IndexError: list index out of range
	{"directive at end of text", "#if $x", vCrash},                                                           // IndexError: string index out of range
	{"for at end of text", "#for $i in $l", vCrash},                                                          // IndexError: string index out of range
	{"block comment ends nested", "#* x #*", vCrash},                                                         // Error: pos (8) is invalid: beyond the stream's end (6)
	{"arg outside call", "#arg a\n", vCrash},                                                                 // IndexError: list index out of range
	{"import trailing comma", "#import os,\n", vCrash},                                                       // IndexError: list index out of range
	{"from without import", "#from\n", vCrash},                                                               // IndexError: list index out of range (found by rapid)
	{"breakpoint in one-line body", "#if $x: a #breakpoint\n#@d\n", vOk},
	{"decorator without def", "#@foo\nx\n", vParse},                   // Expected #def, #block, #closure or another @decorator
	{"include source without equals", "#include source $x\n", vParse}, // Invalid Syntax
	{"extends without name", "#extends 1\n", vParse},                  // Invalid Syntax
}

// TestVerdicts checks that Parse reports a syntax error exactly when
// Cheetah rejects the template, and no error at all when Cheetah compiles
// it. When Cheetah parses a template but its Python does not compile, no
// syntax error may be reported (a structure error may).
func TestVerdicts(t *testing.T) {
	for _, c := range verdictCases {
		t.Run(c.name, func(t *testing.T) {
			tpl := Parse(c.src)
			errs := tpl.Errors()
			switch c.want {
			case vOk:
				if errs.Err() != nil {
					t.Errorf("Cheetah compiles %q, we report %v", c.src, errs)
				}
			case vParse, vCrash:
				if errs.Syntax().Err() == nil {
					t.Errorf("Cheetah rejects %q, we report no syntax error (%v)", c.src, errs)
				}
			case vPython:
				if errs.Syntax().Err() != nil {
					t.Errorf("Cheetah parses %q, we report %v", c.src, errs)
				}
			}
		})
	}
}
