package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/upgrade"
)

// upgradeCounts counts files by outcome.
type upgradeCounts struct {
	changed, unchanged, skipped, heldBack, errored int
}

func runUpgrade(e *env, args []string) int {
	fs := e.flagSet()
	check := fs.Bool("check", false, "write nothing; exit 1 if any file would change")
	diff := fs.Bool("diff", false, "write nothing; print a unified diff of the changes on standard output")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	quiet := fs.Bool("q", false, "leave out the per-file lines; print only errors and the summary")
	modernize := fs.Bool("modernize", false, "walk toward the newest profile, below the behaviour and deployment ceilings")
	allow := fs.Bool("allow-behavior-change", false, "lift the behaviour gate (needs -modernize or -target-profile)")
	blockConsider := fs.Bool("block-consider", false, "let consider-level behaviour codes stop a walk too, not only must_fix ones")
	target := fs.String("target-profile", "", "walk toward `PROFILE` (may pass the deployment ceiling)")
	sel := addSelectionFlags(fs)
	rf := addRunFlags(fs, false)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(sel.rulesets) > 0 {
		return e.usageError("-ruleset is not applicable to 'upgrade'; rulesets govern 'format' / 'check'. Use -select / -ignore to adjust the rule set.")
	}
	if isStdin(paths) {
		return e.usageError("upgrade does not read standard input: an upgrade may rewrite the macro files a tool imports with it")
	}
	// A config file's ruleset does not apply to upgrade; its select,
	// ignore, per-file ignores and excludes do.
	set, code, ok := e.settings(rf, sel, config.ModeUpgrade, upgrade.BaseRules(), func(tok string) ([]*rules.Rule, error) {
		return upgrade.Select([]string{tok}, nil)
	})
	if !ok {
		return code
	}
	rs, err := set.rulesFor(filepath.Join(set.cwd, "-"))
	if err != nil {
		return e.configError(err)
	}
	opts := upgrade.Options{Modernize: *modernize, AllowBehaviorChange: *allow, BlockConsider: *blockConsider,
		TargetProfile: *target, Rules: rs}
	if err := upgrade.CheckOptions(opts); err != nil {
		return e.usageError("%v", err)
	}
	if code, ok := e.checkRoots(set, paths); !ok {
		return code
	}
	files, walkErrs := walkFiles(paths, set.walkOptions())
	walkErrs, bad := e.splitWalkErrors(walkErrs)
	if bad {
		return exitError
	}
	var n upgradeCounts
	for _, fe := range walkErrors(walkErrs) {
		e.reportFileError(fe)
		n.errored++
	}
	mo := macros.Options{Cache: macros.NewCache(), MaxExpansion: *sel.maxExpansion}
	outs := make([]upgrade.Outcome, len(files))
	kinds := make([]rules.Target, len(files))
	fileErrs := make([]*fileError, len(files))
	keep := !*check || *diff
	// Each tool gets the rules of its config file and per-file ignores;
	// importers are settled over each other's changes (Converge) only
	// when every tool of the run has the same.
	keys := make([]string, len(files))
	prog := e.startProgress(*rf.noProgress, func() int { return len(files) })
	forEachOrdered(len(files), func(i int) upgrade.Outcome {
		defer prog.tick()
		s, fe := load(files[i])
		if fe != nil {
			fileErrs[i] = fe
			return upgrade.Outcome{File: files[i], Err: errors.New(fe.msg)}
		}
		kinds[i] = s.kind
		if s.kind != rules.TargetTool {
			return upgrade.Outcome{File: files[i]}
		}
		o := opts
		o.Macros, o.Tree = mo, s.tree
		frs, key, err := set.rulesKey(files[i])
		if err != nil {
			return upgrade.Outcome{File: files[i], Err: err}
		}
		o.Rules, keys[i] = frs, key
		res, err := upgrade.Upgrade(files[i], s.src, o)
		// The run keeps every result until the macro files are decided:
		// only the bytes it will write or print are kept.
		if res != nil && (!res.Changed || !keep) {
			res.Formatted = nil
		}
		return upgrade.Outcome{File: files[i], Result: res, Err: err}
	}, func(i int, o upgrade.Outcome) { outs[i] = o })
	// Importers that rewrite a shared macro file differently are upgraded
	// again over each other's changes until they agree, when they can.
	prog.stop()
	settle := opts
	settle.Macros = mo
	if same, frs := oneSelection(set, files, keys, kinds); same {
		if frs != nil {
			settle.Rules = frs
		}
		upgrade.Converge(outs, settle, readFile)
	}
	if !keep {
		for _, o := range outs {
			if o.Result != nil {
				o.Result.Formatted = nil
			}
		}
	}
	changes := upgrade.Consensus(outs)

	write := !*check && !*diff
	var status io.Writer = e.stdout
	if *diff {
		status = e.stderr
	}
	cwd, _ := os.Getwd()
	pendingMacro := false
	for _, m := range changes {
		if m.Agreed {
			pendingMacro = true
			if *diff {
				old, err := os.ReadFile(m.File)
				if err == nil {
					e.printDiff(diffText(displayPath(cwd, m.File), old, m.Data))
				}
			}
		}
		if !*quiet || !m.Agreed {
			fmt.Fprintln(status, m.Line(!write))
		}
	}
	if write {
		if err := writeUpgrades(outs, changes, *backup); err != nil {
			fmt.Fprintf(e.stderr, "error: %v; nothing was written\n", err)
			e.stdout.Flush()
			return exitFindings
		}
	}
	for i, o := range outs {
		path := files[i]
		switch {
		case fileErrs[i] != nil:
			e.reportFileError(fileErrs[i])
			n.errored++
			continue
		case o.Err != nil:
			e.reportFileError(upgradeError(path, o.Err))
			n.errored++
			continue
		case kinds[i] != rules.TargetTool:
			n.skipped++
			continue
		case o.Skipped != "":
			n.heldBack++
			fmt.Fprintf(status, "skipped %s: %s\n", path, o.Skipped)
			continue
		}
		r := o.Result
		if r.Refused != "" {
			n.errored++
			e.reportFileError(&fileError{path: path, msg: fmt.Sprintf("%s: upgrade refused: %s; the file was left unchanged", path, r.Refused)})
			continue
		}
		if !r.Changed {
			n.unchanged++
			if *quiet || *check || *diff {
				continue
			}
			fmt.Fprintf(status, "unchanged %s\n", path)
		} else {
			n.changed++
			if *diff {
				e.printDiff(diffText(displayPath(cwd, path), mustRead(path), r.Formatted))
			}
			switch {
			case *quiet:
				continue
			case *check:
				fmt.Fprintf(status, "would upgrade %s\n", path)
			case *diff:
				continue
			default:
				fmt.Fprintf(status, "upgraded %s\n", path)
			}
		}
		for _, note := range r.Notes {
			fmt.Fprintln(status, note)
		}
	}
	e.stdout.Flush()
	fmt.Fprintln(status, n.summary(!write))
	if n.errored > 0 || n.heldBack > 0 || !write && (n.changed > 0 || pendingMacro) {
		if *diff && !*check && n.errored == 0 && n.heldBack == 0 && !pendingMacro {
			return exitOK // -diff alone exits 0, as format's does
		}
		return exitFindings
	}
	return exitOK
}

