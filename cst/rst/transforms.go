package rst

import "strings"

// transform applies the transforms of docutils' standalone reader that
// change what Galaxy renders or reports, in docutils' priority order.
func (d *doc) transform() {
	d.classAttributes() // misc.ClassAttribute, 210
	d.substitutions()   // references.Substitutions, 220
	// The targets in the tree once the substitutions are made: the
	// transforms up to InternalTargets neither add nor remove one.
	var targets []*Node
	if d.sawTarget {
		targets = d.findAll(KindTarget)
	}
	d.propagateTargets(targets) // references.PropagateTargets, 260
	d.docinfo()                 // frontmatter.DocInfo, 340
	d.anonymousLinks()          // references.AnonymousHyperlinks, 440
	d.indirectLinks()           // references.IndirectHyperlinks, 460
	d.footnotesXform()          // references.Footnotes, 620
	d.externalTargets(targets)  // references.ExternalTargets, 640
	d.internalTargets(targets)  // references.InternalTargets, 660
	d.contents()                // parts.Contents, 720
	d.transitions()             // misc.Transitions, 830
	d.danglingRefs()            // references.DanglingReferences, 850
	d.filterMessages()          // universal.FilterMessages, 870
	d.unescapeText()
}

// nodeLine returns the line of n or of its nearest ancestor with one.
func nodeLine(n *Node) int {
	for ; n != nil; n = n.Parent {
		if n.Line > 0 {
			return n.Line
		}
	}
	return 0
}

// findAll returns the nodes of kind k in document order.
func (d *doc) findAll(k Kind) []*Node {
	var out []*Node
	d.root.Walk(func(n *Node) bool {
		if n.Kind == k {
			out = append(out, n)
		}
		return true
	})
	return out
}

// Invisible reports whether k is a docutils Invisible element (a
// comment, substitution definition, target or pending node): html4css1
// renders none of them, and they do not count as a paragraph's siblings
// when it decides whether to write the paragraph without <p>.
func (k Kind) Invisible() bool {
	return k == KindComment || k == KindSubstitutionDefinition || k == KindTarget || k == KindPending
}

// isInline reports whether k is a docutils Inline element.
func (k Kind) isInline() bool {
	switch k {
	case KindTarget, KindRaw, KindEmphasis, KindStrong, KindLiteral, KindReference,
		KindFootnoteReference, KindCitationReference, KindSubstitutionReference,
		KindTitleReference, KindAbbreviation, KindAcronym, KindSuperscript, KindSubscript,
		KindMath, KindImage, KindInline, KindProblematic, KindGenerated:
		return true
	}
	return false
}

// classAttributes gives the classes of a content-less class directive to
// the next element (misc.ClassAttribute).
func (d *doc) classAttributes() {
	for _, p := range d.pendingClasses {
		if p.Parent == nil {
			continue
		}
		cls := strings.Fields(p.Get("class"))
		done := false
		child, parent := p, p.Parent
		for parent != nil && !done {
			for i := parent.Index(child) + 1; i < len(parent.Children); i++ {
				el := parent.Children[i]
				if el.Kind.Invisible() || el.Kind == KindSystemMessage {
					continue
				}
				el.Classes = append(el.Classes, cls...)
				p.Parent.Remove(p)
				done = true
				break
			}
			child, parent = parent, parent.Parent
		}
		if !done {
			msg := d.errorMsg(nodeLine(p), `No suitable element following "class" directive`, "")
			p.Parent.Replace(p, msg)
		}
	}
}

