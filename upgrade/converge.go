package upgrade

import (
	"bytes"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// Converge settles the macro files a run's upgrades rewrite differently:
// importers often need different parts of one shared macro file changed
// (each normalises the datatypes its own expansion uses). For such a file
// it upgrades the importers again, in turn, each over the file as the
// previous ones left it, until a whole round changes it no further: every
// importer then takes the same bytes. The result is kept only when, for
// every importer, the change from its original tool and macro file to the
// final ones passes the expansion-equality gate with the declared changes
// of the steps that made it, and the tool validates at the profile it
// reaches; then the importers' outcomes are replaced by those last runs,
// which [Consensus] finds in agreement. Otherwise the outcomes stay as
// they were, and Consensus holds the importers back. A file whose
// rewrite includes a profile token (GTR007) is never settled this way:
// the importers must agree on the target as they are.
//
// read returns a tool's bytes; opts are the options of the run (their
// Macros.Files, when set, are kept under the files being settled).
func Converge(outs []Outcome, opts Options, read func(file string) ([]byte, error)) {
	// Files settle independently, in parallel, unless they share an
	// importer: those are left as they are.
	var todo []*MacroChange
	seen := map[string]int{}
	for _, m := range Consensus(cloneOutcomes(outs)) {
		if m.Agreed {
			continue
		}
		todo = append(todo, m)
		for _, f := range m.Importers {
			seen[f]++
		}
	}
	todo = slices.DeleteFunc(todo, func(m *MacroChange) bool {
		return slices.ContainsFunc(m.Importers, func(f string) bool { return seen[f] > 1 })
	})
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, m := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			converge(outs, m, opts, read)
		}()
	}
	wg.Wait()
}

// cloneOutcomes copies outcomes deep enough for Consensus to mark them.
func cloneOutcomes(outs []Outcome) []Outcome { return slices.Clone(outs) }

func converge(outs []Outcome, m *MacroChange, opts Options, read func(string) ([]byte, error)) {
	var idx []int
	for i, o := range outs {
		if o.Result != nil && slices.Contains(m.Importers, o.File) {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return
	}
	key := ""
	for _, i := range idx {
		if k := outs[i].Result.fileKey(m.File); outs[i].Result.Files[k] != nil {
			key = k
			break
		}
	}
	// A profile token is bumped only when every importer agrees on the
	// target: upgraded over another's bump, a tool would start from a
	// profile that is not its own, and its behaviour gate with it.
	if key == "" || slices.Contains(m.Codes, GTR007.Code) {
		return
	}
	srcs := map[int][]byte{}
	for _, i := range idx {
		src, err := read(outs[i].File)
		if err != nil {
			return
		}
		srcs[i] = src
	}
	var cur []byte // the macro file as the importers have left it; nil: as it is
	var last map[int]*Result
	settled := false
	for round := 0; round <= len(idx) && !settled; round++ {
		settled = true
		last = map[int]*Result{}
		for _, i := range idx {
			o := withFile(opts, key, cur)
			res, err := Upgrade(outs[i].File, srcs[i], o)
			if err != nil || res.Refused != "" || res.BaselineProfile != outs[i].Result.BaselineProfile {
				return
			}
			last[i] = res
			if b, ok := res.Files[key]; ok && !bytes.Equal(b, cur) {
				cur, settled = b, false
			}
		}
	}
	if !settled || cur == nil {
		return
	}
	// Which steps made the file: every importer's own, over the rounds.
	var codes []string
	for _, i := range idx {
		for _, c := range outs[i].Result.MacroCodes[outs[i].Result.fileKey(m.File)] {
			if !slices.Contains(codes, c) {
				codes = append(codes, c)
			}
		}
	}
	for _, i := range idx {
		if !keepsView(outs[i].File, srcs[i], last[i], opts, key, cur, codes) {
			return
		}
	}
	for _, i := range idx {
		r := last[i]
		if r.Files == nil {
			r.Files = map[string][]byte{}
		}
		r.Files[key] = cur
		if r.MacroCodes == nil {
			r.MacroCodes = map[string][]string{}
		}
		r.MacroCodes[key] = codes
		r.Changed = true
		r.Notes = append(r.Notes, "  "+filepath.Base(key)+" settled with the other tools of the run that import it: each was upgraded again over the others' changes until none changed it further.")
		outs[i].Result = r
	}
}

// withFile returns opts with the macro file key served as cur (as it is
// when cur is nil).
func withFile(opts Options, key string, cur []byte) Options {
	if cur == nil {
		return opts
	}
	files := maps.Clone(opts.Macros.Files)
	if files == nil {
		files = map[string][]byte{}
	}
	files[key] = cur
	opts.Macros.Files, opts.Macros.Cache = files, nil
	return opts
}

// keepsView reports whether an importer's final tool with the settled
// macro file keeps Galaxy's view of its original tool with the original
// macro file up to the declared changes of its own steps and those that
// made the file, and validates at the profile it reaches.
func keepsView(file string, src []byte, res *Result, opts Options, key string, cur []byte, codes []string) bool {
	out := res.Formatted
	if !res.Changed {
		out = src
	}
	after := withFile(opts, key, cur).Macros
	for f, b := range res.Files {
		if f != key {
			after.Files = maps.Clone(after.Files)
			after.Files[f] = b
		}
	}
	before := NewDoc(file, src, opts.Macros)
	final := NewDoc(file, out, after)
	if final.View == nil || before.View == nil {
		return false
	}
	var allow []*rewrite.ViewChange
	for _, c := range append(slices.Clone(res.Codes), codes...) {
		if s := LookupStep(c); s != nil {
			allow = append(allow, s.Changes...)
		} else if r := rules.Lookup(c); r != nil {
			allow = append(allow, r.Changes...)
		}
	}
	if compare(before, final, opts.Macros, after, allow) != nil {
		return false
	}
	u := &run{opts: opts}
	ok, err := u.validAt(final, res.ReachedProfile)
	return err == nil && ok
}
