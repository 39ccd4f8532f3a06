package main

// command is one entry of the command tree: either a command with a run
// function, or a group with subcommands.
type command struct {
	name    string // as typed after its parent, such as "tree"
	summary string // one line for command lists, lower case, no period
	usage   string // arguments after the full name, such as "[-v] PATH..."
	doc     string // the description printed by "gtr help NAME" and -h
	// docOf, when set, makes doc when it is printed, for a description
	// built from tables that no other command needs (upgrade's): built
	// at startup, every run of gtr would pay for it.
	docOf func() string

	// run runs the command with the arguments after its name and returns
	// the exit code. It must parse its flags with e.parse first, so that
	// "gtr help NAME" can run it with -h.
	run func(e *env, args []string) int

	subcommands []*command // in alphabetical order
}

// description returns the command's doc.
func (c *command) description() string {
	if c.docOf != nil {
		return c.docOf()
	}
	return c.doc
}

// sub returns the subcommand called name, or nil.
func (c *command) sub(name string) *command {
	for _, s := range c.subcommands {
		if s.name == name {
			return s
		}
	}
	return nil
}

// root is the command table. To add a command, add an entry here in
// alphabetical order and put its run function in a file named after it.
var root = &command{
	name:  "gtr",
	usage: "<command> [arguments]",
	doc: `
gtr formats, lints and refactors Galaxy tool XML. It edits files through a
lossless syntax tree, so every byte it does not mean to change stays as it was.`,
	subcommands: []*command{
		{
			name:    "bump-version-suffix",
			summary: "raise the +galaxy<N> suffix of tools' versions by one",
			usage:   "[-scope suite|per-tool] [-check] [-backup] PATH...",
			doc:     bumpVersionSuffixDoc,
			run:     runBumpVersionSuffix,
		},
		{
			name:    "check",
			summary: "report what the rules find, changing nothing",
			usage:   "[-strict] [-q] [-output-format text|json|github|sarif] [-ruleset NAME] [-select CODE] [-ignore CODE] [-max-expansion N] [-config FILE] [-exclude GLOB] [-no-progress] [-stdin-filename NAME] PATH... | -",
			doc:     checkDoc,
			run:     runCheck,
		},
		{
			name:    "config",
			summary: "print the settings that apply to a path and where each was set",
			usage:   "[-config FILE] [-ruleset NAME] [-select CODE] [-ignore CODE] [-exclude GLOB] [PATH]",
			doc:     configDoc,
			run:     runConfig,
		},
		{
			name:    "convert-help",
			summary: "convert RST <help> to Markdown where Galaxy renders it the same (GTR092)",
			usage:   "[-check] [-diff] [-backup] PATH...",
			doc:     convertHelpDoc,
			run:     runConvertHelp,
		},
		{
			name:    "debug",
			summary: "show how gtr parses files",
			usage:   "<command> [arguments]",
			doc:     "The debug commands show gtr's view of files, to investigate parser problems.",
			subcommands: []*command{
				{
					name:    "roundtrip",
					summary: "check that files print back byte for byte",
					usage:   "[-v] PATH...",
					doc:     debugRoundtripDoc,
					run:     runDebugRoundtrip,
				},
				{
					name:    "tree",
					summary: "print the syntax tree of a file",
					usage:   "FILE",
					doc:     debugTreeDoc,
					run:     runDebugTree,
				},
			},
		},
		{
			name:    "diff",
			summary: "print the diff format would make, writing nothing",
			usage:   "[-base GITREF [-output-format text|github-review]] [-ruleset NAME] [-select CODE] [-ignore CODE] [-max-expansion N] [-config FILE] [-exclude GLOB] [-no-progress] [-stdin-filename NAME] [PATH... | -]",
			doc:     diffDoc,
			run:     runDiff,
		},
		{
			name:    "expand",
			summary: "print Galaxy's macro-expanded view of a tool",
			usage:   "[-format xml|json] [-provenance] [-max-expansion N] FILE",
			doc:     expandDoc,
			run:     runExpand,
		},
		{
			name:    "explain",
			summary: "print the documentation of a rule",
			usage:   "CODE...",
			doc:     explainDoc,
			run:     runExplain,
		},
		{
			name:    "find-references",
			summary: "list every place a tool and its macro files name a parameter",
			usage:   "[-q] NAME PATH...",
			doc:     findReferencesDoc,
			run:     runFindReferences,
		},
		{
			name:    "format",
			summary: "rewrite files in place with the rules' fixes",
			usage:   "[-check] [-diff] [-backup] [-q] [-ruleset NAME] [-select CODE] [-ignore CODE] [-max-expansion N] [-config FILE] [-exclude GLOB] [-no-progress] [-stdin-filename NAME] PATH... | -",
			doc:     formatDoc,
			run:     runFormat,
		},
		{
			name:    "help",
			summary: "show help for gtr or one of its commands",
			usage:   "[COMMAND...]",
			doc:     helpDoc,
			run:     runHelp,
		},
		{
			name:    "lint-skip",
			summary: "remove .lint_skip suppressions that gtr proves unneeded",
			usage:   "[-check] [-backup] PATH...",
			doc:     lintSkipDoc,
			run:     runLintSkip,
		},
		{
			name:    "mcp",
			summary: "serve gtr's tools to AI agents (Model Context Protocol)",
			usage:   "[-call-timeout D] [-http ADDR [-allow-remote]]",
			doc:     mcpDoc,
			run:     runMCP,
		},
		{
			name:    "normalize-macros",
			summary: "lower-case the datatype names written in macro files",
			usage:   "[-check] [-backup] PATH...",
			doc:     normalizeMacrosDoc,
			run:     runNormalizeMacros,
		},
		{
			name:    "rename-param",
			summary: "rename a parameter in a tool and its macro files, gated on Galaxy's view",
			usage:   "[-repo-root DIR [-across-importers]] [-check] [-diff] [-backup] [-q] OLD NEW PATH...",
			doc:     renameParamDoc,
			run:     runRenameParam,
		},
		{
			name:    "rules",
			summary: "list the rules",
			usage:   "[-include-upgrade] [-planemo] [-output-format text|json]",
			doc:     rulesDoc,
			run:     runRules,
		},
		{
			name:    "rulesets",
			summary: "list the rulesets and their rules",
			usage:   "",
			doc:     rulesetsDoc,
			run:     runRulesets,
		},
		{
			name:    "tokenize-version",
			summary: "factor a literal version into @TOOL_VERSION@ and @VERSION_SUFFIX@",
			usage:   "[-check] [-macros-file NAME | -adopt-suffix] [-backup] PATH...",
			doc:     tokenizeVersionDoc,
			run:     runTokenizeVersion,
		},
		{
			name:    "upgrade",
			summary: "move tools to a newer profile, gated on validity and behaviour",
			usage:   "[-check] [-diff] [-backup] [-q] [-select CODE] [-ignore CODE] [-modernize] [-allow-behavior-change] [-block-consider] [-target-profile PROFILE] [-max-expansion N] [-config FILE] [-exclude GLOB] [-no-progress] PATH...",
			docOf:   func() string { return upgradeHelp() + upgradeWalkDoc },
			run:     runUpgrade,
		},
		{
			name:    "validate",
			summary: "validate tools against Galaxy's schema after macro expansion",
			usage:   "[-profile PROFILE | -all-profiles] [-output-format text|json] [-max-expansion N] [-config FILE] [-exclude GLOB] [-no-progress] [-stdin-filename NAME] PATH... | -",
			doc:     validateDoc,
			run:     runValidate,
		},
		{
			name:    "version",
			summary: "print gtr's version and the Go version it was built with",
			usage:   "",
			doc:     versionDoc,
			run:     runVersion,
		},
	},
}