// substitutions replaces substitution references by the definitions'
// contents (references.Substitutions).
func (d *doc) substitutions() {
	if !d.sawSubstitutionRef {
		return
	}
	refs := d.findAll(KindSubstitutionReference)
	nested := map[string][]string{}
	for i := 0; i < len(refs); i++ {
		ref := refs[i]
		if ref.Parent == nil {
			continue
		}
		refname := ref.Get("refname")
		key, ok := refname, false
		if _, ok = d.substitutionDefs[refname]; !ok {
			key, ok = d.substitutionNames[strings.ToLower(refname)]
		}
		if !ok {
			msg := d.errorMsg(nodeLine(ref), `Undefined substitution referenced: "`+refname+`".`)
			d.replaceProblematic(ref, msg)
			continue
		}
		def := d.substitutionDefs[key]
		parent := ref.Parent
		idx := parent.Index(ref)
		if def.Has("ltrim") && idx > 0 && parent.Children[idx-1].Kind == KindText {
			parent.Children[idx-1].Text = rstrip(parent.Children[idx-1].Text)
		}
		if def.Has("rtrim") && idx+1 < len(parent.Children) && parent.Children[idx+1].Kind == KindText {
			parent.Children[idx+1].Text = lstrip(parent.Children[idx+1].Text)
		}
		kids := deepCopyChildren(def)
		circular := false
		var nestedRefs []*Node
		for _, k := range kids {
			k.Walk(func(n *Node) bool {
				if n.Kind != KindSubstitutionReference || circular {
					return !circular
				}
				name := d.substitutionNames[strings.ToLower(n.Get("refname"))]
				if contains(nested[name], key) || contains(nested[name], name) && name == key {
					circular = true
					return false
				}
				if contains(nested[name], name) {
					circular = true
					return false
				}
				nested[name] = append(nested[name], key)
				nestedRefs = append(nestedRefs, n)
				return true
			})
		}
		if circular || len(refs) > maxSubstitutions {
			msg := d.errorMsg(nodeLine(ref), `Circular substitution definition referenced: "`+refname+`".`)
			d.replaceProblematic(ref, msg)
			continue
		}
		refs = append(refs, nestedRefs...)
		ref.Parent.Replace(ref, kids...)
		for _, k := range kids {
			if (k.Kind == KindReference || k.Kind == KindFootnoteReference || k.Kind == KindCitationReference) && k.Has("refname") {
				d.noteRefname(k)
			}
		}
	}
}

// maxSubstitutions bounds the substitution references one document
// expands, nested ones included.
const maxSubstitutions = 10000

// deepCopyChildren copies the children of n.
func deepCopyChildren(n *Node) []*Node {
	out := make([]*Node, len(n.Children))
	for i, c := range n.Children {
		out[i] = deepCopy(c)
	}
	return out
}

// deepCopy copies n and its subtree.
func deepCopy(n *Node) *Node {
	c := *n
	c.IDs = append([]string(nil), n.IDs...)
	c.Names = append([]string(nil), n.Names...)
	c.Classes = append([]string(nil), n.Classes...)
	if n.Attrs != nil {
		c.Attrs = make(map[string]string, len(n.Attrs))
		for k, v := range n.Attrs {
			c.Attrs[k] = v
		}
	}
	c.Children = nil
	c.Parent = nil
	for _, k := range n.Children {
		c.Append(deepCopy(k))
	}
	return &c
}

// replaceProblematic replaces ref by a problematic node linked to msg.
func (d *doc) replaceProblematic(ref, msg *Node) {
	msgid := d.setID(msg, nil)
	prb := d.newNode(KindProblematic, ref.Span, d.newText(rawText(ref), ref.Span))
	prb.Set("refid", msgid)
	prbid := d.setID(prb, nil)
	msg.Backrefs = append(msg.Backrefs, prbid)
	if ref.Parent != nil {
		ref.Parent.Replace(ref, prb)
	}
}

// nextNodeAfter returns the node after n in document order that is not
// below it (next_node(ascend=True, descend=False)).
func nextNodeAfter(n *Node) *Node {
	for ; n.Parent != nil; n = n.Parent {
		if i := n.Parent.Index(n); i+1 < len(n.Parent.Children) {
			return n.Parent.Children[i+1]
		}
	}
	return nil
}

