package mcpserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolFile is the name the tool's XML is expanded under: imports resolve
// against its directory, so a macro file is found under its import text.
const toolFile = "tool.xml"

// ExpandInput is expand_tool's input.
type ExpandInput struct {
	XML        string            `json:"xml" jsonschema:"the Galaxy tool XML text"`
	Macros     map[string]string `json:"macros,omitempty" jsonschema:"the macro files the tool imports, by the name its <import> gives, e.g. {\"macros.xml\": \"<macros>…</macros>\"}; nothing is read from disk"`
	Format     string            `json:"format,omitempty" jsonschema:"xml (default): the expanded tree serialised as Galaxy's lxml does; json: Galaxy's canonical JSON form (attrs, children, tag, tail, text; keys sorted)"`
	Provenance bool              `json:"provenance,omitempty" jsonschema:"also return where each element, attribute and text of the expanded tree came from"`
}

// ExpandOutput is expand_tool's result.
type ExpandOutput struct {
	Envelope
	Expanded   string       `json:"expanded,omitempty" jsonschema:"the expanded tool in the requested format (for json, byte for byte the canonical text: parse it to get the tree)"`
	Imports    []string     `json:"imports,omitempty" jsonschema:"the macro files read, in the order Galaxy reads them"`
	Provenance []Provenance `json:"provenance,omitempty" jsonschema:"with provenance: one entry per element, attribute and non-blank text, in document order"`
}

// Provenance says where one piece of the expanded tree came from.
type Provenance struct {
	XPath  string `json:"xpath" jsonschema:"the element in the expanded tree, e.g. /tool/inputs/param[2]"`
	What   string `json:"what" jsonschema:"element, attribute, text (before the first child) or tail (after the element)"`
	Name   string `json:"name,omitempty" jsonschema:"the attribute's name"`
	Value  string `json:"value,omitempty" jsonschema:"the attribute's value or the text, after token substitution"`
	File   string `json:"file" jsonschema:"the file the bytes were written in: tool.xml or a macro file"`
	Line   int    `json:"line" jsonschema:"1-based line in file"`
	Column int    `json:"column" jsonschema:"1-based column in file (UTF-16 code units)"`
	Via    []Step `json:"via,omitempty" jsonschema:"for elements: the <expand>s and <yield>s that moved it there, outermost (nearest the tool) first"`
	Tokens []Use  `json:"tokens,omitempty" jsonschema:"for attributes and texts: the tokens substituted in it"`
}

// Step is one expansion on the way from the tool to an element, or a token
// substituted in a string.
type Step struct {
	Kind   string `json:"kind" jsonschema:"expand, yield or token"`
	Name   string `json:"name" jsonschema:"the macro, the yield's name (empty when unnamed) or the token"`
	File   string `json:"file" jsonschema:"the file holding the <expand> or <yield>, or where the token is used"`
	Line   int    `json:"line" jsonschema:"1-based line"`
	Column int    `json:"column" jsonschema:"1-based column (UTF-16 code units)"`
}

// Use is one token substitution.
type Use struct {
	Token  string `json:"token" jsonschema:"the token or macro parameter, quote characters included"`
	Value  string `json:"value" jsonschema:"the bytes it supplied"`
	File   string `json:"file" jsonschema:"the file holding the token's definition"`
	Line   int    `json:"line" jsonschema:"1-based line of the definition's bytes"`
	Column int    `json:"column" jsonschema:"1-based column (UTF-16 code units)"`
}

func addExpandTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "expand_tool",
		Description: "Expand a Galaxy tool's macros exactly as Galaxy's tool loader does (imports, xml and token macros, " +
			"yields, macro parameters) and return Galaxy's view of the tool as XML or as Galaxy's canonical JSON, " +
			"with the imports read and, on request, where every element, attribute and text came from. Macro files " +
			"come only from the macros argument; an import missing from it is error_kind unresolved_import, any other " +
			"expansion failure macro_error with the exception Galaxy raises. Writes nothing." + boundsNote,
		Annotations: readOnly("Expand a Galaxy tool's macros"),
	}, expandTool)
}

func expandTool(ctx context.Context, in ExpandInput) (ExpandOutput, error) {
	if in.Format != "" && in.Format != "xml" && in.Format != "json" {
		return ExpandOutput{}, &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf("format %q is not known: use xml or json", in.Format)}
	}
	res, err := expand(ctx, in.XML, in.Macros)
	if err != nil {
		return ExpandOutput{}, err
	}
	out := ExpandOutput{Expanded: string(res.XML()), Imports: res.Imports}
	if in.Format == "json" {
		out.Expanded = string(res.JSON())
	}
	if in.Provenance {
		out.Provenance = provenance(res)
	}
	return out, nil
}

// expand expands a tool with its macro files taken from macros only,
// under ctx.
func expand(ctx context.Context, xml string, contents map[string]string) (*macros.Result, error) {
	t, err := parseTool(xml, contents)
	if err != nil {
		return nil, err
	}
	files := macroFiles(contents)
	res, err := macros.ExpandTree(t, macros.Options{Files: files, NoDisk: true, Context: ctx})
	if err != nil {
		return nil, expandError(err, xml, contents)
	}
	return res, nil
}