// writeUpgrades writes, as one transaction, every agreed macro file and
// every changed tool that is not held back.
func writeUpgrades(outs []upgrade.Outcome, changes []*upgrade.MacroChange, backup bool) error {
	var fcs []fileChange
	for _, m := range changes {
		if !m.Agreed {
			continue
		}
		old, err := os.ReadFile(m.File)
		if err != nil {
			return fmt.Errorf("cannot read %s: %s", m.File, errText(err))
		}
		fcs = append(fcs, fileChange{path: m.File, old: old, data: m.Data})
	}
	for _, o := range outs {
		if o.Result == nil || o.Skipped != "" || !o.Result.Changed || string(o.Result.Formatted) == "" {
			continue
		}
		old, err := os.ReadFile(o.File)
		if err != nil {
			return fmt.Errorf("cannot read %s: %s", o.File, errText(err))
		}
		if string(old) == string(o.Result.Formatted) {
			continue
		}
		fcs = append(fcs, fileChange{path: o.File, old: old, data: o.Result.Formatted})
	}
	if len(fcs) == 0 {
		return nil
	}
	bak := ""
	if backup {
		bak = ".bak"
	}
	return writeAll(fcs, bak)
}

// oneSelection reports whether every tool of the run has the same rules
// (the same config file and per-file entries), and returns them (nil
// when there is no tool).
func oneSelection(set *runSettings, files, keys []string, kinds []rules.Target) (bool, []*rules.Rule) {
	first := -1
	for i, k := range keys {
		if kinds[i] != rules.TargetTool {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		if k != keys[first] {
			return false, nil
		}
	}
	if first < 0 {
		return true, nil
	}
	rs, err := set.rulesFor(files[first])
	return err == nil, rs
}

func mustRead(path string) []byte {
	b, _ := os.ReadFile(path)
	return b
}

// upgradeError turns an upgrade's error into a file error.
func upgradeError(path string, err error) *fileError {
	var me *upgrade.MalformedError
	if errors.As(err, &me) {
		return &fileError{path: path, msg: path + ": malformed XML"}
	}
	return rewriteError(path, err)
}

// summary returns the last line of upgrade, in black's style.
func (n upgradeCounts) summary(dryRun bool) string {
	if n == (upgradeCounts{}) {
		return "no files processed."
	}
	held := ""
	if n.heldBack > 0 {
		held = fmt.Sprintf(", %d held back (importers disagree)", n.heldBack)
	}
	if dryRun {
		return fmt.Sprintf("%d file(s) would be upgraded, %d file(s) would be left unchanged, %d skipped (not a Galaxy tool)%s, %d errored.",
			n.changed, n.unchanged, n.skipped, held, n.errored)
	}
	return fmt.Sprintf("%d file(s) upgraded, %d file(s) left unchanged, %d skipped (not a Galaxy tool)%s, %d errored.",
		n.changed, n.unchanged, n.skipped, held, n.errored)
}