// propagateTargets moves the ids and names of block-level targets without
// a reference to the element after them (references.PropagateTargets);
// targets are the targets of the tree.
func (d *doc) propagateTargets(targets []*Node) {
	for _, t := range targets {
		if (t.Parent != nil && textElements[t.Parent.Kind]) || t.Has("refid") || t.Has("refuri") || t.Has("refname") {
			continue
		}
		next := nextNodeAfter(t)
		if len(t.Children) > 0 {
			continue
		}
		for next != nil && next.Kind == KindSystemMessage {
			next = nextNodeAfter(next)
		}
		if next == nil || (next.Kind.Invisible() || next.Kind == KindFootnote || next.Kind == KindCitation) && next.Kind != KindTarget {
			continue
		}
		next.IDs = append(next.IDs, t.IDs...)
		next.Names = append(next.Names, t.Names...)
		for _, id := range t.IDs {
			put(&d.ids, id, next)
		}
		if len(t.IDs) > 0 {
			t.Set("refid", t.IDs[0])
		}
		t.IDs, t.Names = nil, nil
		d.noteRefid(t)
	}
}

// anonymousLinks pairs anonymous references with anonymous targets
// (references.AnonymousHyperlinks).
func (d *doc) anonymousLinks() {
	if !d.sawAnonymous {
		return // no anonymous references or targets to pair
	}
	// One walk collects both: it changes nothing.
	var refs, targets []*Node
	d.root.Walk(func(n *Node) bool {
		switch {
		case n.Kind == KindReference && n.Has("anonymous"):
			refs = append(refs, n)
		case n.Kind == KindTarget && n.Has("anonymous"):
			targets = append(targets, n)
		}
		return true
	})
	if len(refs) != len(targets) {
		msg := d.errorMsg(0, "Anonymous hyperlink mismatch: "+itoa(len(refs))+" references but "+itoa(len(targets))+" targets.\nSee \"backrefs\" attribute for IDs.")
		d.root.Append(msg)
		for _, r := range refs {
			d.replaceProblematic(r, msg)
		}
		return
	}
	for i, ref := range refs {
		t := targets[i]
		t.referenced = true
		for {
			if t.Has("refuri") {
				ref.Set("refuri", t.Get("refuri"))
				ref.resolved = true
				break
			}
			if len(t.IDs) == 0 {
				next, ok := d.ids[t.Get("refid")]
				if !ok {
					break
				}
				t = next
				continue
			}
			ref.Set("refid", t.IDs[0])
			d.noteRefid(ref)
			break
		}
	}
}

// indirectLinks resolves indirect targets and the references to them
// (references.IndirectHyperlinks).
func (d *doc) indirectLinks() {
	for _, t := range d.indirectTargets {
		if !t.resolved {
			d.resolveIndirectTarget(t, map[*Node]bool{})
		}
		d.resolveIndirectReferences(t)
	}
}

func (d *doc) resolveIndirectTarget(t *Node, seen map[*Node]bool) {
	refname, hasName := t.Attrs["refname"]
	var id string
	if !hasName {
		id = t.Get("refid")
	} else {
		id = d.nameids[refname]
		if id == "" {
			d.nonexistentIndirect(t)
			return
		}
	}
	rt, ok := d.ids[id]
	if !ok {
		d.nonexistentIndirect(t)
		return
	}
	rt.referenced = true
	if rt.Kind == KindTarget && !rt.resolved && rt.Has("refname") {
		if seen[t] {
			d.indirectTargetError(t, "forming a circular reference")
			return
		}
		seen[t] = true
		d.resolveIndirectTarget(rt, seen)
		delete(seen, t)
	}
	switch {
	case rt.Has("refuri"):
		t.Set("refuri", rt.Get("refuri"))
		t.Del("refid")
	case rt.Has("refid"):
		t.Set("refid", rt.Get("refid"))
		d.noteRefid(t)
	case len(rt.IDs) > 0:
		t.Set("refid", id)
		d.noteRefid(t)
	default:
		d.nonexistentIndirect(t)
		return
	}
	if hasName {
		t.Del("refname")
	}
	t.resolved = true
}

func (d *doc) nonexistentIndirect(t *Node) {
	if d.hasName(t.Get("refname")) {
		d.indirectTargetError(t, "which is a duplicate, and cannot be used as a unique reference")
	} else {
		d.indirectTargetError(t, "which does not exist")
	}
}

