package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// quoteVerdict says which half of GTR020 owns an unquoted placeholder.
type quoteVerdict uint8

const (
	quoteFixable  quoteVerdict = iota + 1 // GTR020.1 quotes it
	quoteResidual                         // GTR020.2 reports it
)

// quoteSite is one occurrence of the GTR020 predicate: a placeholder that
// Cheetah renders into the shell text of <command> outside any shell
// quotes, and that refers to a tool parameter (an input or output, or a
// #for variable looping over one).
type quoteSite struct {
	verdict quoteVerdict
	kind    string   // the case, for messages and counts: "data", "output", "text", "chain", "loop", ...
	text    string   // the placeholder as written, "$input" or "${input}"
	span    cst.Span // its source bytes
	// What the message says, written by msg only for the sites a half
	// reports: most sites are the residual, which GTR020.2 alone reports.
	why    quoteWhy
	name   string // the placeholder's root name
	poison string // why the quoting state is uncertain, for "uncertain"
	cmd    *quoteCommand
}

// quoteWhy says which message a site has.
type quoteWhy uint8

const (
	whyFile       quoteWhy = iota // fixable: one file path
	whyLoop                       // a #for variable
	whyRebound                    // rebound by a directive
	whyChain                      // $x.y
	whyExpression                 // ${x(1)}, $x[0], ...
	whyNested                     // the name of a nested parameter only
	whyAmbiguous                  // declared more than once
	whyMacro                      // declared by a macro only
	whyBoolean                    // a boolean parameter
	whyNotFile                    // another parameter than a file path
	whyExpand                     // a file path declared inside an <expand>
	whyPlace                      // a file path where quoting is not provably safe: kind says why
	whyReference                  // a file path written with character references
)

// quoteCommand is what the messages of one command's sites read.
type quoteCommand struct {
	names       quoteNames
	bound       map[string]cheetah.Binding
	refuse      string
	interpreter string
	at          func(off int) int // the source line of a template offset
}

// commandQuoteSites is the one predicate both halves of GTR020 use. It
// returns every placeholder of the tool's <command> that is in shell
// context (literal template text, not a directive expression, comment,
// #raw body or #def body), outside shell quotes, and refers to a tool
// parameter, each with its verdict. A site is fixable when quoting it is
// provably behaviour-preserving: the value is one file path (a top-level
// data input that is not multiple, or a top-level <data> output, declared
// directly in the file and nowhere else), the placeholder is the bare name
// ($x, ${x}, $!x), the name is never rebound, the quoting state at that
// point does not depend on anything gtr cannot see, and the source bytes
// are the decoded text. Every other site is the residual.
//
// Commands whose Cheetah does not parse have no sites: without a parse
// there are no placeholders to speak of.
func commandQuoteSites(p *Pass) []quoteSite {
	return shared(p, "cmdquote", func() []quoteSite { return computeQuoteSites(p) })
}

