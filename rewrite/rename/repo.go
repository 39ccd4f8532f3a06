package rename

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Repo says which tools of a repository import each macro file: what
// proves a macro file is a tool's alone, or finds the tools a rename must
// take along. Paths are absolute and clean.
type Repo struct {
	importers map[string][]string // macro file → the tools importing it, sorted
}

// ScanRepo reads the tools among files (a repository's *.xml files; the
// others are ignored) and records the macro files each imports, directly
// or through other macro files, as Galaxy reads them (opts says how). A
// tool whose macros do not expand still records the files its <import>s
// name, so that no importer is missed.
func ScanRepo(files []string, opts macros.Options) *Repo {
	r := &Repo{importers: map[string][]string{}}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		t := cst.Parse(f, src)
		tool, ok := cst.ToolOf(t)
		if !ok || !t.WellFormed() {
			continue
		}
		abs := absClean(f)
		var imports []string
		if view, err := macros.ExpandTree(t, opts); err == nil {
			imports = view.Imports
		} else {
			for imp := range tool.Macros().Imports() {
				imports = append(imports, filepath.Join(filepath.Dir(f), strings.TrimSpace(imp.File())))
			}
		}
		for _, imp := range imports {
			m := absClean(imp)
			if !slices.Contains(r.importers[m], abs) {
				r.importers[m] = append(r.importers[m], abs)
			}
		}
	}
	for _, tools := range r.importers {
		slices.Sort(tools)
	}
	return r
}

// Importers returns the tools that import the macro file at path, and
// whether the scan found any.
func (r *Repo) Importers(path string) ([]string, bool) {
	tools, ok := r.importers[absClean(path)]
	return tools, ok
}

// absClean returns path made absolute and clean (as given when the
// working directory cannot be found).
func absClean(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}
