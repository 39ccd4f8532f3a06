package refs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// build indexes tool.xml with the macro files given (name, content,
// name, content, …).
func build(t *testing.T, tool string, files ...string) *Index {
	t.Helper()
	m := map[string][]byte{}
	for i := 0; i+1 < len(files); i += 2 {
		m[files[i]] = []byte(files[i+1])
	}
	res, err := macros.Expand("tool.xml", []byte(tool), macros.Options{Files: m, NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	return Build(res)
}

// show renders refs one a line: file:line:col [section] reference, with
// the bytes at Loc ("!" when they are not exact) and the kind.
func show(x *Index, refs []Ref) string {
	var b strings.Builder
	for _, r := range refs {
		pos := x.View.Position(r.Loc)
		src := x.View.Tree(r.Loc.File).Source()
		at := "!"
		if r.Exact {
			at = string(src[r.Loc.Span.Start:r.Loc.Span.End])
		}
		extra := ""
		if r.Member {
			extra += " member"
		}
		if r.Derived {
			extra += " derived"
		}
		if r.Token != "" {
			extra += " token " + r.Token
		}
		fmt.Fprintf(&b, "%s:%d:%d [%s] %s =%s (%s%s)\n", r.Loc.File, pos.Line, pos.Column, r.Section, r.Reference, at, r.Kind, extra)
	}
	return b.String()
}

func TestIndexSites(t *testing.T) {
	tests := []struct {
		name  string
		tool  string
		files []string
		find  string
		want  string
	}{
		{
			name: "command placeholders",
			tool: `<tool id="t" name="t" version="1"><command><![CDATA[
cat $in ${in} '$in.ext' $in['x'] "${in.metadata.dbkey}" \$in $input
## $in in a comment
#raw
$in raw
#end raw
]]></command><inputs><param name="in" type="data"/></inputs></tool>`,
			find: "in",
			want: `tool.xml:7:35 [inputs] <param name="in"> =in (definition)
tool.xml:2:6 [command] $in =in (cheetah)
tool.xml:2:11 [command] ${in} =in (cheetah)
tool.xml:2:17 [command] $in.ext =in (cheetah)
tool.xml:2:26 [command] $in['x'] =in (cheetah)
tool.xml:2:37 [command] ${in.metadata.dbkey} =in (cheetah)
`,
		},
		{
			name: "directives and bare names",
			tool: `<tool id="t" name="t" version="1"><command>#if $mode == "a" and mode != 'b'
x
#end if
$getVar('mode')</command><inputs><param name="mode" type="text"/></inputs></tool>`,
			find: "mode",
			want: `tool.xml:4:47 [inputs] <param name="mode"> =mode (definition)
tool.xml:1:49 [command] $mode =mode (cheetah)
tool.xml:1:65 [command] mode =mode (cheetah)
tool.xml:4:10 [command] 'mode' =mode (cheetah)
`,
		},
		{
			name: "shadowed by #set and #for",
			tool: `<tool id="t" name="t" version="1"><command>echo $x
#set $x = $x + 1
echo $x
#for $y in $ys
$y
#end for
</command><inputs><param name="x" type="integer"/><param name="y" type="integer"/></inputs></tool>`,
			find: "x",
			want: `tool.xml:7:32 [inputs] <param name="x"> =x (definition)
tool.xml:1:50 [command] $x =x (cheetah)
tool.xml:2:12 [command] $x =x (cheetah)
`,
		},
		{
			name: "members of conditionals, sections and repeats",
			tool: `<tool id="t" name="t" version="1"><command>$c.x $c['x'] $s.x $in.x
#for $r in $rep
$r.x
#end for
$rep[0].x</command><inputs><param name="in" type="data"/>
<conditional name="c"><param name="sel" type="select"><option value="a">a</option></param><when value="a"><param name="x" type="text"/></when></conditional>
<section name="s"><param name="x" type="text"/></section>
<repeat name="rep"><param name="x" type="text"/></repeat></inputs></tool>`,
			find: "x",
			want: `tool.xml:6:120 [inputs] <param name="x"> =x (definition)
tool.xml:7:32 [inputs] <param name="x"> =x (definition)
tool.xml:8:33 [inputs] <param name="x"> =x (definition)
tool.xml:1:47 [command] $c.x =x (cheetah member)
tool.xml:1:53 [command] $c['x'] =x (cheetah member)
tool.xml:1:60 [command] $s.x =x (cheetah member)
tool.xml:3:4 [command] $r.x =x (cheetah member)
tool.xml:5:9 [command] $rep[0].x =x (cheetah member)
`,
		},
		{
			name: "outputs, labels, filters and by-name attributes",
			tool: `<tool id="t" name="t" version="1"><command>cp '$inp' '$out'</command><inputs><param name="inp" type="data"/><param name="col" type="data_column" data_ref="inp"/><param name="sel" type="select"><options from_dataset="inp"><filter type="data_meta" ref="inp" key="dbkey"/></options></param></inputs>
<outputs><data name="out" format_source="inp" metadata_source="inp" label="${tool.name} on ${inp.name}"><filter>inp and inp.ext != 'inp'</filter>
<change_format><when input="inp" value="x" format="txt"/></change_format></data></outputs></tool>`,
			find: "inp",
			want: `tool.xml:1:91 [inputs] <param name="inp"> =inp (definition)
tool.xml:1:49 [command] $inp =inp (cheetah)
tool.xml:1:156 [data_ref:col] data_ref="inp" =inp (attribute)
tool.xml:1:217 [options:sel] from_dataset="inp" =inp (attribute)
tool.xml:1:252 [options:sel] ref="inp" =inp (attribute)
tool.xml:2:94 [output_data_label:out] ${inp.name} =inp (cheetah)
tool.xml:2:42 [format_source:out] format_source="inp" =inp (attribute)
tool.xml:2:64 [metadata_source:out] metadata_source="inp" =inp (attribute)
tool.xml:2:113 [filter:out] inp =inp (python)
tool.xml:2:121 [filter:out] inp =inp (python)
tool.xml:3:29 [change_format:out] input="inp" =inp (cheetah)
`,
		},
		{
			name: "configfiles and environment variables",
			tool: `<tool id="t" name="t" version="1"><command>python '$script'</command><configfiles><configfile name="script">print("$p")</configfile></configfiles>
<environment_variables><environment_variable name="P">$p</environment_variable></environment_variables><inputs><param name="p" type="text"/></inputs></tool>`,
			find: "p",
			want: `tool.xml:2:125 [inputs] <param name="p"> =p (definition)
tool.xml:1:117 [configfile:script] $p =p (cheetah)
tool.xml:2:56 [environment_variable:P] $p =p (cheetah)
`,
		},
		{
			name: "tests mirror names",
			tool: `<tool id="t" name="t" version="1"><command>$c.x $o</command><inputs><conditional name="c"><param name="x" type="text"/><when value="a"/></conditional></inputs><outputs><data name="o"/></outputs>
<tests><test><conditional name="c"><param name="x" value="1"/></conditional><param name="c|x" value="2"/><output name="o" file="o.txt"/></test></tests></tool>`,
			find: "x",
			want: `tool.xml:1:104 [inputs] <param name="x"> =x (definition)
tool.xml:1:47 [command] $c.x =x (cheetah member)
tool.xml:2:49 [tests] <param name="x"> =x (test)
tool.xml:2:92 [tests] <param name="c|x"> =x (test member)
`,
		},
		{
			name: "argument names",
			tool: `<tool id="t" name="t" version="1"><command>x $min_len</command><inputs><param argument="--min-len" type="integer"/></inputs></tool>`,
			find: "min_len",
			want: `tool.xml:1:89 [inputs] <param argument="--min-len"> =! (definition derived)
tool.xml:1:47 [command] $min_len =min_len (cheetah)
`,
		},
		{
			name: "references in an imported macro file and a token",
			tool: `<tool id="t" name="t" version="1"><macros><import>macros.xml</import><token name="@ARG@">-q '$q'</token></macros>
<command>run @ARG@</command><inputs><expand macro="ins"/></inputs></tool>`,
			files: []string{"macros.xml", `<macros>
  <xml name="cmd"><![CDATA[ignored]]></xml>
  <xml name="ins"><param name="q" type="text" label="$q is not read here"/></xml>
</macros>`},
			find: "q",
			want: `macros.xml:3:32 [inputs] <param name="q"> =q (definition)
tool.xml:1:95 [command] $q =q (cheetah token @ARG@)
`,
		},
		{
			name: "a command written in a macro file",
			tool: `<tool id="t" name="t" version="1"><macros><import>macros.xml</import></macros>
<expand macro="cmd"/><inputs><param name="q" type="text"/></inputs></tool>`,
			files: []string{"macros.xml", `<macros>
  <xml name="cmd"><command>run &amp;&amp; $q
## $q
</command></xml>
</macros>`},
			find: "q",
			want: `tool.xml:2:43 [inputs] <param name="q"> =q (definition)
macros.xml:2:44 [command] $q =q (cheetah)
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := build(t, tt.tool, tt.files...)
			if got := show(x, x.Find(tt.find)); got != tt.want {
				t.Errorf("references to %s:\n%s\nwant:\n%s", tt.find, got, tt.want)
			}
		})
	}
}
