package rst

import (
	"strings"
)

// optConv converts a directive option's value; it returns docutils'
// message when the value is invalid.
type optConv func(value string, present bool) (string, string)

// directiveSpec describes a directive as docutils' Directive class
// attributes do.
type directiveSpec struct {
	required, optional int
	finalWhitespace    bool
	options            map[string]optConv
	hasContent         bool
	run                func(m *machine, dv *dirCall) []*Node
}

// dirCall is one use of a directive: its parsed arguments, options and
// content.
type dirCall struct {
	name          string
	args          []string
	opts          map[string]string
	optOrder      []string
	content       lines
	contentOffset int
	lineno        int
	blockText     string
	span          cstSpanT
}

// has reports whether option name was given.
func (dv *dirCall) has(name string) bool {
	_, ok := dv.opts[name]
	return ok
}

// directive reads a directive (Body.directive and run_directive).
func (m *machine) directive(name string, end int, presets map[string]string) ([]*Node, bool) {
	spec, ok := m.d.lookupDirective(name, m)
	if !ok {
		return m.unknownDirective(name)
	}
	lineno := m.absLineNumber()
	start := m.pos
	cur := m.curLine()
	block, _, offset, bf := m.getFirstKnownIndented(end, false, true, false)
	blockText := m.input[start : m.pos+1].join()
	sp := m.d.lineSpan(cur)
	if len(block) > 0 {
		if e := m.d.span(block).End; e > sp.End {
			sp.End = e
		}
	}
	dv, err := m.parseDirectiveBlock(block, offset, spec, presets)
	if err != "" {
		msg := m.d.errorMsg(lineno, `Error in "`+name+`" directive:`+"\n"+err+".", blockText)
		return []*Node{msg}, bf
	}
	dv.name = name
	dv.lineno = lineno
	dv.blockText = blockText
	dv.span = sp
	result := spec.run(m, dv)
	return result, bf || m.isNextLineBlank()
}

// lookupDirective finds a directive by name as docutils'
// directives.directive does, reporting the INFO messages it reports for
// names that are not English directive names.
func (d *doc) lookupDirective(name string, m *machine) (*directiveSpec, bool) {
	norm := strings.ToLower(name)
	canonical, known := directiveAliases[norm]
	if !known {
		m.add(d.info(d.currentLine, `No directive entry for "`+name+`" in module "docutils.parsers.rst.languages.en".`+"\n"+`Trying "`+name+`" as canonical directive name.`))
		canonical = norm
	}
	spec, ok := directiveRegistry[canonical]
	return spec, ok
}

// unknownDirective reports an unknown directive and skips its block
// (Body.unknown_directive).
func (m *machine) unknownDirective(name string) ([]*Node, bool) {
	lineno := m.absLineNumber()
	block, _, _, bf := m.getFirstKnownIndented(0, false, false, true)
	t := block.join()
	return []*Node{m.d.errorMsg(lineno, `Unknown directive type "`+name+`".`, t)}, bf
}

