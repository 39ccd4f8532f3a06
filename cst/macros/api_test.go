package macros_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

const apiTool = `<tool id="t" version="@V@">
    <macros>
        <import>macros.xml</import>
    </macros>
    <inputs>
        <expand macro="inputs" label="In"/>
    </inputs>
</tool>
`

const apiMacros = `<macros>
    <token name="@V@">1.0</token>
    <xml name="inputs" tokens="label">
        <param name="input" label="@LABEL@ (@V@)"/>
    </xml>
    <template name="tpl">echo @V@</template>
</macros>
`

func apiExpand(t *testing.T) *macros.Result {
	t.Helper()
	res, err := macros.Expand("tools/t/tool.xml", []byte(apiTool), macros.Options{
		Files:  map[string][]byte{"macros.xml": []byte(apiMacros)},
		NoDisk: true,
	})
	require.NoError(t, err)
	return res
}

func find(root *macros.Element, tag string) *macros.Element {
	for e := range root.Descendants() {
		if e.Tag == tag {
			return e
		}
	}
	return nil
}

// TestLookups pins the provenance lookups rules need: the source node and
// line of an expanded element or attribute, even inside an imported file,
// and the place in the tool that produced it.
func TestLookups(t *testing.T) {
	res := apiExpand(t)
	assert.Equal(t, "tools/t/tool.xml", res.File())
	assert.Equal(t, []string{"tools/t/macros.xml"}, res.Imports, "imports are named as Galaxy opens them")

	param := find(res.Root, "param")
	require.NotNil(t, param)
	assert.Equal(t, "tools/t/macros.xml:4:9", res.Position(param.Loc).String())
	n := res.Node(param.Loc)
	assert.Equal(t, cst.KindElement, n.Kind())
	assert.Equal(t, "param", n.Name())
	assert.Equal(t, "tools/t/tool.xml:6:9", res.Position(res.ToolLoc(param)).String(), "the <expand> in the tool")

	label := param.ValueOrigin("label")
	assert.Equal(t, "In (1.0)", param.Attrs[1].Value)
	assert.Equal(t, cst.KindAttribute, res.Node(label.Loc).Kind())
	// "In" from the parameter, " (" from the macro, "1.0" from the token,
	// ")" from the macro.
	require.Len(t, label.Parts, 4)
	assert.Equal(t, []int{0, 2, 4, 7}, []int{label.Parts[0].Off, label.Parts[1].Off, label.Parts[2].Off, label.Parts[3].Off})
	assert.Equal(t, []string{"@LABEL@", "", "@V@", ""}, []string{label.Parts[0].Token, label.Parts[1].Token, label.Parts[2].Token, label.Parts[3].Token})
	assert.Equal(t, "tools/t/tool.xml:6:39", res.Position(label.Parts[0].Loc).String(), "a parameter's value is where the <expand> gives it")
	assert.Equal(t, "tools/t/macros.xml:4:43", res.Position(label.Parts[1].Loc).String(), "literal text is where the macro writes it")
	assert.Equal(t, "tools/t/macros.xml:2:23", res.Position(label.Parts[2].Loc).String(), "a token's value is its definition")

	trail := param.Via.Trail()
	require.Len(t, trail, 1)
	assert.Equal(t, macros.StepExpand, trail[0].Kind)
	assert.Equal(t, "inputs", trail[0].Name)
	assert.Equal(t, "tools/t/macros.xml:3:5", res.Position(trail[0].Def).String())

	tool := res.Root
	assert.Equal(t, tool.Loc, res.ToolLoc(tool))
	assert.Equal(t, "1.0", tool.Attrs[1].Value)

	tpl := find(res.Root, "macro")
	require.NotNil(t, tpl)
	assert.Equal(t, macros.Loc{}, res.ToolLoc(tpl), "a template re-appended from a macro file has no place in the tool")
	assert.Equal(t, "echo 1.0", tpl.Text)
}

// TestFilesLookup pins how Options.Files names imports: under the path
// Galaxy opens, that path cleaned, or the import text itself.
func TestFilesLookup(t *testing.T) {
	for _, key := range []string{"tools/t/macros.xml", "macros.xml"} {
		_, err := macros.Expand("tools/t/../t/tool.xml", []byte(apiTool), macros.Options{
			Files:  map[string][]byte{key: []byte(apiMacros)},
			NoDisk: true,
		})
		assert.NoError(t, err, key)
	}
	_, err := macros.Expand("tool.xml", []byte(apiTool), macros.Options{NoDisk: true})
	var me *macros.Error
	require.ErrorAs(t, err, &me)
	assert.Equal(t, macros.ErrImport, me.Kind)
}