func computeQuoteSites(p *Pass) []quoteSite {
	tool, ok := cst.ToolOf(p.Tree)
	cmd := tool.Command()
	// Only the tool's own <command>; one inside an <expand> belongs to a macro.
	if !ok || !cmd.IsValid() || cmd.Node().Parent() != tool.Node() {
		return nil
	}
	dec := cmd.Template()
	// Every placeholder starts with a "$": without one there is no site,
	// and the template need not be parsed.
	if !strings.Contains(dec.Text, "$") {
		return nil
	}
	tmpl := p.parseCommand(dec.Text)
	// A template Cheetah rejects has no trustworthy structure.
	if tmpl.Errors().Len() > 0 {
		return nil
	}
	w := &quoteWalk{tmpl: tmpl, q: &shellQuoting{}, at: func(off int) int {
		return p.Tree.Position(dec.Map.Source(off)).Line
	}}
	if cmd.HasElements() {
		w.refuse = "the <command> holds child elements, and Galaxy reads only the text before the first one"
	}
	// A site is a placeholder: size the list once for them all.
	placeholders := 0
	for n := range tmpl.Root().Descendants() {
		if n.Kind() == cheetah.KindPlaceholder {
			placeholders++
		}
	}
	// Without a placeholder there is no site.
	if placeholders == 0 {
		return nil
	}
	w.sites = make([]walkSite, 0, placeholders)
	w.macroTokens(tool)
	w.children(tmpl.Root())
	// Without a placeholder in unquoted shell text there is nothing to
	// judge, and the names of the tool need not be collected.
	unquoted := 0
	for _, ws := range w.sites {
		if ws.place == placeUnquoted || ws.place == placeNested {
			unquoted++
		}
	}
	if unquoted == 0 {
		return nil
	}
	// Only the names the sites use and those #for loops run over are
	// looked up: the tool's other declarations need not be collected.
	refs := forReferences(tmpl)
	wanted := make(map[string]bool, unquoted)
	// The descriptions of the unquoted placeholders, in the order of their
	// sites: read once, for the names wanted and for the sites.
	phs := make([]cheetah.Placeholder, 0, unquoted)
	for _, ws := range w.sites {
		if ws.place == placeUnquoted || ws.place == placeNested {
			ph, _ := ws.node.Placeholder()
			phs = append(phs, ph)
			wanted[ph.Name] = true
		}
	}
	for _, names := range refs {
		for _, name := range names {
			wanted[name] = true
		}
	}
	names := quoteNamesOf(tool, wanted)
	bound := map[string]cheetah.Binding{}
	for b := range tmpl.Bindings() {
		if _, ok := bound[b.Name]; !ok {
			bound[b.Name] = b
		}
	}
	loops := loopVarsOverParams(tmpl, refs, names)
	c := &quoteCommand{names: names, bound: bound, refuse: w.refuse, interpreter: cmd.Interpreter(), at: w.at}
	// Most unquoted placeholders name a parameter, and so are sites.
	out := make([]quoteSite, 0, unquoted)
	k := 0
	for _, ws := range w.sites {
		// Quoted values and arithmetic operands are not words to quote.
		if ws.place != placeUnquoted && ws.place != placeNested {
			continue
		}
		ph := phs[k]
		k++
		// Names that are no parameter of the tool (built-ins, #set
		// variables, names an imported macro may declare) are not ours.
		if !names.refers(ph.Name, bound, loops) {
			continue
		}
		sp := ph.Node.Span()
		text, at := tmpl.Source()[sp.Start:sp.End], cst.Span{Start: sp.Start, End: sp.End}
		s := quoteSite{verdict: quoteResidual, text: text, span: dec.Map.SourceSpan(at), name: ph.Name, cmd: c}
		s.kind, s.why = quoteReason(ph, text, names, bound, loops[ph.Name])
		if s.kind != "" {
			out = append(out, s)
			continue
		}
		switch s.kind = placeReason(ws, c.refuse, c.interpreter); {
		case s.kind != "":
			s.why, s.poison = whyPlace, ws.poison
		case !dec.Map.Verbatim(at):
			s.why, s.kind = whyReference, "reference"
		default:
			s.verdict, s.why, s.kind = quoteFixable, whyFile, names.top[ph.Name].first.kind
		}
		out = append(out, s)
	}
	return out
}

// quoteReason returns why the value behind a placeholder may not be a
// single word, or "" when it is one file path.
func quoteReason(ph cheetah.Placeholder, text string, names quoteNames, bound map[string]cheetah.Binding,
	isLoop bool) (string, quoteWhy) {
	if _, ok := bound[ph.Name]; ok {
		if isLoop {
			return "loop", whyLoop
		}
		return "rebound", whyRebound
	}
	if ph.Path != ph.Name {
		return "chain", whyChain
	}
	if !barePlaceholder(text, ph.Name) {
		return "expression", whyExpression
	}
	decls := names.top[ph.Name]
	switch {
	case decls.count == 0 && !names.macro[ph.Name]:
		return "nested", whyNested
	case decls.count > 1 || names.macro[ph.Name] && decls.count > 0:
		return "ambiguous", whyAmbiguous
	case decls.count == 0:
		return "macro", whyMacro
	}
	d := decls.first
	// A boolean renders its truevalue or falsevalue: often a flag or
	// nothing, and '' would pass an empty argument.
	if d.kind == "boolean" {
		return d.kind, whyBoolean
	}
	if !d.fileValued() {
		return d.kind, whyNotFile
	}
	if !d.direct {
		return "macro", whyExpand
	}
	return "", whyFile
}

// placeReason returns why a placeholder whose value is one file path still
// cannot be quoted safely where it stands, or "".
func placeReason(ws walkSite, refuse, interpreter string) string {
	switch {
	case refuse != "":
		return "command"
	case interpreter != "" && ws.first:
		return "interpreter"
	case ws.poison != "":
		return "uncertain"
	case ws.place == placeNested:
		return "nested-shell"
	case ws.dollar:
		return "dollar"
	case ws.fdDup:
		return "fd-dup"
	}
	return ""
}

