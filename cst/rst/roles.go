package rst

import "strings"

// roleAliases maps the English role names (docutils' languages/en.py) to
// canonical role names.
var roleAliases = map[string]string{
	"abbreviation": "abbreviation", "ab": "abbreviation", "acronym": "acronym", "ac": "acronym",
	"code": "code", "index": "index", "i": "index", "subscript": "subscript", "sub": "subscript",
	"superscript": "superscript", "sup": "superscript", "title-reference": "title-reference",
	"title": "title-reference", "t": "title-reference", "pep-reference": "pep-reference",
	"pep": "pep-reference", "rfc-reference": "rfc-reference", "rfc": "rfc-reference",
	"emphasis": "emphasis", "strong": "strong", "literal": "literal", "math": "math",
	"named-reference": "named-reference", "anonymous-reference": "anonymous-reference",
	"footnote-reference": "footnote-reference", "citation-reference": "citation-reference",
	"substitution-reference": "substitution-reference", "target": "target",
	"uri-reference": "uri-reference", "uri": "uri-reference", "url": "uri-reference", "raw": "raw",
}

// genericRoles maps the roles that wrap their text in one node to that
// node's kind.
var genericRoles = map[string]Kind{
	"abbreviation": KindAbbreviation, "acronym": KindAcronym, "emphasis": KindEmphasis,
	"literal": KindLiteral, "strong": KindStrong, "subscript": KindSubscript,
	"superscript": KindSuperscript, "title-reference": KindTitleReference,
}

// unimplementedRoles are registered by docutils but report an error.
var unimplementedRoles = map[string]bool{
	"index": true, "named-reference": true, "anonymous-reference": true,
	"footnote-reference": true, "citation-reference": true, "substitution-reference": true,
	"target": true, "uri-reference": true, "restructuredtext-unimplemented-role": true,
}

// role applies an interpreted text role to s[ts:te]; [rs, end) is the
// whole construct (Inliner.interpreted and docutils' role functions).
func (in *inliner) role(role string, rs, end, ts, te int) ([]*Node, []*Node) {
	var msgs []*Node
	norm := strings.ToLower(role)
	canonical := ""
	switch {
	case role == "":
		canonical = in.d.defaultRole
	default:
		c, ok := roleAliases[norm]
		if !ok {
			msgs = append(msgs, in.d.info(in.lineno, `No role entry for "`+role+`" in module "docutils.parsers.rst.languages.en".`+"\n"+`Trying "`+role+`" as canonical role name.`))
			c = norm
		}
		canonical = c
	}
	s := in.s
	text := s[ts:te]
	sp := in.span(rs, end)
	if k, ok := genericRoles[canonical]; ok {
		return []*Node{in.d.newNode(k, sp, in.d.newText(unescape(text, false), in.span(ts, te)))}, msgs
	}
	switch {
	case canonical == "code":
		n := in.d.newNode(KindLiteral, sp, in.d.newText(unescape(text, true), in.span(ts, te)))
		n.Classes = []string{"code"}
		return []*Node{n}, msgs
	case canonical == "math":
		return []*Node{in.d.newNode(KindMath, sp, in.d.newText(unescape(text, true), in.span(ts, te)))}, msgs
	case canonical == "pep-reference" || canonical == "rfc-reference":
		return in.numberedReference(canonical, text, rs, end, ts, te, msgs)
	case canonical == "raw":
		msg := in.d.errorMsg(in.lineno, "No format (Writer name) is associated with this role: \""+role+"\".\n"+
			"The \"raw\" role cannot be used directly.\nInstead, use the \"role\" directive to create a new role with an associated format.")
		return []*Node{in.problematic(rs, end, msg)}, append(msgs, msg)
	case unimplementedRoles[canonical]:
		msg := in.d.errorMsg(in.lineno, `Interpreted text role "`+role+`" not implemented.`)
		return []*Node{in.problematic(rs, end, msg)}, append(msgs, msg)
	}
	msg := in.d.errorMsg(in.lineno, `Unknown interpreted text role "`+role+`".`)
	return []*Node{in.problematic(rs, end, msg)}, append(msgs, msg)
}

// numberedReference is the pep and rfc roles.
func (in *inliner) numberedReference(canonical, text string, rs, end, ts, te int, msgs []*Node) ([]*Node, []*Node) {
	t := unescape(text, false)
	num := t
	anchor := ""
	if canonical == "rfc-reference" {
		if i := strings.IndexByte(t, '#'); i >= 0 {
			num, anchor = t[:i], "#"+t[i+1:]
		}
	}
	n := 0
	valid := num != ""
	for i := 0; i < len(num); i++ {
		if num[i] < '0' || num[i] > '9' {
			valid = false
			break
		}
		n = n*10 + int(num[i]-'0')
	}
	if !valid || (canonical == "pep-reference" && (n < 0 || n > 9999)) || (canonical == "rfc-reference" && n <= 0) {
		what := "PEP number must be a number from 0 to 9999; \"" + t + "\" is invalid."
		if canonical == "rfc-reference" {
			what = "RFC number must be a number greater than or equal to 1; \"" + t + "\" is invalid."
		}
		msg := in.d.errorMsg(in.lineno, what)
		return []*Node{in.problematic(rs, end, msg)}, append(msgs, msg)
	}
	var uri, label string
	if canonical == "pep-reference" {
		uri = "https://peps.python.org/pep-" + leftPad(itoa(n), 4) + "/"
		label = "PEP " + t
	} else {
		uri = "https://tools.ietf.org/html/rfc" + itoa(n) + ".html" + anchor
		label = "RFC " + num
	}
	ref := in.d.newNode(KindReference, in.span(rs, end), in.d.newText(label, in.span(ts, te)))
	ref.Classes = []string{strings.TrimSuffix(canonical, "-reference")}
	ref.Set("refuri", uri)
	return []*Node{ref}, msgs
}

// leftPad pads s with zeros to n characters.
func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}