func (d *doc) indirectTargetError(t *Node, explanation string) {
	naming := ""
	var reflist []*Node
	if len(t.Names) > 0 {
		naming = `"` + t.Names[0] + `" `
	}
	for _, name := range t.Names {
		reflist = append(reflist, d.refnames[name]...)
	}
	for _, id := range t.IDs {
		reflist = append(reflist, d.refids[id]...)
	}
	if len(t.IDs) > 0 {
		naming += `(id="` + t.IDs[0] + `")`
	}
	msg := d.errorMsg(nodeLine(t), "Indirect hyperlink target "+naming+` refers to target "`+t.Get("refname")+`", `+explanation+".")
	d.root.Append(msg)
	seen := map[*Node]bool{}
	for _, r := range reflist {
		if seen[r] || r.Kind == KindTarget {
			continue
		}
		seen[r] = true
		d.replaceProblematic(r, msg)
	}
	t.resolved = true
}

func (d *doc) resolveIndirectReferences(t *Node) {
	att := ""
	switch {
	case t.Has("refid"):
		att = "refid"
	case t.Has("refuri"):
		att = "refuri"
	default:
		return
	}
	val := t.Get(att)
	apply := func(list []*Node, del string) {
		for _, ref := range list {
			if ref.resolved {
				continue
			}
			ref.Del(del)
			ref.Set(att, val)
			if att == "refid" {
				d.noteRefid(ref)
			}
			ref.resolved = true
			if ref.Kind == KindTarget {
				d.resolveIndirectReferences(ref)
			}
		}
	}
	for _, name := range t.Names {
		if list := d.refnames[name]; len(list) > 0 {
			t.referenced = true
			apply(list, "refname")
		}
	}
	for _, id := range t.IDs {
		if list := d.refids[id]; len(list) > 0 {
			t.referenced = true
			apply(list, "refid")
		}
	}
}

// footnoteSymbols are docutils' auto-symbol footnote labels.
var footnoteSymbols = []string{"*", "\u2020", "\u2021", "\u00a7", "\u00b6", "#", "\u2660", "\u2665", "\u2666", "\u2663"}

// footnotesXform numbers auto-numbered footnotes and resolves footnote
// and citation references (references.Footnotes).
func (d *doc) footnotesXform() {
	var labels []string
	start := 1
	for _, fn := range d.autofootnotes {
		var label string
		for {
			label = itoa(start)
			start++
			if !d.hasName(label) {
				break
			}
		}
		fn.Insert(0, d.newNode(KindLabel, fn.Span, d.newText(label, fn.Span)))
		for _, name := range fn.Names {
			for _, ref := range d.footnoteRefs[name] {
				ref.Append(d.newText(label, ref.Span))
				ref.Del("refname")
				if len(fn.IDs) > 0 && len(ref.IDs) > 0 {
					ref.Set("refid", fn.IDs[0])
					fn.Backrefs = append(fn.Backrefs, ref.IDs[0])
				}
				d.noteRefid(ref)
				ref.resolved = true
			}
		}
		if len(fn.Names) == 0 && len(fn.DupNames) == 0 {
			fn.Names = append(fn.Names, label)
			d.noteExplicitTarget(fn, fn)
			labels = append(labels, label)
		}
	}
	i := 0
	for k, ref := range d.autofootnoteRefs {
		if ref.resolved || ref.Has("refid") {
			continue
		}
		if i >= len(labels) {
			msg := d.errorMsg(nodeLine(ref), "Too many autonumbered footnote references: only "+itoa(len(labels))+" corresponding footnotes available.")
			d.root.Append(msg)
			for _, r := range d.autofootnoteRefs[k:] {
				if r.resolved || r.Has("refname") {
					continue
				}
				d.replaceProblematic(r, msg)
			}
			break
		}
		label := labels[i]
		ref.Append(d.newText(label, ref.Span))
		id := d.nameids[label]
		if fn, ok := d.ids[id]; ok && len(ref.IDs) > 0 {
			ref.Set("refid", id)
			d.noteRefid(ref)
			fn.Backrefs = append(fn.Backrefs, ref.IDs[0])
		}
		ref.resolved = true
		i++
	}
	var symLabels []string
	for _, fn := range d.symbolFootnotes {
		reps, idx := d.symbolStart/len(footnoteSymbols), d.symbolStart%len(footnoteSymbols)
		label := strings.Repeat(footnoteSymbols[idx], reps+1)
		symLabels = append(symLabels, label)
		fn.Insert(0, d.newNode(KindLabel, fn.Span, d.newText(label, fn.Span)))
		d.symbolStart++
		d.setID(fn, nil)
	}
	for k, ref := range d.symbolFootnoteRefs {
		if k >= len(symLabels) {
			msg := d.errorMsg(nodeLine(ref), "Too many symbol footnote references: only "+itoa(len(symLabels))+" corresponding footnotes available.")
			d.root.Append(msg)
			for _, r := range d.symbolFootnoteRefs[k:] {
				if r.resolved || r.Has("refid") {
					continue
				}
				d.replaceProblematic(r, msg)
			}
			break
		}
		ref.Append(d.newText(symLabels[k], ref.Span))
		fn := d.symbolFootnotes[k]
		if len(fn.IDs) > 0 && len(ref.IDs) > 0 {
			ref.Set("refid", fn.IDs[0])
			d.noteRefid(ref)
			fn.Backrefs = append(fn.Backrefs, ref.IDs[0])
		}
	}
	resolve := func(note *Node, refs []*Node) {
		if len(note.IDs) == 0 {
			return
		}
		for _, ref := range refs {
			if ref.resolved {
				continue
			}
			ref.Del("refname")
			ref.Set("refid", note.IDs[0])
			if len(ref.IDs) > 0 {
				note.Backrefs = append(note.Backrefs, ref.IDs[0])
			}
			ref.resolved = true
		}
		note.resolved = true
	}
	for _, fn := range d.footnotes {
		for _, label := range fn.Names {
			if refs, ok := d.footnoteRefs[label]; ok {
				resolve(fn, refs)
			}
		}
	}
	for _, c := range d.citations {
		for _, label := range c.Names {
			if refs, ok := d.citationRefs[label]; ok {
				resolve(c, refs)
			}
		}
	}
}

