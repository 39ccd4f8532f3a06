package helpmd

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// Equivalent reports whether Markdown md, rendered as markdown-it renders
// it, shows what RST document doc, rendered as docutils renders it,
// shows: the two [Skeleton]s are equal. Otherwise it returns the first
// difference, as "PATH: got X, want Y" with X what the Markdown renders
// and Y what the RST renders.
func Equivalent(doc *rst.Document, md string) (bool, string) {
	html, err := Render(md)
	if err != nil {
		return false, err.Error()
	}
	want := Skeleton(rst.HTML(doc))
	got := Skeleton(html)
	if d := rst.FirstDiff(got, want, ""); d != "" {
		return false, d
	}
	return true, ""
}

// ConvertText converts an RST help text to Markdown when it is valid RST
// (or GTR089.1's repairs make it valid: they render the same HTML),
// every construct it holds converts, and the Markdown renders to the
// RST's skeleton. Otherwise skip says why: docutils' first problem, the
// first construct that cannot be converted, or the first difference of
// the skeletons.
func ConvertText(help string) (md string, skip string) {
	doc, m := readValid(help)
	if m != nil {
		return "", "the help is not valid reStructuredText, and GTR089.1 cannot repair it (" + strings.Join(strings.Fields(m.String()), " ") + ")"
	}
	out, err := ToMarkdown(doc)
	if err != nil {
		return "", "not provably render-equivalent: " + err.Error()
	}
	if strings.TrimSpace(out) == "" {
		return "", "the help renders nothing (comments, targets or bibliographic fields only)"
	}
	if ok, d := Equivalent(doc, out); !ok {
		return "", "not provably render-equivalent: the renderings differ at " + diffWords(d)
	}
	return out, ""
}

// readValid reads help as docutils does, through GTR089.1's repairs when
// it is invalid (rst.RepairText: each repair renders the HTML the text
// rendered), and returns the document, or the first problem the repairs
// leave.
func readValid(help string) (*rst.Document, *rst.Message) {
	doc := rst.Parse(help)
	if doc.Invalid() == nil {
		return doc, nil
	}
	r := rst.RepairText(help)
	if m := r.After.Invalid(); m != nil {
		return nil, m
	}
	return r.After, nil
}

// diffWords rewords a FirstDiff of the Markdown's skeleton against the
// RST's: "PATH: the Markdown renders X where the RST renders Y".
func diffWords(d string) string {
	path, rest, ok := strings.Cut(d, ": got ")
	i := strings.LastIndex(rest, ", want ")
	if !ok || i < 0 {
		return d
	}
	return path + ": the Markdown renders " + rest[:i] + " where the RST renders " + rest[i+len(", want "):]
}
