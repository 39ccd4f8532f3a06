package refs

import (
	"fmt"
	"strings"
	"testing"
)

// names renders refs as "name@line:col" words.
func names(x *Index, refs []Ref) string {
	var out []string
	for _, r := range refs {
		p := x.View.Position(r.Loc)
		out = append(out, fmt.Sprintf("%s@%d:%d", r.Name, p.Line, p.Column))
	}
	return strings.Join(out, " ")
}

// TestIndexLists pins what the index keeps apart from the references: the
// names a directive binds, the references to them, members it cannot
// resolve, members a group does not hold, Python strings and the texts
// that do not parse or hold child elements.
func TestIndexLists(t *testing.T) {
	x := build(t, `<tool id="t" name="t" version="1"><command><![CDATA[
#set $loc = $p
echo $loc $p
#for $item in $make_list()
$item.q $c.nothere
#end for
#def f($arg)
$arg $p
#end def
#if $broken
]]></command>
<configfiles><configfile name="cf">ok $p <x/> and $p</configfile></configfiles>
<inputs><param name="p" type="text"/>
<conditional name="c"><param name="s" type="select"><option value="a">a</option></param><when value="a"><param name="q" type="text"/></when></conditional></inputs>
<outputs><data name="o" format="txt"><filter>p == 'q' and c['q'] and (</filter></data></outputs></tool>`)
	for _, tt := range []struct{ what, got, want string }{
		{"bindings", bindings(x), "set loc, for item, def f, param arg"},
		{"local", names(x, x.Local), "loc@3:7 item@5:2 arg@8:2"},
		{"unresolved", names(x, x.Unresolved), "q@5:7"},
		{"stray", names(x, x.Stray), "nothere@5:12"},
		{"strings", names(x, x.Strings), "q@15:52"},
		{"p", names(x, x.Find("p")), "p@13:22 p@2:14 p@3:12 p@8:7 p@12:40 p@15:46"},
		{"q", names(x, x.Find("q")), "q@14:118 q@15:62"},
		{"sections", sections(x), "command (error) | configfile:cf (mixed) | filter:o (error)"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.what, tt.got, tt.want)
		}
	}
}

func bindings(x *Index) string {
	var out []string
	for _, b := range x.Bindings {
		out = append(out, b.Directive+" "+b.Name)
	}
	return strings.Join(out, ", ")
}

func sections(x *Index) string {
	var out []string
	for _, s := range x.Sections {
		flags := ""
		if s.Err != "" {
			flags += " (error)"
		}
		if s.Mixed {
			flags += " (mixed)"
		}
		if flags != "" {
			out = append(out, s.Name+flags)
		}
	}
	return strings.Join(out, " | ")
}

// TestOccurrencesOnce checks that a macro Galaxy expands twice is listed
// once, located in the macro file, and that the tool comes first.
func TestOccurrencesOnce(t *testing.T) {
	x := build(t, `<tool id="t" name="t" version="1"><macros><import>m.xml</import></macros>
<command>$p</command><inputs><param name="p" type="text"/></inputs>
<outputs><expand macro="out"/><expand macro="out"/></outputs></tool>`, "m.xml", `<macros><xml name="out"><data name="o" label="${p}"/></xml></macros>`)
	if n := len(x.Find("p")); n != 4 {
		t.Errorf("Find lists %d references, want 4 (the label twice)", n)
	}
	if got, want := names(x, x.Occurrences("p")), "p@2:11 p@2:43 p@1:49"; got != want {
		t.Errorf("occurrences %q, want %q", got, want)
	}
}
