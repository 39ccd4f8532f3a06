package cheetah

import (
	"fmt"
	"strings"
	"testing"
)

func TestMembers(t *testing.T) {
	tests := []struct{ src, want string }{
		{"$x.y", "y<x"},
		{"${x.y.z}", "y<x z<y"},
		{"$x[0].y $x[0][1].z", "y<x z<x"},
		{"$x['y'] $x[\"z\"]", "'y'<x 'z'<x"},
		{"#if x.y == 1\n#end if\n", "y<x"},
		{"#if $cond.sel == 'a'\n#end if\n", "sel<cond"},
		{"$f(1).y", "y<"},
		{"$getVar('a.b') $varExists(\"c\")", "?a.b ?c"},
		// Not members: a string compared, a key that is not an
		// identifier, an import's module path, a comment, raw text.
		{"#if $x == 'y'\n#end if\n", ""},
		{"$x['a b'] $x['a\\'b']", ""},
		{"#import os.path\n", ""},
		{"## $x.y\n#raw\n$x.y\n#end raw\n", ""},
		{"#for $r in $reps\n$r.name\n#end for\n", "name<r"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			tpl := Parse(tt.src)
			var got []string
			for m := range tpl.Members() {
				if tpl.Source()[m.Span.Start:m.Span.End] != m.Name {
					t.Errorf("member %q at %v covers %q", m.Name, m.Span, tpl.Source()[m.Span.Start:m.Span.End])
				}
				switch {
				case m.Lookup:
					got = append(got, "?"+m.Name)
				case m.Key:
					got = append(got, fmt.Sprintf("'%s'<%s", m.Name, m.Receiver))
				default:
					got = append(got, m.Name+"<"+m.Receiver)
				}
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("members of %q: got %q, want %q", tt.src, s, tt.want)
			}
		})
	}
}