// externalTargets resolves references to targets with URIs
// (references.ExternalTargets); targets are the targets of the tree.
func (d *doc) externalTargets(targets []*Node) {
	for _, t := range targets {
		if !t.Has("refuri") {
			continue
		}
		for _, name := range t.Names {
			list := d.refnames[name]
			if len(list) > 0 {
				t.referenced = true
			}
			for _, ref := range list {
				if ref.resolved {
					continue
				}
				ref.Del("refname")
				ref.Set("refuri", t.Get("refuri"))
				ref.resolved = true
			}
		}
	}
}

// internalTargets resolves references to targets inside the document
// (references.InternalTargets); targets are the targets of the tree.
func (d *doc) internalTargets(targets []*Node) {
	for _, t := range targets {
		if t.Has("refuri") || t.Has("refid") {
			continue
		}
		for _, name := range t.Names {
			refid := d.nameids[name]
			list := d.refnames[name]
			if len(list) > 0 {
				t.referenced = true
			}
			for _, ref := range list {
				if ref.resolved {
					continue
				}
				if refid != "" {
					ref.Del("refname")
					ref.Set("refid", refid)
				}
				ref.resolved = true
			}
		}
	}
}

// transitions checks where transitions stand and moves a transition that
// ends a section to after it (misc.Transitions).
func (d *doc) transitions() {
	if !d.sawTransition {
		return
	}
	for _, n := range d.findAll(KindTransition) {
		p := n.Parent
		idx := p.Index(n)
		var msg *Node
		if idx == 0 || p.Children[0].Kind == KindTitle && (idx == 1 || p.Children[1].Kind == KindSubtitle && idx == 2) {
			msg = d.errorMsg(n.Line, "Document or section may not begin with a transition.")
		} else if p.Children[idx-1].Kind == KindTransition {
			msg = d.errorMsg(n.Line, "At least one body element must separate transitions; adjacent transitions are not allowed.")
		}
		if msg != nil {
			p.Insert(idx, msg)
			idx++
		}
		if idx != len(p.Children)-1 {
			continue
		}
		sib := n
		for idx == len(sib.Parent.Children)-1 {
			sib = sib.Parent
			if sib.Parent == nil {
				msg := d.errorMsg(n.Line, "Document may not end with a transition.")
				n.Parent.Insert(n.Parent.Index(n)+1, msg)
				goto next
			}
			idx = sib.Parent.Index(sib)
		}
		n.Parent.Remove(n)
		sib.Parent.Insert(idx+1, n)
	next:
	}
}