// msg returns the site's message. Messages are concatenated rather than
// formatted: residual sites are many, and fmt boxes each argument.
func (s *quoteSite) msg() string {
	c, text, name := s.cmd, s.text, s.name
	unless := func() string { return "; quote it as '" + text + "' unless it must split into several words" }
	d := c.names.top[name].first
	switch s.why {
	case whyLoop:
		return text + " is a #for loop variable; quote it as '" + text + "' if each of its values is one word"
	case whyRebound:
		b := c.bound[name]
		return "$" + name + " names a parameter but is rebound by #" + b.Kind.String() +
			" on line " + strconv.Itoa(c.at(b.Span.Start)) + unless()
	case whyChain:
		return text + " reads an attribute of $" + name + " (" + c.names.describe(name) + ")" + unless()
	case whyExpression:
		return text + " computes a value from $" + name + " (" + c.names.describe(name) + ")" + unless()
	case whyNested:
		return text + " has the name of the nested parameter " + c.names.nested[name].Path() + unless()
	case whyAmbiguous:
		return text + " is declared more than once (in this file or its macros)" + unless()
	case whyMacro:
		return text + " is declared by a macro of this file" + unless()
	case whyBoolean:
		return text + " is a boolean parameter; quote it as '" + text + "' only if its truevalue and " +
			"falsevalue are each one word (an empty one must stay unquoted)"
	case whyNotFile:
		return text + " is " + d.describe() + unless()
	case whyExpand:
		return text + " is " + d.describe() + " declared inside an <expand>, whose macro decides where it ends up" + unless()
	case whyPlace:
		return s.placeMsg()
	case whyReference:
		return text + " is " + c.names.describe(name) + ", but it is written with character references here; quote it as '" +
			text + "' once the command is in CDATA (GTR018)"
	}
	return text + " is " + c.names.describe(name) + " (one file path); quote it as '" + text + "'"
}

// placeMsg is the message of a file path that cannot be quoted safely
// where it stands, by the kind placeReason gave it.
func (s *quoteSite) placeMsg() string {
	var why, advice string
	switch s.kind {
	case "command":
		why = s.cmd.refuse
	case "interpreter":
		why = fmt.Sprintf("with interpreter=%q Galaxy takes the first word of the command "+
			"as the script to run", s.cmd.interpreter)
		advice = "write the interpreter into the command first"
	case "uncertain":
		why = "the shell quoting around it depends on " + s.poison
	case "nested-shell":
		why = "it stands in a command substitution inside double quotes"
	case "dollar":
		why = "it follows a \"$\" (or a backslash), which a quote would join"
		advice = "separate it from that character before quoting it"
	case "fd-dup":
		why = "it follows >& or <&, where a word can name a file descriptor"
	}
	if advice == "" {
		advice = "quote it as '" + s.text + "' by hand"
	}
	return s.text + " is " + s.cmd.names.describe(s.name) + " (one file path), but gtr cannot prove quoting it safe: " + why + "; " + advice
}

// barePlaceholder reports whether text is $name, ${name}, $!name or
// $!{name}: nothing Cheetah would call, index or cache.
func barePlaceholder(text, name string) bool {
	s := strings.TrimPrefix(strings.TrimPrefix(text, "$"), "!")
	if inner, ok := strings.CutPrefix(s, "{"); ok {
		if s, ok = strings.CutSuffix(inner, "}"); !ok {
			return false
		}
	}
	return s == name
}

// forReferences returns the names each #for directive refers to, by the
// offset of the directive.
func forReferences(tmpl *cheetah.Template) map[int][]string {
	// Without a #for there are no loop variables, and the references need
	// not be collected.
	hasFor := false
	for b := range tmpl.Bindings() {
		if b.Kind == cheetah.BindFor {
			hasFor = true
			break
		}
	}
	if !hasFor {
		return nil
	}
	refs := map[int][]string{} // directive start → names it refers to
	for d := range tmpl.Directives() {
		if d.Name() != "for" {
			continue
		}
		// A directive holds placeholders, and no other nodes.
		for r := range d.References() {
			refs[d.Span().Start] = append(refs[d.Span().Start], r.Name)
		}
	}
	return refs
}

// loopVarsOverParams returns the #for variables whose loop expression
// refers to a tool parameter (directly or through an outer loop variable),
// given the names each #for refers to.
func loopVarsOverParams(tmpl *cheetah.Template, refs map[int][]string, names quoteNames) map[string]bool {
	if refs == nil {
		return nil
	}
	loops := map[string]bool{}
	// Two rounds reach a variable looping over an outer loop's variable
	// declared later in the text, which nesting makes rare.
	for range 2 {
		for b := range tmpl.Bindings() {
			if b.Kind != cheetah.BindFor {
				continue
			}
			for _, name := range refs[b.Directive] {
				if names.known(name) || loops[name] {
					loops[b.Name] = true
				}
			}
		}
	}
	return loops
}
