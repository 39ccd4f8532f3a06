package upgrade

import "github.com/galaxy-gtr/gtr/rules"

// GTR012 is the walk: the upgrade's --modernize and --target-profile
// modes, which run the other steps.
var GTR012 = &Step{
	Code:    "GTR012",
	Name:    "upgrade-to-latest",
	Summary: "Walk the tool toward the newest profile, step codemod by step codemod, below the behaviour and deployment ceilings.",
	Kind:    KindPipeline,
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Finds the newest profile, up to the ceiling, that Galaxy's macro-expanded view of the tool validates at " +
			"(validity is not contiguous across releases, so every profile is tried, newest first). When that is below " +
			"the ceiling, a step codemod whose profile is not newer than it (GTR008 at 19.01, GTR093 at 21.09, GTR009 at " +
			"24.0, GTR010 at 24.1, GTR011 at 25.1) is tried, and kept only when the tool then validates further on; the " +
			"walk repeats until it reaches the ceiling or no step carries it on (missing_upgrade). The ceiling is the " +
			"target profile, else the newest profile capped by the deployment ceiling; unless behaviour changes are " +
			"allowed, it is also below the oldest must_fix behaviour code that applies to the tool and no runtime fix " +
			"clears. The runtime fixes of the profiles crossed then apply, and GTR007 writes the profile reached.",
		Why: "Moving to a newer profile is how authors modernise a tool; the walk does it as far as it is known to be " +
			"safe: every schema boundary on the way is crossed by a codemod with declared changes, and no behaviour " +
			"change that must be fixed is crossed unfixed.",
		Example: "gtr upgrade -modernize tool.xml\n  profile 21.01→25.1: …",
		FixSafety: "Every result validates at the profile reached, changes Galaxy's expanded view only as the applied " +
			"steps declare, and upgrading it again changes nothing; otherwise the upgrade is refused and the tool keeps " +
			"its bytes. consider-level behaviour codes never stop the walk (unless -block-consider), but they make " +
			"behavior_preserving false and are named in the notes.",
	},
}

// GTR097 is the minimal bump, the upgrade's default mode.
var GTR097 = &Step{
	Code:    "GTR097",
	Name:    "upgrade-to-valid",
	Summary: "Declare the minimum profile at or above the tool's own that the tool validates at (the minimal bump).",
	Kind:    KindPipeline,
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Leaves profile= alone when the tool validates at its declared profile (the tool keeps its bytes) or " +
			"declares none (it stays undeclared: Galaxy runs it under its 16.01 legacy defaults); otherwise declares the " +
			"oldest profile at or above the declared one that the tool validates at, after GTR006's repairs, and runs the " +
			"runtime fixes of the profiles it crosses. It never lowers a profile.",
		Why: "A tool that does not validate at its own profile is out of step with the schema Galaxy documents for it; " +
			"the smallest move that fixes that crosses the fewest behaviour changes.",
		Example:   "<tool … profile=\"23.0\">  (valid at 24.0 and later only)\n→\n<tool … profile=\"24.0\">",
		FixSafety: "As GTR012's: valid at the profile reached, view changes only as declared, idempotent, or refused. The deployment ceiling does not apply: no corpus tool needs a bump past it.",
	},
}
