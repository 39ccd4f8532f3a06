package rules

import "github.com/galaxy-gtr/gtr/rewrite"

// Internals the external tests check against each other.
var (
	KeepsEverySplice = func(before, after []byte, importers []Importer) bool {
		return keepsEverySplice(before, after, mergeLandings(importers), nil)
	}
	// SpliceGate is the comparison of KeepsEverySplice.
	SpliceGate = func(importers []Importer) *rewrite.Expansion {
		return spliceGate(mergeLandings(importers), nil)
	}
	ExpandImporters = expandImporters
	Declared        = declared
)

// SetXSDLintProfile makes GTR113 validate at profile ("" for the newest)
// and returns a function restoring the previous setting.
func SetXSDLintProfile(profile string) func() {
	old := xsdLintProfile
	xsdLintProfile = profile
	return func() { xsdLintProfile = old }
}
