package main

// command is one entry of the command tree: either a command with a run
// function, or a group with subcommands.
type command struct {
	name    string // as typed after its parent, such as "tree"
	summary string // one line for command lists, lower case, no period
	usage   string // arguments after the full name, such as "[-v] PATH..."
	doc     string // the description printed by "gtr help NAME" and -h

	// run runs the command with the arguments after its name and returns
	// the exit code. It must parse its flags with e.parse first, so that
	// "gtr help NAME" can run it with -h.
	run func(e *env, args []string) int

	subcommands []*command // in alphabetical order
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
			name:    "help",
			summary: "show help for gtr or one of its commands",
			usage:   "[COMMAND...]",
			doc:     helpDoc,
			run:     runHelp,
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
