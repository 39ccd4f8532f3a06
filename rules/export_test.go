package rules

// Internals the external tests check against each other.
var (
	KeepsEverySplice = func(before, after []byte, importers []Importer) bool {
		return keepsEverySplice(before, after, mergeLandings(importers), nil)
	}
	ExpandImporters = expandImporters
	Declared        = declared
	IsPayload       = isPayload // the Data of the expansion-equality gate of a format run
)
