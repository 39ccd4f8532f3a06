package upgrade

import "github.com/galaxy-gtr/gtr/cst/macros"

// sharedHome: 18_01_consider_home_directory. From 18.01 a job's HOME is a
// directory of its own instead of the Galaxy user's; use_shared_home= on
// <command> keeps either choice at both profiles (parse_home_target). It
// applies when the tool has a <command> without use_shared_home=, as
// Galaxy's advisor says.
func sharedHome(d *Doc) bool {
	return commandWithout(d, "use_shared_home")
}

// commandWithout reports whether the tool's <command> (the first child of
// <tool> so called) may lack the attribute called name. Without the
// expanded view, any <command> written without it counts, and so does a
// command that may come from a macro file.
func commandWithout(d *Doc, name string) bool {
	if cmd, sure := rootChild(d, "command"); sure {
		return cmd != nil && !has(cmd, name)
	}
	// A command from a macro file may lack it.
	if hidden(d) {
		return true
	}
	return anyElement(anywhere(d.Root, "command"), func(c *macros.Element) bool { return !has(c, name) })
}

// anyElement reports whether f holds for one of els.
func anyElement(els []*macros.Element, f func(*macros.Element) bool) bool {
	for _, e := range els {
		if f(e) {
			return true
		}
	}
	return false
}
