package cheetah

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// shape renders a node's subtree compactly: Kind(name)[children].
func shape(n Node) string {
	var b strings.Builder
	b.WriteString(n.Kind().String())
	if n.Name() != "" {
		fmt.Fprintf(&b, "(%s)", n.Name())
	}
	var kids []string
	for c := range n.Children() {
		kids = append(kids, shape(c))
	}
	if len(kids) > 0 {
		fmt.Fprintf(&b, "[%s]", strings.Join(kids, " "))
	}
	return b.String()
}

func TestTreeShape(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a $x\n", "Template[Text Placeholder Text]"},
		{"#if $x\na\n#elif $y\nb\n#else\nc\n#end if\n",
			"Template[Block(if)[Branch(if)[Directive(if)[Placeholder] Text] Branch(elif)[Directive(elif)[Placeholder] Text] Branch(else)[Directive(else) Text] Directive(end)]]"},
		{"#for $i in $l\n#if $i: $i\n#end for\n",
			"Template[Block(for)[Branch(for)[Directive(for)[Placeholder Placeholder] Block(if)[Branch(if)[Directive(if)[Placeholder] Placeholder Text]]] Directive(end)]]"},
		{"#raw\n$x\n#end raw\n", "Template[Block(raw)[Branch(raw)[Directive(raw) Text] Directive(end)]]"},
		{"#def f(a)\n$a\n#end def\n", "Template[Block(def)[Branch(def)[Directive(def) Placeholder Text] Directive(end)]]"},
		{"#try\nx\n#except\ny\n#end try\n", "Template[Block(try)[Branch(try)[Directive(try) Text] Branch(except)[Directive(except) Text] Directive(end)]]"},
		{"## c\n#* d *#\n<% x %>", "Template[Comment Text Comment Text PSP]"},
		{"#if $x then 1 else 2\n", "Template[Directive(if)[Placeholder]]"},
		// An "#end" that matches an outer block closes the inner one too.
		{"#for i in l\n#if x\n#end for\nz\n", "Template[Block(for)[Branch(for)[Directive(for) Block(if)[Branch(if)[Directive(if)]]] Directive(end)] Text]"},
		{"#else\n#end if\n", "Template[Directive(else) Directive(end)]"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			if got := shape(Parse(tt.src).Root()); got != tt.want {
				t.Errorf("shape of %q:\n got %s\nwant %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestNodeAPI(t *testing.T) {
	src := "#if $x\n${y.z}\n#end if\n"
	tpl := Parse(src)
	var zero Node
	if zero.Kind() != KindInvalid || zero.Text() != "" || zero.Parent() != (Node{}) || tpl.Root().Parent() != (Node{}) {
		t.Error("zero Node or root parent not invalid")
	}
	if tpl.Root().Span() != (Span{0, len(src)}) || tpl.Root().Text() != src {
		t.Errorf("root span %v", tpl.Root().Span())
	}
	for n := range tpl.Root().Descendants() {
		if p := n.Parent(); !(p.Span().Start <= n.Span().Start && n.Span().End <= p.Span().End) {
			t.Errorf("%s %v not inside parent %s %v", n.Kind(), n.Span(), p.Kind(), p.Span())
		}
		first, end := n.TokenRange()
		for i, tok := range n.Tokens() {
			if i < first || i >= end || !n.Span().Contains(tok.Span.Start) {
				t.Errorf("token %d outside %s", i, n.Kind())
			}
		}
	}
	if i := tpl.TokenAt(8); tpl.Token(i).Kind != TokOpen || tpl.TokenAt(-1) != -1 || tpl.TokenAt(len(src)) != -1 {
		t.Errorf("TokenAt(8) = %d (%v)", i, tpl.Token(i))
	}
	if tpl.NumTokens() == 0 || tpl.Source() != src {
		t.Error("NumTokens or Source wrong")
	}
	var dirs []string
	for d := range tpl.Directives() {
		dirs = append(dirs, d.Name())
	}
	if !slices.Equal(dirs, []string{"if", "end"}) {
		t.Errorf("Directives() = %v", dirs)
	}
}

func TestPlaceholders(t *testing.T) {
	src := "$a ${b.c} $!d $e.f[0].g(1) #if $h.i == 'x'\n#end if\n$(1+2) $*5m*j"
	var got []string
	for ph := range Parse(src).Placeholders() {
		got = append(got, fmt.Sprintf("%s|%s|%s|%v|%v|%v", ph.Name, ph.Path, src[ph.NameSpan.Start:ph.NameSpan.End], ph.Enclosed, ph.Silent, ph.InExpr))
	}
	want := []string{
		"a|a|a|false|false|false",
		"b|b.c|b.c|true|false|false",
		"d|d|d|false|true|false",
		"e|e.f|e.f|false|false|false",
		"h|h.i|h.i|false|false|true",
		"||" + "|true|false|false",
		"j|j|j|false|false|false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Placeholders:\n got %q\nwant %q", got, want)
	}
	tpl := Parse(src)
	for n := range tpl.Root().Descendants() {
		ph, ok := n.Placeholder()
		if ok != (n.Kind() == KindPlaceholder) {
			t.Errorf("Placeholder() of a %v node: ok = %v", n.Kind(), ok)
		}
		if ok && ph.Node != n {
			t.Errorf("Placeholder() of %q describes %q", n.Text(), ph.Node.Text())
		}
	}
	for ph := range tpl.Placeholders() {
		if got, _ := ph.Node.Placeholder(); got != ph {
			t.Errorf("Placeholder() of %q = %+v, Placeholders yields %+v", ph.Node.Text(), got, ph)
		}
	}
}

func TestBindingsAndReferences(t *testing.T) {
	src := "#set x = $y\n#set $z.w = 1\n#set global g = 2\n#for $k, v in $d.items()\n#end for\n" +
		"#def f(a, b=$c, *r)\n#end def\n#import os.path\n#from m import n as o, p\n" +
		"#if $a.b == \"x\" and str($c) != ''\n#end if\n$q(kw=1, s)\n"
	tpl := Parse(src)
	if err := tpl.Errors().Err(); err != nil {
		t.Fatal(err)
	}
	var binds []string
	for b := range tpl.Bindings() {
		if src[b.Span.Start:b.Span.End] != b.Name || src[b.Directive] != '#' {
			t.Errorf("binding %+v has a wrong span or directive", b)
		}
		binds = append(binds, b.Kind.String()+":"+b.Name)
	}
	wantBinds := []string{"set:x", "set global:g", "for:k", "for:v", "def:f", "param:a", "param:b", "param:r", "import:os", "import:o", "import:p"}
	if !slices.Equal(binds, wantBinds) {
		t.Errorf("Bindings:\n got %v\nwant %v", binds, wantBinds)
	}
	var refs []string
	for r := range tpl.References() {
		if src[r.Span.Start:r.Span.End] != r.Name {
			t.Errorf("reference %+v has a wrong span", r)
		}
		s := r.Name
		if r.Placeholder {
			s = "$" + s
		}
		refs = append(refs, s)
	}
	wantRefs := []string{"$y", "$z", "$d", "$c", "$a", "str", "$c", "$q", "s"}
	if !slices.Equal(refs, wantRefs) {
		t.Errorf("References:\n got %v\nwant %v", refs, wantRefs)
	}
	// A node's references are those of the template that it or the nodes
	// below it hold.
	for n := range tpl.Root().Descendants() {
		var want, got []Reference
		for r := range tpl.References() {
			for h := r.Node; h.ok(); h = h.Parent() {
				if h == n {
					want = append(want, r)
					break
				}
			}
		}
		for r := range n.References() {
			got = append(got, r)
		}
		if !slices.Equal(got, want) {
			t.Errorf("References of %q:\n got %v\nwant %v", n.Text(), got, want)
		}
	}
	if got := slices.Collect(tpl.Root().References()); !slices.Equal(got, slices.Collect(tpl.References())) {
		t.Errorf("References of the root differ from the template's: %v", got)
	}
}

func TestOffsetQueries(t *testing.T) {
	src := "a ## c\n#* b *#\n#raw\n$x\n#end raw\n#if $y == '$z' ${w(1, # q\n)}\n#end if\n"
	tpl := Parse(src)
	at := func(s string) int { return strings.Index(src, s) }
	checks := []struct {
		name string
		got  bool
		want bool
	}{
		{"comment", tpl.InComment(at("## c") + 1), true},
		{"block comment", tpl.InComment(at("b *#")), true},
		{"text", tpl.InComment(0), false},
		{"raw", tpl.InRaw(at("$x")), true},
		{"not raw", tpl.InRaw(at("$y")), false},
		{"string", tpl.InString(at("$z")), true},
		{"not string", tpl.InString(at("$y")), false},
		{"out of range", tpl.InComment(len(src)), false},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}