// expandError turns an expansion error into unresolved_import or
// macro_error, with the line and column when it is in the tool.
// An expansion past its bound is expansion_too_large; one the deadline
// stopped is returned as it is, for the caller's timeout.
func expandError(err error, xml string, macroFiles map[string]string) error {
	var me *macros.Error
	if !errors.As(err, &me) || me.Kind == macros.ErrCanceled {
		return err
	}
	src := sourceOf(me.Pos.File, xml, macroFiles)
	col := me.Pos.Column
	if src != nil && me.Pos.Offset <= len(src) {
		col = columnUTF16(src, me.Pos.Offset)
	}
	if me.Kind == macros.ErrTooLarge {
		return tooLarge(me, col)
	}
	where := fmt.Sprintf("%s:%d:%d", me.Pos.File, me.Pos.Line, col)
	te := &ToolError{Kind: KindMacroError}
	if me.Pos.File == toolFile {
		te.Line, te.Column = me.Pos.Line, col
	}
	if me.Kind == macros.ErrImport {
		name := importText(src, me.Pos.Offset)
		te.Kind = KindUnresolvedImport
		te.Message = fmt.Sprintf("%s: <import>%s</import> names a macro file that is not in the \"macros\" argument; "+
			"pass its content as macros: {%q: \"<macros>…</macros>\"} (files are never read from disk)", where, name, name)
		return te
	}
	te.Message = where + ": " + me.Msg
	// Galaxy's message, unless it is the one above (syntax errors carry
	// gtr's message) or empty: then its exception class alone.
	if class, msg, _ := strings.Cut(me.Galaxy, ":"); class != "" {
		te.Message += "; Galaxy raises " + class
		if msg = strings.TrimSpace(msg); msg != "" && msg != me.Msg {
			te.Message += ": " + msg
		}
	}
	return te
}

// sourceOf returns the bytes of the tool or of a macro file by the name
// the expansion gives it, or nil.
func sourceOf(file, xml string, macroFiles map[string]string) []byte {
	if file == toolFile {
		return []byte(xml)
	}
	if s, ok := macroFiles[file]; ok {
		return []byte(s)
	}
	return nil
}

// importText returns the file name in the <import> element that starts at
// off of src, as Galaxy reads it.
func importText(src []byte, off int) string {
	root, err := macros.FromTree(cst.Parse("", src))
	if err != nil {
		return ""
	}
	for e := range root.Descendants() {
		if e.Tag == "import" && e.Loc.Span.Start == off {
			return e.Text
		}
	}
	return ""
}

// columnUTF16 returns the 1-based column of byte offset off of src in
// UTF-16 code units.
func columnUTF16(src []byte, off int) int {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	col := 1
	for _, r := range string(src[start:off]) {
		col++
		if r >= 0x10000 {
			col++
		}
	}
	return col
}

// position returns a file, line and UTF-16 column for p.
func position(res *macros.Result, p cst.Position) (string, int, int) {
	if t := res.Tree(p.File); t != nil {
		return p.File, p.Line, column.InTree(t, p.Offset)
	}
	return p.File, p.Line, p.Column
}

// provenance lists where each piece of the expanded tree came from.
func provenance(res *macros.Result) []Provenance {
	var out []Provenance
	at := func(pr Provenance, l macros.Loc) Provenance {
		pr.File, pr.Line, pr.Column = position(res, res.Position(l))
		return pr
	}
	str := func(pr Provenance, o macros.Origin, s string) Provenance {
		pr = at(pr, o.Loc)
		for i, p := range o.Parts {
			if p.Token == "" {
				continue
			}
			end := len(s)
			if i+1 < len(o.Parts) {
				end = o.Parts[i+1].Off
			}
			u := Use{Token: p.Token, Value: s[p.Off:end]}
			u.File, u.Line, u.Column = position(res, res.Position(p.Loc))
			pr.Tokens = append(pr.Tokens, u)
		}
		return pr
	}
	var walk func(e *macros.Element, path string)
	walk = func(e *macros.Element, path string) {
		pr := at(Provenance{XPath: path, What: "element"}, e.Loc)
		for _, st := range e.Via.Trail() {
			s := Step{Kind: st.Kind.String(), Name: st.Name}
			s.File, s.Line, s.Column = position(res, res.Position(st.At))
			pr.Via = append(pr.Via, s)
		}
		out = append(out, pr)
		for _, a := range e.Attrs {
			out = append(out, str(Provenance{XPath: path, What: "attribute", Name: a.Name, Value: a.Value}, e.ValueOrigin(a.Name), a.Value))
		}
		if strings.TrimSpace(e.Text) != "" {
			out = append(out, str(Provenance{XPath: path, What: "text", Value: e.Text}, e.TextOrigin(), e.Text))
		}
		count := map[string]int{}
		for c := range e.Elements() {
			count[c.Tag]++
		}
		seen := map[string]int{}
		for _, c := range e.Children {
			p := path + "/processing-instruction()"
			if !c.PI {
				seen[c.Tag]++
				p = path + "/" + c.Tag
				if count[c.Tag] > 1 {
					p += fmt.Sprintf("[%d]", seen[c.Tag])
				}
				walk(c, p)
			}
			if strings.TrimSpace(c.Tail) != "" {
				out = append(out, str(Provenance{XPath: p, What: "tail", Value: c.Tail}, c.TailOrigin(), c.Tail))
			}
		}
	}
	walk(res.Root, "/"+res.Root.Tag)
	return out
}
