package rst

// setID gives n an id (document.set_id): the id of its first name not yet
// taken, or a numbered id made from its tag name. A duplicate id is
// reported into msgnode.
func (d *doc) setID(n *Node, msgnode *Node) string {
	if len(n.IDs) > 0 {
		for _, id := range n.IDs {
			if old, ok := d.ids[id]; ok && old != n {
				msg := d.severe(0, `Duplicate ID: "`+id+`".`)
				if msgnode != nil {
					msgnode.Append(msg)
				}
			} else {
				put(&d.ids, id, n)
			}
		}
		return n.IDs[len(n.IDs)-1]
	}
	id := ""
	baseID := ""
	found := false
	for _, name := range n.Names {
		baseID = makeID(name)
		id = baseID
		if baseID != "" {
			if _, taken := d.ids[id]; !taken {
				found = true
				break
			}
		}
	}
	if !found {
		var prefix string
		if baseID != "" {
			prefix = id + "-"
		} else {
			prefix = makeID(n.Kind.String()) + "-"
		}
		for {
			put(&d.idCounter, prefix, d.idCounter[prefix]+1)
			id = prefix + itoa(d.idCounter[prefix])
			if _, taken := d.ids[id]; !taken {
				break
			}
		}
	}
	n.IDs = append(n.IDs, id)
	put(&d.ids, id, n)
	return id
}

// noteImplicitTarget records a section or other implicitly named target.
func (d *doc) noteImplicitTarget(n, msgnode *Node) {
	id := d.setID(n, msgnode)
	d.setNameIDMap(n, id, msgnode, false)
}

// noteExplicitTarget records an explicitly named target.
func (d *doc) noteExplicitTarget(n, msgnode *Node) {
	id := d.setID(n, msgnode)
	d.setNameIDMap(n, id, msgnode, true)
}

// hasName reports whether a target name is known.
func (d *doc) hasName(name string) bool {
	_, ok := d.nameids[name]
	return ok
}

// noteRefname records a node that refers to a name.
func (d *doc) noteRefname(n *Node) {
	name := n.Get("refname")
	put(&d.refnames, name, append(d.refnames[name], n))
}

// noteRefid records a node that refers to an id.
func (d *doc) noteRefid(n *Node) {
	id := n.Get("refid")
	put(&d.refids, id, append(d.refids[id], n))
}

// setNameIDMap maps n's names to id, handling duplicates as
// document.set_name_id_map and set_duplicate_name_id do.
func (d *doc) setNameIDMap(n *Node, id string, msgnode *Node, explicit bool) {
	for _, name := range append([]string(nil), n.Names...) {
		if _, ok := d.nameids[name]; !ok {
			put(&d.nameids, name, id)
			put(&d.nametypes, name, explicit)
			continue
		}
		d.setDuplicateNameID(n, id, name, msgnode, explicit)
	}
}

func (d *doc) setDuplicateNameID(n *Node, id, name string, msgnode *Node, explicit bool) {
	oldID := d.nameids[name]
	oldExplicit := d.nametypes[name]
	put(&d.nametypes, name, oldExplicit || explicit)
	line := n.Line
	if explicit {
		if oldExplicit {
			level := LevelWarning
			if oldID != "" {
				old := d.ids[oldID]
				if n.Has("refuri") {
					if len(old.Names) > 0 && old.Has("refuri") && old.Get("refuri") == n.Get("refuri") {
						level = LevelInfo
					}
				}
				if level > LevelInfo {
					dupname(old, name)
					put(&d.nameids, name, "")
				}
			}
			msg := d.report(level, line, `Duplicate explicit target name: "`+name+`".`)
			msg.Backrefs = append(msg.Backrefs, id)
			if msgnode != nil {
				msgnode.Append(msg)
			}
			dupname(n, name)
		} else {
			put(&d.nameids, name, id)
			if oldID != "" {
				dupname(d.ids[oldID], name)
			}
		}
	} else {
		if oldID != "" && !oldExplicit {
			put(&d.nameids, name, "")
			dupname(d.ids[oldID], name)
		}
		dupname(n, name)
	}
	if !explicit || (!oldExplicit && oldID != "") {
		msg := d.info(line, `Duplicate implicit target name: "`+name+`".`)
		msg.Backrefs = append(msg.Backrefs, id)
		if msgnode != nil {
			msgnode.Append(msg)
		}
	}
}
