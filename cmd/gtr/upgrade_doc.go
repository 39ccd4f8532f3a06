package main

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/upgrade"
)

// upgradeHelp returns the help of gtr upgrade; its table of schemas comes
// from the upgrade package, so it names the stand-ins the tables have.
func upgradeHelp() string {
	var b strings.Builder
	b.WriteString(`
Upgrade moves the profile= of Galaxy tools forward, as minimal byte edits,
without changing what a tool does by accident. A tool's profile tells Galaxy
which legacy behaviours to switch off and which schema the tool follows; a
tool without profile= runs as ` + upgrade.Baseline + `.

By default the upgrade is the minimal bump: profile= moves only when the
tool does not validate at its declared profile, to the oldest profile at or
above it that it validates at; a tool that validates keeps its bytes, and an
undeclared profile stays undeclared. -modernize walks toward the newest
profile instead: at each schema boundary that would strand the tool, a step
codemod carries it across (GTR008 at 19.01, GTR093 at 21.09, GTR009 at
24.0, GTR010 at 24.1, GTR011 at 25.1), and GTR007 writes the profile
reached. -target-profile PROFILE walks toward PROFILE.

The walk stops below the first behaviour change of Galaxy's catalogue
(upgrade_codes.json) that applies to the tool at level must_fix and that no
runtime-gated fix clears (GTR016 and GTR015 at 16.04, GTR014 at 21.09,
GTR096 at 24.2 apply themselves when the upgrade crosses their profile, and
are credited only when the code's detector is quiet after them);
-block-consider stops it at consider-level codes too, and
-allow-behavior-change lifts this gate (it needs -modernize or
-target-profile). Without -target-profile the walk also stops at the
deployment ceiling, ` + upgrade.Deployment.Ceiling + `, the newest profile every major public Galaxy server
runs (snapshot ` + upgrade.Deployment.Snapshot.Format("2006-01-02") + `). "gtr explain CODE" describes each behaviour code
and step.

Tools are read with their imports, and Galaxy's macro-expanded view decides:
validity at a profile is the expanded tool's, and a step that must change an
element written in an imported macro file edits that file. A macro file is
rewritten only when every tool of the run importing it proposes the same
new bytes (a profile="@PROFILE@" token defined there is bumped once, when
its importers agree on the target); otherwise those tools are held back,
with a line naming the macro file and the importers that disagree. The
tools and macro files of a run are written as one transaction, atomically.

Every upgrade passes gates before it is written: the tool validates at the
profile reached, Galaxy's expanded view changes only as the applied steps
declare, and upgrading the result again changes nothing. A refused upgrade
leaves the files as they are, with a note naming the step or gate. After
the upgrade the selected fixable rules format the tool (GTR006, which
repairs misspellings of a tool valid at no profile, and the layout rules;
-select replaces them, -ignore removes some; -ruleset is refused).

Each file gets a line ("upgraded PATH", "would upgrade PATH" with -check,
"unchanged PATH") and notes on what was decided. The last line counts files.
The exit code is 1 when a file had an error or was held back, or with -check
(or -diff, when a macro file would change) when a file would change; 2 for a
usage error; 0 otherwise.

Profiles and the schemas that validate them:

`)
	for _, p := range upgrade.Profiles() {
		name, standIn := upgrade.SchemaOf(p)
		if standIn == "" {
			fmt.Fprintf(&b, "\t%-6s its own release schema (%s)\n", p, name)
		} else {
			fmt.Fprintf(&b, "\t%-6s %s\n", p, standIn)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