// TestReadFileAndCache pins that imports are read through Options.ReadFile
// once per Cache, and that a cache is safe to share between goroutines.
func TestReadFileAndCache(t *testing.T) {
	reads := 0
	cache := macros.NewCache()
	opts := macros.Options{Cache: cache, ReadFile: func(name string) ([]byte, error) {
		reads++
		if name != "dir/macros.xml" {
			return nil, os.ErrNotExist
		}
		return []byte(apiMacros), nil
	}}
	for range 3 {
		_, err := macros.Expand("dir/tool.xml", []byte(apiTool), opts)
		require.NoError(t, err)
	}
	assert.Equal(t, 1, reads)

	done := make(chan string)
	for range 4 {
		go func() {
			res, err := macros.Expand("dir/tool.xml", []byte(apiTool), opts)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- string(res.JSON())
		}()
	}
	first := <-done
	for range 3 {
		assert.Equal(t, first, <-done)
	}
}

// TestJSONEscaping pins the escaping of Python's json.dumps with
// ensure_ascii=False: only quote, backslash and control characters.
func TestJSONEscaping(t *testing.T) {
	// XML allows no other control character below U+0020; json.dumps would
	// write them as \u00XX.
	src := "<t a=\"&lt;/é&#9;&#10;\">\\ \" &#127; \u2028 &#x1F600; &#13;</t>"
	root, err := macros.FromTree(cst.Parse("t.xml", []byte(src)))
	require.NoError(t, err)
	want := `{"attrs":{"a":"</é\t\n"},"children":[],"tag":"t","tail":"","text":"\\ \" ` + "\x7f \u2028 \U0001F600" + ` \r"}` + "\n"
	assert.Equal(t, want, string(macros.JSON(root)))
}

// TestXMLEscaping pins lxml's serialisation: <, > and & everywhere, "\r" as
// a reference, and '"', tab and newline in attribute values.
func TestXMLEscaping(t *testing.T) {
	src := "<t a=\"&lt;&gt;&amp;&quot;'&#9;&#10;&#13;\">&lt;&gt;&amp;\"'\t\n&#13;<e/></t>"
	root, err := macros.FromTree(cst.Parse("t.xml", []byte(src)))
	require.NoError(t, err)
	want := "<t a=\"&lt;&gt;&amp;&quot;'&#9;&#10;&#13;\">&lt;&gt;&amp;\"'\t\n&#13;<e/></t>\n"
	assert.Equal(t, want, string(macros.XML(root)))
}

func ExampleExpand() {
	tool := `<tool id="cat" version="@VERSION@">
    <macros>
        <import>macros.xml</import>
    </macros>
    <expand macro="requirements"/>
</tool>`
	lib := `<macros>
    <token name="@VERSION@">9.4</token>
    <xml name="requirements">
        <requirements><requirement type="package" version="@VERSION@">coreutils</requirement></requirements>
    </xml>
</macros>`
	res, err := macros.Expand("cat.xml", []byte(tool), macros.Options{
		Files:  map[string][]byte{"macros.xml": []byte(lib)},
		NoDisk: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(res.XML()))
	req := find(res.Root, "requirement")
	fmt.Println(res.Position(req.Loc), "via", res.Position(res.ToolLoc(req)))
	var b strings.Builder
	_ = res.WriteProvenance(&b)
	fmt.Print(b.String())
	// Output:
	// <tool id="cat" version="9.4">
	//     <macros/><requirements><requirement type="package" version="9.4">coreutils</requirement></requirements>
	//     </tool>
	// macros.xml:4:23 via cat.xml:5:5
	// <tool> cat.xml:1:1
	//   @id="cat" cat.xml:1:11
	//   @version="9.4" cat.xml:1:25 ← @VERSION@ "9.4" macros.xml:2:29
	//   <macros> cat.xml:2:5
	//   <requirements> macros.xml:4:9 via expand requirements cat.xml:5:5
	//     <requirement> macros.xml:4:23 via expand requirements cat.xml:5:5
	//       @type="package" macros.xml:4:42
	//       @version="9.4" macros.xml:4:60 ← @VERSION@ "9.4" macros.xml:2:29
	//       text macros.xml:4:71
}
