package schema

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// expandedMacros is the macro file the provenance tests import.
const expandedMacros = `<macros>
    <token name="@VERSION@">1.0</token>
    <token name="@PROFILE@">22.05</token>
    <token name="@BAD_PROFILE@">twenty</token>
    <token name="@OPTIONAL@">maybe</token>
    <token name="ATTR_X">colour</token>
    <xml name="inputs">
        <param name="a" type="boolean" multiple="maybe"/>
        <param name="b" type="data" format="txt" multiple="@OPTIONAL@"/>
        <param name="c" type="data" format="txt" multiple="@OPTIONAL@ "/>
    </xml>
    <xml name="outer">
        <expand macro="inner"/>
    </xml>
    <xml name="inner">
        <data name="out" format="txt" colour="red"/>
    </xml>
    <xml name="wrap">
        <conditional name="cond">
            <yield/>
        </conditional>
    </xml>
</macros>
`

// locateCase is a tool importing expandedMacros and the errors expected
// from validating it, located, one "POS: message (expanded from …)" each.
type locateCase struct {
	name, tool string
	profile    string // "" for the declared one
	want       []string
}

var locateCases = []locateCase{
	{
		name: "valid",
		tool: `<tool id="t" name="T" version="@VERSION@" profile="@PROFILE@">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
</tool>`,
	},
	{
		name: "attribute value in a macro",
		tool: `<tool id="t" name="T" version="1">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
    <inputs>
        <expand macro="inputs"/>
    </inputs>
</tool>`,
		want: []string{
			`macros.xml:8:50: Element 'param', attribute 'multiple': [facet 'enumeration'] The value 'maybe' is not an element of the set {'0', '1', 'true', 'false', 'True', 'False', 'yes', 'no'}. (expanded from tool.xml:7:9 <expand macro="inputs">)`,
			// One token supplied the whole value: its definition is at fault.
			`macros.xml:5:30: Element 'param', attribute 'multiple': [facet 'enumeration'] The value 'maybe' is not an element of the set {'0', '1', 'true', 'false', 'True', 'False', 'yes', 'no'}. (expanded from tool.xml:7:9 <expand macro="inputs">, macros.xml:9:60 token @OPTIONAL@)`,
			// A token and a written space: the value as written is.
			`macros.xml:10:60: Element 'param', attribute 'multiple': [facet 'enumeration'] The value 'maybe ' is not an element of the set {'0', '1', 'true', 'false', 'True', 'False', 'yes', 'no'}. (expanded from tool.xml:7:9 <expand macro="inputs">)`,
		},
	},
	{
		name: "nested expansions",
		tool: `<tool id="t" name="T" version="1">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
    <outputs>
        <expand macro="outer"/>
    </outputs>
</tool>`,
		want: []string{
			`macros.xml:16:39: Element 'data', attribute 'colour': The attribute 'colour' is not allowed. (expanded from tool.xml:7:9 <expand macro="outer">, macros.xml:13:9 <expand macro="inner">)`,
		},
	},
	{
		name: "yield",
		tool: `<tool id="t" name="T" version="1">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
    <inputs>
        <expand macro="wrap">
            <param name="p" type="select"/>
            <when/>
        </expand>
    </inputs>
</tool>`,
		want: []string{
			`tool.xml:9:13: Element 'when': The attribute 'value' is required but missing. (expanded from tool.xml:7:9 <expand macro="wrap">, macros.xml:20:13 <yield/>)`,
		},
	},
	{
		name: "text",
		tool: `<tool id="t" name="T" version="1">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
    <inputs>
        stray
    </inputs>
</tool>`,
		want: []string{
			`tool.xml:6:13: Element 'inputs': Character content other than whitespace is not allowed because the content type is 'element-only'.`,
		},
	},
	{
		name: "profile from a token",
		tool: `<tool id="t" name="T" version="1" profile="@BAD_PROFILE@">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
</tool>`,
		want: []string{
			`macros.xml:4:33: "twenty" is not a profile (want a release such as 21.09) (expanded from tool.xml:1:44 token @BAD_PROFILE@)`,
		},
	},
	{
		name: "attribute name from a token",
		tool: `<tool id="t" name="T" version="1" ATTR_X="red">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>x</command>
</tool>`,
		want: []string{
			`macros.xml:6:26: Element 'tool', attribute 'colour': The attribute 'colour' is not allowed. (expanded from tool.xml:1:35 token ATTR_X)`,
		},
	},
}