// danglingRefs reports references to unknown or duplicate names and
// resolves the rest (references.DanglingReferences).
func (d *doc) danglingRefs() {
	// Every reference made with a refname is noted: with none, there is
	// nothing to resolve or report.
	if d.refnames == nil {
		return
	}
	var refs []*Node
	d.root.Walk(func(n *Node) bool {
		if n.Kind == KindReference || n.Kind == KindFootnoteReference || n.Kind == KindCitationReference {
			refs = append(refs, n)
		}
		return true
	})
	// The references replaced by problematic marks, replaced together at
	// the end: one by one, a paragraph of them would take quadratic time.
	var dangling []*Node
	marks := map[*Node]*Node{}
	defer func() { rebuildChildren(dangling, func(n *Node) *Node { return marks[n] }) }()
	for _, n := range refs {
		if n.resolved || !n.Has("refname") {
			continue
		}
		refname := n.Get("refname")
		id := d.nameids[refname]
		if id == "" {
			var msg *Node
			if d.hasName(refname) {
				msg = d.errorMsg(nodeLine(n), `Duplicate target name, cannot be used as a unique reference: "`+refname+`".`)
			} else {
				msg = d.errorMsg(nodeLine(n), `Unknown target name: "`+refname+`".`)
			}
			d.root.Append(msg)
			msgid := d.setID(msg, nil)
			prb := d.newNode(KindProblematic, n.Span, d.newText(rawText(n), n.Span))
			prb.Set("refid", msgid)
			if len(n.IDs) > 0 {
				prb.IDs = append(prb.IDs, n.IDs[0])
			} else {
				d.setID(prb, nil)
			}
			if n.Parent != nil {
				dangling = append(dangling, n)
				marks[n] = prb
			}
			continue
		}
		n.Del("refname")
		n.Set("refid", id)
		if t, ok := d.ids[id]; ok {
			t.referenced = true
		}
		n.resolved = true
	}
}

// rawText returns the source text of an inline node as docutils keeps it
// (its rawsource), or its text when it has none.
func rawText(n *Node) string {
	if n.raw != "" {
		return n.raw
	}
	return n.AsText()
}

// filterMessages removes the system messages below the report level from
// the tree, and the problematic marks that point at them
// (universal.FilterMessages with Galaxy's rendering report level, which is
// above every level).
func (d *doc) filterMessages() {
	// A system message node is made with each message reported, and a
	// problematic mark only for one.
	if len(d.messages) == 0 {
		return
	}
	var msgs, prbs []*Node
	d.root.Walk(func(n *Node) bool {
		switch n.Kind {
		case KindSystemMessage:
			msgs = append(msgs, n)
		case KindProblematic:
			prbs = append(prbs, n)
		}
		return true
	})
	for _, m := range msgs {
		if len(m.IDs) > 0 {
			delete(d.ids, m.IDs[0])
		}
	}
	rebuildChildren(msgs, func(*Node) *Node { return nil })
	// Galaxy renders with a report level above every message, so every
	// problematic mark loses its message and becomes its text.
	rebuildChildren(prbs, func(p *Node) *Node { return d.newText(p.AsText(), p.Span) })
}

// rebuildChildren puts with(n), or nothing when it is nil, in place of
// each node n of ns that has a parent. Each parent's children are rebuilt
// once, so that a paragraph of a hundred thousand problematic marks takes
// time linear in their number.
func rebuildChildren(ns []*Node, with func(*Node) *Node) {
	if len(ns) == 0 {
		return
	}
	hit := make(map[*Node]bool, len(ns))
	seen := map[*Node]bool{}
	var parents []*Node
	for _, n := range ns {
		if n.Parent == nil {
			continue
		}
		if !seen[n.Parent] {
			seen[n.Parent] = true
			parents = append(parents, n.Parent)
		}
		hit[n] = true
	}
	for _, p := range parents {
		out := make([]*Node, 0, len(p.Children))
		for _, c := range p.Children {
			if !hit[c] || c.Parent != p {
				out = append(out, c)
				continue
			}
			if r := with(c); r != nil {
				r.Parent = p
				out = append(out, r)
			}
		}
		p.Children = out
	}
}

