package rename

// Reasons a rename is not made, as [Bail.Reason] gives them. The first
// eight are the predecessor's per-document reasons, the three after them
// its bundle reasons, which the CLI decides (a rename of one tool never
// returns them); the last ones are gtr's own.
const (
	InvalidName      = "invalid-name"       // OLD or NEW is not a name a parameter can take
	NoOp             = "no-op"              // OLD and NEW are the same
	NotFound         = "not-found"          // no input, output or config file is called OLD
	Shadowed         = "shadowed"           // a #set, #for, #def or #import binds OLD (or NEW) in a template the tool runs
	MixedContent     = "mixed-content"      // a template mentioning OLD is split by child elements
	LexerBail        = "lexer-bail"         // a template mentioning OLD does not parse as Cheetah
	FilterBareRef    = "filter-bare-ref"    // an output <filter> names OLD in a way gtr cannot rename: as a string, or in an expression that does not parse
	CrossRefResidual = "cross-ref-residual" // a reference could not be rewritten where it is written, or an attribute the index does not model holds OLD

	MacroEditNeedsRepoRoot   = "macro-edit-needs-repo-root" // the rename edits an imported macro file and no --repo-root proves it is the tool's alone
	MacroOwnershipUnprovable = "macro-ownership-unprovable" // an edited macro file is imported by no tool the repository scan found
	SharedMacro              = "shared-macro"               // an edited macro file is imported by other tools too
	NoConsensus              = "no-consensus"               // renaming across importers, some importer cannot take the rename

	NameTaken        = "name-taken"        // NEW already names something in the tool (a parameter, a reference, a name Galaxy provides)
	NotInvertible    = "not-invertible"    // renaming back would not restore the bytes (a name= repeating its argument's, right after it)
	UnparseableMacro = "unparseable-macro" // the tool does not expand: an imported macro file cannot be read, or Galaxy cannot expand its macros
	GateRefused      = "gate-refused"      // a gate refused the edits (a rename the index got wrong): nothing is written
)

// Bail is why a rename is not made.
type Bail struct {
	Reason string // one of the reasons above
	// Detail says where and why, naming the file and line, "" when the
	// reason says it all.
	Detail string
}

// Error returns "reason: detail".
func (b *Bail) Error() string {
	if b.Detail == "" {
		return b.Reason
	}
	return b.Reason + ": " + b.Detail
}