func TestLocate(t *testing.T) {
	for _, tc := range locateCases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := macros.Expand("tool.xml", []byte(tc.tool), macros.Options{
				Files: map[string][]byte{"macros.xml": []byte(expandedMacros)}, NoDisk: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			profile := tc.profile
			if profile == "" {
				profile, _ = res.Root.Get("profile")
			}
			var got []string
			for _, e := range Validate(Expanded(res), profile) {
				got = append(got, locatedText(Locate(res, e), e))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// locatedText renders a located error as gtr validate prints it.
func locatedText(l Location, e Error) string {
	s := l.Pos.String() + ": " + e.Error()
	if len(l.Via) > 0 {
		var via []string
		for _, f := range l.Via {
			via = append(via, f.String())
		}
		s += " (expanded from " + strings.Join(via, ", ") + ")"
	}
	return s
}

func TestExpandedTree(t *testing.T) {
	// Processing instructions are not children; their tails and the
	// children's tails are text; comments are gone.
	src := `<tool id="t"><?pi data?>a<!-- c -->b<x/>c</tool>`
	res, err := macros.Expand("tool.xml", []byte(src), macros.Options{NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	root := Expanded(res)
	if root.Name() != "tool" || root.NumAttrs() != 1 || root.NumChildren() != 1 || root.Child(0).Name() != "x" {
		t.Fatalf("got <%s> with %d attributes and %d children", root.Name(), root.NumAttrs(), root.NumChildren())
	}
	if n, v := root.Attr(0); n != "id" || v != "t" {
		t.Errorf("Attr(0) = %q, %q", n, v)
	}
	if got := root.Text(); got != "abc" {
		t.Errorf("Text() = %q, want %q", got, "abc")
	}
	if got := root.Child(0).Text(); got != "" {
		t.Errorf("Child(0).Text() = %q, want empty", got)
	}
	if root.Pos() != res.Root {
		t.Errorf("Pos() is not the root element")
	}
}

// TestExpandedAgreesWithOracle checks that the tree the adapter makes of
// gtr's expansion of every corpus tool has the same newest valid profile,
// and the same errors at its declared profile, as Galaxy's own expansion
// (the oracle's JSON).
func TestExpandedAgreesWithOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus in short mode")
	}
	tools := loadCorpus(t)
	shared := sharedDir(t, "corpus")
	opts := macros.Options{
		Cache:    macros.NewCache(),
		ReadFile: func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(shared, name)) },
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan corpusTool)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for ct := range next {
				name := "corpus/" + ct.path
				src, err := os.ReadFile(filepath.Join(shared, name))
				if err != nil {
					t.Error(err)
					continue
				}
				res, err := macros.Expand(name, src, opts)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				root := Expanded(res)
				got, _ := NewestValid(root, nil)
				want, _ := NewestValid(ct.root, nil)
				if got != want {
					mu.Lock()
					t.Errorf("%s: newest valid %q, the oracle's tree %q", name, got, want)
					mu.Unlock()
				}
				// The same errors at the declared profile; the oracle's
				// attributes are sorted, so errors are compared as sets.
				profile, _ := res.Root.Get("profile")
				if g, w := errorSet(Validate(root, profile)), errorSet(Validate(ct.root, profile)); g != w {
					mu.Lock()
					t.Errorf("%s: errors at %q:\n%s\nthe oracle's tree:\n%s", name, profile, g, w)
					mu.Unlock()
				}
			}
		})
	}
	for _, ct := range tools {
		next <- ct
	}
	close(next)
	wg.Wait()
}

// errorSet returns the messages of errs, sorted, one a line.
func errorSet(errs []Error) string {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	slices.Sort(msgs)
	return strings.Join(msgs, "\n")
}
