package main

const helpDoc = `
Help prints the list of commands, or the usage of one command, such as
"gtr help debug tree". "gtr COMMAND -h" prints the same.`

func runHelp(e *env, args []string) int {
	names, code, ok := e.parse(e.flagSet(), args)
	if !ok {
		return code
	}
	group, name := e.root, "gtr"
	for i, arg := range names {
		cmd := group.sub(arg)
		if cmd == nil {
			return e.unknownCommand(group, name, arg)
		}
		name += " " + cmd.name
		if cmd.subcommands == nil {
			if i < len(names)-1 {
				return e.usageError("%s has no subcommand %q", name, names[i+1])
			}
			// Every run parses its flags first, so -h prints its usage,
			// flags included, and returns.
			return cmd.run(&env{cli: e.cli, cmd: cmd, name: name}, []string{"-h"})
		}
		group = cmd
	}
	e.printGroupUsage(e.stdout, group, name)
	return exitOK
}
