package cheetah

import (
	"fmt"
	"strings"
	"testing"
)

// tokenString renders the tokens of src as Kind"text" pairs.
func tokenString(src string) string {
	var b []string
	for tok := range Parse(src).Tokens() {
		b = append(b, fmt.Sprintf("%s%q", tok.Kind, src[tok.Span.Start:tok.Span.End]))
	}
	return strings.Join(b, " ")
}

// TestTokens covers every token kind.
func TestTokens(t *testing.T) {
	tests := []struct{ src, want string }{
		{"#if $x ? 1\n", `Hash"#" Directive"if" Space" " Dollar"$" Name"x" Space" " Error"? 1" Text"\n"`},
		{"a \\$x \\#y", `Text"a " Escape"\\$" Text"x " Escape"\\#" Text"y"`},
		{"@V@ x@y", `Macro"@V@" Text" x@y"`},
		{"a ## c\nb", `Text"a " Comment"## c" Text"\nb"`},
		{"#* c *#\n", `BlockComment"#* c *#" Text"\n"`},
		{"a #\nb", `Text"a " Slurp"#\n" Text"b"`},
		{"<% x %>", `PSP"<% x %>"`},
		{"#raw\nx\n#end raw\n", `Hash"#" Directive"raw" Newline"\n" Raw"x\n" Hash"#" Directive"end" Space" " Directive"raw" Newline"\n"`},
		{"#breakpoint\nrest", `Hash"#" Directive"breakpoint" Ignored"\nrest"`},
		{"$!x $*5m*y $*z", `Dollar"$" Bang"!" Name"x" Text" " Dollar"$" Cache"*5m*" Name"y" Text" " Dollar"$" Cache"*" Name"z"`},
		{"#if $x# y #end if#", `Hash"#" Directive"if" Space" " Dollar"$" Name"x" DirectiveEnd"#" Text" y " Hash"#" Directive"end" Space" " Directive"if" DirectiveEnd"#"`},
		{"#if not $x and 'a' in [1, 2.5]:\n", `Hash"#" Directive"if" Space" " Keyword"not" Space" " Dollar"$" Name"x" Space" " Keyword"and" Space" " String"'a'" Space" " Keyword"in" Space" " Open"[" Number"1" Op"," Space" " Number"2.5" Close"]" Op":" Newline"\n"`},
		{"${x(1, # c\n 2)}", `Dollar"$" Open"{" Name"x" Open"(" Number"1" Op"," Space" " PyComment"# c" Newline"\n" Space" " Number"2" Close")" Close"}"`},
		{"#if $a \\\n or $b\n", `Hash"#" Directive"if" Space" " Dollar"$" Name"a" Space" " Continuation"\\\n" Space" " Keyword"or" Space" " Dollar"$" Name"b" Newline"\n"`},
		{"$x.y[0].z(1)", `Dollar"$" Name"x" Op"." Name"y" Open"[" Number"0" Close"]" Op"." Name"z" Open"(" Number"1" Close")"`},
		{"${x, f=1}", `Dollar"$" Open"{" Name"x" Op"," Space" " Name"f" Op"=" Number"1" Close"}"`},
		{"#set global g += 1\n", `Hash"#" Directive"set" Space" " Keyword"global" Space" " Name"g" Space" " Op"+=" Space" " Number"1" Newline"\n"`},
		{"#for $k, v in $d.items()\n", `Hash"#" Directive"for" Space" " Dollar"$" Name"k" Op"," Space" " Name"v" Space" " Keyword"in" Space" " Dollar"$" Name"d" Op"." Name"items" Open"(" Close")" Newline"\n"`},
		{"#def f(a, b=$c, *d, **e)\n", `Hash"#" Directive"def" Space" " Name"f" Open"(" Name"a" Op"," Space" " Name"b" Op"=" Dollar"$" Name"c" Op"," Space" " Op"*" Name"d" Op"," Space" " Op"**" Name"e" Close")" Newline"\n"`},
		{"#from os.path import join as j, x\n", `Hash"#" Directive"from" Space" " Name"os" Op"." Name"path" Space" " Keyword"import" Space" " Name"join" Space" " Keyword"as" Space" " Name"j" Op"," Space" " Name"x" Newline"\n"`},
		{"#import os\n", `Hash"#" Directive"import" Space" " Name"os" Newline"\n"`},
		{"#end ifile\n", `Hash"#" Directive"end" Space" " Directive"ifile" Newline"\n"`},
		{"#slurp junk\nx", `Hash"#" Directive"slurp" Raw" junk\n" Text"x"`},
		{"$(1)", `Dollar"$" Open"(" Number"1" Close")"`},
		{"#set x = 0x1f + 1e5j + .5 + 1_0\n", `Hash"#" Directive"set" Space" " Name"x" Space" " Op"=" Space" " Number"0x1f" Space" " Op"+" Space" " Number"1e5j" Space" " Op"+" Space" " Number".5" Space" " Op"+" Space" " Number"1_0" Newline"\n"`},
	}
	seen := map[TokenKind]bool{}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			if got := tokenString(tt.src); got != tt.want {
				t.Errorf("tokens of %q:\n got %s\nwant %s", tt.src, got, tt.want)
			}
		})
		for tok := range Parse(tt.src).Tokens() {
			seen[tok.Kind] = true
		}
	}
	for k := TokenKind(0); k < numTokenKinds; k++ {
		if !seen[k] {
			t.Errorf("no test produces a %s token", k)
		}
	}
}

// TestKindStrings checks that every kind has a name.
func TestKindStrings(t *testing.T) {
	for k := TokenKind(0); k < numTokenKinds; k++ {
		if s := k.String(); s == "" || strings.Contains(s, "?") {
			t.Errorf("TokenKind(%d) has no name", k)
		}
	}
	for k := Kind(0); k < numKinds; k++ {
		if s := k.String(); s == "" || strings.Contains(s, "?") {
			t.Errorf("Kind(%d) has no name", k)
		}
	}
}