// parseDirectiveBlock splits a directive's block into arguments, options
// and content (Body.parse_directive_block).
func (m *machine) parseDirectiveBlock(block lines, offset int, spec *directiveSpec, presets map[string]string) (*dirCall, string) {
	if len(block) > 0 && isBlank(block[0].s) {
		block = block[1:]
		offset++
	}
	for len(block) > 0 && isBlank(block[len(block)-1].s) {
		block = block[:len(block)-1]
	}
	var argBlock, content lines
	contentOffset := offset
	hasArgs := spec.required > 0 || spec.optional > 0
	i := 0
	if len(block) > 0 && (hasArgs || spec.options != nil) {
		for i = 0; i < len(block); i++ {
			if isBlank(block[i].s) {
				break
			}
		}
		argBlock = block[:i]
		if i+1 <= len(block) {
			content = block[min(i+1, len(block)):]
		}
		contentOffset = offset + i + 1
	} else {
		content = block
	}
	dv := &dirCall{opts: map[string]string{}}
	for k, v := range presets {
		dv.opts[k] = v
	}
	if spec.options != nil {
		for j := range argBlock {
			if _, ok := matchFieldMarker(argBlock[j].s); ok {
				optBlock := argBlock[j:]
				argBlock = argBlock[:j]
				if err := m.parseOptions(spec, optBlock, dv); err != "" {
					return nil, err
				}
				break
			}
		}
	}
	if len(argBlock) > 0 && !hasArgs {
		content = append(argBlock.clone(), block[min(i, len(block)):]...)
		contentOffset = offset
		argBlock = nil
	}
	for len(content) > 0 && isBlank(content[0].s) {
		content = content[1:]
		contentOffset++
	}
	if hasArgs {
		text := argBlock.join()
		args := strings.FieldsFunc(text, isSpace)
		if len(args) < spec.required {
			return nil, itoa(spec.required) + " argument(s) required, " + itoa(len(args)) + " supplied"
		}
		if len(args) > spec.required+spec.optional {
			if !spec.finalWhitespace {
				return nil, "maximum " + itoa(spec.required+spec.optional) + " argument(s) allowed, " + itoa(len(args)) + " supplied"
			}
			args = splitN(text, spec.required+spec.optional)
		}
		dv.args = args
	}
	if len(content) > 0 && !spec.hasContent {
		return nil, "no content permitted"
	}
	dv.content = content
	dv.contentOffset = contentOffset
	return dv, ""
}

// splitN splits s at whitespace into at most n fields, as Python's
// str.split(None, n-1) does.
func splitN(s string, n int) []string {
	var out []string
	s = lstrip(s)
	for len(out) < n-1 && s != "" {
		i := strings.IndexFunc(s, isSpace)
		if i < 0 {
			break
		}
		out = append(out, s[:i])
		s = lstrip(s[i:])
	}
	if s != "" {
		out = append(out, rstrip(s))
	}
	return out
}

// parseOptions reads a directive's option field list
// (Body.parse_extension_options).
func (m *machine) parseOptions(spec *directiveSpec, block lines, dv *dirCall) string {
	node := m.d.newNode(KindFieldList, m.d.span(block))
	sm := m.d.newMachine(block, 0, node, stExtensionOptions, false)
	sm.blankFinish = true
	sm.run()
	off, bf := sm.absLineOffset(), sm.blankFinish
	m.d.freeMachine(sm)
	if off != len(block) {
		return "invalid option block"
	}
	for _, f := range node.Children {
		if f.Kind != KindField || len(f.Children) < 2 {
			continue
		}
		nameText := f.Children[0].AsText()
		if len(strings.FieldsFunc(nameText, isSpace)) != 1 {
			return "invalid option data: extension option field name may not contain multiple words"
		}
		name := strings.ToLower(nameText)
		body := f.Children[1]
		present := true
		value := ""
		switch {
		case len(body.Children) == 0:
			present = false
		case len(body.Children) > 1 || body.Children[0].Kind != KindParagraph ||
			len(body.Children[0].Children) != 1 || body.Children[0].Children[0].Kind != KindText:
			return "invalid option data: extension option field body may contain\na single paragraph only (option \"" + name + "\")"
		default:
			value = body.Children[0].Children[0].Text
		}
		conv, ok := spec.options[name]
		if !ok {
			return `unknown option: "` + name + `"`
		}
		if _, dup := dv.opts[name]; dup && !contains(dv.optOrder, name) {
			delete(dv.opts, name)
		}
		if contains(dv.optOrder, name) {
			return `invalid option data: duplicate option "` + name + `"`
		}
		v, err := conv(value, present)
		if err != "" {
			shown := "None"
			if present {
				shown = pyRepr(value)
			}
			return "invalid option value: (option: \"" + name + "\"; value: " + shown + ")\n" + err
		}
		dv.opts[name] = v
		dv.optOrder = append(dv.optOrder, name)
	}
	if !bf {
		return "option data incompletely parsed"
	}
	return ""
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pyRepr quotes s as Python's repr does for simple strings.
func pyRepr(s string) string {
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}