// unescapeText removes the escape markers from text nodes.
func (d *doc) unescapeText() {
	// The markers are the NULs escape2null makes of backslashes: text
	// holding neither has none.
	if strings.IndexByte(d.text, '\\') < 0 && strings.IndexByte(d.text, 0) < 0 {
		return
	}
	d.root.Walk(func(n *Node) bool {
		if n.Kind == KindText {
			n.Text = unescape(n.Text, false)
		}
		return true
	})
}

// contents fills the topics of contents directives with the section
// tree (parts.Contents).
func (d *doc) contents() {
	for _, p := range d.pendingContents {
		topic := p.Parent
		if topic == nil {
			continue
		}
		depth := 1 << 30
		if v := p.Get("depth"); v != "" {
			depth = atoiDefault(v, depth)
		}
		start := d.root
		if p.Has("local") {
			start = topic.Parent
		}
		list := d.contentsList(start, depth, topic)
		topic.Remove(p)
		if list != nil {
			topic.Append(list)
		} else if topic.Parent != nil {
			topic.Parent.Remove(topic)
		}
	}
}

// contentsList builds the bullet list of the sections below n.
func (d *doc) contentsList(n *Node, depth int, topic *Node) *Node {
	if depth <= 0 {
		return nil
	}
	var items []*Node
	for _, sec := range n.Children {
		if sec.Kind != KindSection || len(sec.Children) == 0 {
			continue
		}
		title := sec.Children[0]
		entry := deepCopyChildren(title)
		ref := d.newNode(KindReference, title.Span, entry...)
		ref.Set("name", normalizeName(title.AsText()))
		refid := d.setIDPrefixed(ref, "toc-entry")
		if len(sec.IDs) > 0 {
			ref.Set("refid", sec.IDs[0])
		}
		if len(title.IDs) == 0 && topic.Get("backlinks") != "none" {
			title.Set("refid", refid)
		}
		para := d.newNode(KindParagraph, title.Span, ref)
		item := d.newNode(KindListItem, title.Span, para)
		if sub := d.contentsList(sec, depth-1, topic); sub != nil {
			item.Append(sub)
		}
		items = append(items, item)
	}
	if len(items) == 0 {
		return nil
	}
	return d.newNode(KindBulletList, n.Span, items...)
}

// setIDPrefixed gives n a numbered id with prefix (set_id with a
// suggested prefix).
func (d *doc) setIDPrefixed(n *Node, prefix string) string {
	p := prefix + "-"
	for {
		put(&d.idCounter, p, d.idCounter[p]+1)
		id := p + itoa(d.idCounter[p])
		if _, taken := d.ids[id]; !taken {
			n.IDs = append(n.IDs, id)
			put(&d.ids, id, n)
			return id
		}
	}
}

// atoiDefault parses a decimal number, or returns def.
func atoiDefault(s string, def int) int {
	n := 0
	s = strip(s)
	if s == "" {
		return def
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return def
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// isPreBibliographic reports whether k may come before a document's
// bibliographic field list (docutils' PreBibliographic elements).
func (k Kind) isPreBibliographic() bool {
	return k.Invisible() || k == KindSystemMessage || k == KindRaw
}

// docinfo takes a field list that opens the document out of the body, as
// frontmatter.DocInfo makes it the docinfo, which the html4css1 body
// part does not include. Fields named dedication or abstract become
// topics that stay in the body; the reader renders none of them.
func (d *doc) docinfo() {
	for _, c := range d.root.Children {
		if c.Kind.isPreBibliographic() {
			continue
		}
		if c.Kind == KindFieldList {
			d.root.Remove(c)
		}
		return
	}
}
