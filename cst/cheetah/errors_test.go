package cheetah

import "testing"

// TestErrorMessages pins every error the parser reports: where, of which
// class, and what it says.
func TestErrorMessages(t *testing.T) {
	tests := []struct {
		src    string
		offset int
		class  ErrorClass
		msg    string
	}{
		{"${x\n", 1, ErrSyntax, "\"{\" is never closed: the text ends before the matching \"}\""},
		{"$x(1]\n", 4, ErrSyntax, "\"]\" does not match the \"(\" opened before it (expected \")\")"},
		{"#if $*x\n#end if\n", 4, ErrSyntax, "cache tokens (\"$*name\", \"$*5m*name\") are not allowed inside expressions, only in template text"},
		{"#if ${x}\n#end if\n", 4, ErrSyntax, "long-form placeholders (\"${...}\", \"$(...)\", \"$[...]\") are not allowed inside expressions; write \"$name\" there"},
		{"#if $!x\n#end if\n", 4, ErrSyntax, "silent placeholders (\"$!name\") are not allowed inside expressions"},
		{"#if $x ? 1\n#end if\n", 7, ErrSyntax, "invalid character \"?\" in expression"},
		{"#if $x == 'a\n#end if\n", 10, ErrSyntax, "string literal is not closed on this line"},
		{"#set x = $1\n", 9, ErrSyntax, "\"$\" in an expression must start a placeholder name (\"$name\")"},
		{"#set x = a \\ b\n", 11, ErrSyntax, "a backslash in an expression must end the line"},
		{"#set x = f(a \\ b)\n", 13, ErrSyntax, "a backslash in an expression must end the line"},
		{"#set x = 1)\n", 10, ErrSyntax, "unmatched \")\""},
		{"#set x = '''a\n", 9, ErrSyntax, "triple-quoted string is never closed"},
		{"#def f(a\n", 0, ErrSyntax, "\"#def\" is never closed: \"#end def\" is missing"},
		{"#def f(a\n", 6, ErrSyntax, "\"(\" is never closed: the text ends before the matching \")\""},
		{"#def f(*)\n#end def\n", 7, ErrSyntax, "\"*\" or \"**\" in a parameter list must be followed by a name"},
		{"#def f(1)\n#end def\n", 7, ErrSyntax, "invalid character \"1\" in parameter list: expected a parameter name"},
		{"a <% b", 6, ErrSyntax, "\"<%\" is never closed by \"%>\""},
		{"<% %>", 0, ErrSyntax, "empty \"<% %>\" block"},
		{"#* a #*", 7, ErrSyntax, "block comment \"#*\" is not closed: it ends in a nested \"#*\" or \"*#\" at the end of the text"},
		{"#if $x", 6, ErrSyntax, "\"#if\" ends the text: Cheetah 3.3.1 fails unless a line break or a closing \"#\" follows it"},
		{"#arg a\n", 0, ErrSyntax, "\"#arg\" outside a \"#call\" block"},
		{"#echo\n", 0, ErrSyntax, "\"#echo\" needs an expression"},
		{"#set x\n", 6, ErrSyntax, "\"#set\" needs an assignment: \"#set name = value\""},
		{"#def\n", 0, ErrSyntax, "\"#def\" is never closed: \"#end def\" is missing"},
		{"#def\n", 4, ErrSyntax, "\"#def\" must be followed by a name"},
		{"#end\n", 0, ErrSyntax, "\"#end\" must name the block it ends, as in \"#end if\" or \"#end for\""},
		{"#include source $x\n", 16, ErrSyntax, "\"#include source\" must be followed by \"=\""},
		{"#attr a\n", 7, ErrSyntax, "\"#attr\" needs an assignment: \"#attr name = value\""},
		{"#@dec\nx\n", 6, ErrSyntax, "a \"#@decorator\" must be followed by \"#def\", \"#block\", \"#closure\" or another decorator"},
		{"#compiler x\n", 11, ErrSyntax, "\"#compiler\" needs an assignment: \"#compiler setting = value\""},
		{"#extends 1\n", 9, ErrSyntax, "\"#extends\" must be followed by a class name"},
		{"#import os,\n", 0, ErrSyntax, "\"#import\" lists an empty name (a stray \",\")"},
		{"#raw\nx\n#end", 7, ErrSyntax, "\"#end\" at the end of the text does not end the \"#raw\" block"},
		{"#else\n", 0, ErrStructure, "\"#else\" outside any block: it must follow an \"#if\", \"#for\", \"#while\" or \"#try\""},
		{"#if 1\n#else\n#elif 2\n#end if\n", 12, ErrStructure, "\"#elif\" after \"#else\" in the \"#if\" opened at offset 0"},
		{"#for x in y\n#elif 1\n#end for\n", 12, ErrStructure, "\"#elif\" cannot be part of the \"#for\" opened at offset 0"},
		{"#end if\n", 0, ErrSyntax, "\"#end if\" has no open \"#if\" to end"},
		{"#if 1\n#end for\n", 0, ErrSyntax, "\"#if\" is never closed: \"#end if\" is missing"},
		{"#if 1\n#end for\n", 6, ErrSyntax, "\"#end for\" does not match the \"#if\" opened at offset 0 (expected \"#end if\")"},
		{"#while 1\n", 0, ErrSyntax, "\"#while\" is never closed: \"#end while\" is missing"},
	}
	type key struct {
		src    string
		offset int
		msg    string
	}
	want := map[key]ErrorClass{}
	srcs := map[string]bool{}
	for _, tt := range tests {
		want[key{tt.src, tt.offset, tt.msg}] = tt.class
		srcs[tt.src] = true
	}
	for src := range srcs {
		t.Run(src, func(t *testing.T) {
			errs := Parse(src).Errors()
			n := 0
			for _, e := range errs {
				class, ok := want[key{src, e.Offset, e.Msg}]
				switch {
				case !ok:
					t.Errorf("unexpected error at %d: %s", e.Offset, e.Msg)
				case class != e.Class:
					t.Errorf("error at %d has class %s, want %s", e.Offset, e.Class, class)
				default:
					n++
				}
			}
			for k := range want {
				if k.src == src {
					n--
				}
			}
			if n != 0 {
				t.Errorf("got %v, missing some of the expected errors", errs)
			}
		})
	}
}

// TestErrorList checks the go/scanner-style list.
func TestErrorList(t *testing.T) {
	if err := Parse("ok $x\n").Errors().Err(); err != nil {
		t.Errorf("Err() = %v, want nil", err)
	}
	errs := Parse("#if 1\n#end for\n").Errors()
	if errs.Err() == nil || errs.Len() != 2 {
		t.Fatalf("want 2 errors, got %v", errs)
	}
	if errs[0].Offset > errs[1].Offset {
		t.Errorf("errors not ordered by offset: %v", errs)
	}
	if got := errs.Error(); got != `offset 0: "#if" is never closed: "#end if" is missing (and 1 more errors)` {
		t.Errorf("Error() = %q", got)
	}
	if errs[1].Open != (Span{0, 3}) {
		t.Errorf("mismatch error's Open = %v, want the #if at [0,3)", errs[1].Open)
	}
	if s := Parse("#else\n").Errors(); len(s) != 1 || len(s.Syntax()) != 0 {
		t.Errorf("#else alone: want one structure error, got %v", s)
	}
}
