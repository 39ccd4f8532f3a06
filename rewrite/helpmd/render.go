package helpmd

import (
	"bytes"
	"errors"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// markdown is goldmark set up as Galaxy's markdown-it: CommonMark plus
// GFM tables and strikethrough; no linkify and no typographer (neither
// extension is added), and raw HTML not passed through (no
// html.WithUnsafe).
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// ErrRawHTML is returned by [Render] for Markdown holding raw HTML. The
// two renderers disagree on it: markdown-it with html: false shows it as
// escaped text, goldmark replaces it with "<!-- raw HTML omitted -->".
// [ToMarkdown] never writes any.
var ErrRawHTML = errors.New("the Markdown holds raw HTML, which markdown-it (html: false) shows as text and goldmark omits")

// Render renders Markdown src as Galaxy's client renders a
// format="markdown" help. It returns [ErrRawHTML] when src holds raw HTML
// (an HTML block or inline tag), on which goldmark and markdown-it differ.
func Render(src string) (string, error) {
	b := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(b))
	raw := false
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if k := n.Kind(); entering && (k == ast.KindHTMLBlock || k == ast.KindRawHTML) {
			raw = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if raw {
		return "", ErrRawHTML
	}
	var out bytes.Buffer
	if err := markdown.Renderer().Render(&out, b, doc); err != nil {
		return "", err
	}
	return out.String(), nil
}
