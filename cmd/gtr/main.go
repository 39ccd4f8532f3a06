// Command gtr formats, lints and refactors Galaxy tool XML.
//
// Each subcommand lives in its own file and is listed in the command table
// in commands.go. Commands print results on standard output and problems on
// standard error, and exit with exitOK, exitFindings or exitError.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"
)

// Exit codes, the same for every command.
const (
	exitOK       = 0 // nothing to report
	exitFindings = 1 // findings, or files that do not pass a check
	exitError    = 2 // usage error, unreadable input or internal error
)

func main() {
	// By default the runtime samples an allocation in every 512 KiB for
	// heap profiles, unwinding the stack of each: about a thousand
	// unwinds over the corpus that only GTR_MEMPROFILE reads.
	if os.Getenv("GTR_MEMPROFILE") == "" {
		runtime.MemProfileRate = 0
	}
	tuneGC()
	term := newTermLine(os.Stderr)
	stdout := bufio.NewWriterSize(term.guard(os.Stdout), 64<<10) // findings run to megabytes: fewer, larger writes
	c := &cli{root: root, stdin: os.Stdin, stdout: stdout, stderr: term.guard(os.Stderr), color: useColor(os.Stdout), term: term}
	stop := startProfile()
	code := c.main(os.Args[1:])
	stop()
	if err := stdout.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "gtr: writing output: %v\n", err)
		code = exitError
	}
	os.Exit(code)
}

// cli is one run of the program: the command tree and the standard streams.
type cli struct {
	root   *command
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer
	color  bool      // colour diffs: stdout is a terminal and NO_COLOR is not set
	term   *termLine // the progress line on standard error; nil for none
}

// useColor reports whether output to f may be coloured: f is a terminal
// and NO_COLOR (https://no-color.org) is unset or empty.
func useColor(f *os.File) bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// main runs the command that args name and returns the exit code.
func (c *cli) main(args []string) int {
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		args = append([]string{"version"}, args[1:]...)
	}
	return c.dispatch(c.root, "gtr", args)
}

// dispatch runs the subcommand of group that args[0] names; name is the
// group's full name, such as "gtr debug".
func (c *cli) dispatch(group *command, name string, args []string) int {
	if len(args) == 0 {
		c.printGroupUsage(c.stderr, group, name)
		return exitError
	}
	if isHelpFlag(args[0]) {
		c.printGroupUsage(c.stdout, group, name)
		return exitOK
	}
	cmd := group.sub(args[0])
	if cmd == nil {
		return c.unknownCommand(group, name, args[0])
	}
	full := name + " " + cmd.name
	if cmd.subcommands != nil {
		return c.dispatch(cmd, full, args[1:])
	}
	return cmd.run(&env{cli: c, cmd: cmd, name: full}, args[1:])
}

func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// unknownCommand reports a command name that group does not have, with the
// closest name when one is near enough to be a typo.
func (c *cli) unknownCommand(group *command, name, arg string) int {
	c.stdout.Flush()
	if strings.HasPrefix(arg, "-") {
		fmt.Fprintf(c.stderr, "%s: unknown flag %q\nrun '%s' for usage\n", name, arg, helpCommand(name))
		return exitError
	}
	msg := fmt.Sprintf("%s: unknown command %q", name, arg)
	var names []string
	for _, sub := range group.subcommands {
		names = append(names, sub.name)
	}
	if s := suggest(arg, names); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	fmt.Fprintf(c.stderr, "%s\nrun '%s' for a list of commands\n", msg, helpCommand(name))
	return exitError
}

// printGroupUsage prints the usage of a command that has subcommands.
func (c *cli) printGroupUsage(w io.Writer, group *command, name string) {
	c.stdout.Flush() // w may be stderr: keep the streams in order
	fmt.Fprintf(w, "usage: %s\n\n%s\n\nCommands:\n", synopsis(name, group), strings.TrimSpace(group.description()))
	width := 0
	for _, sub := range group.subcommands {
		width = max(width, len(sub.name))
	}
	for _, sub := range group.subcommands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, sub.name, sub.summary)
	}
	fmt.Fprintf(w, "\nrun '%s <command>' for details on a command\n", helpCommand(name))
}

// helpCommand returns the help command for the command called name, such
// as "gtr help debug" for "gtr debug".
func helpCommand(name string) string {
	return "gtr help" + strings.TrimPrefix(name, "gtr")
}

// env is what a running command sees: the cli, its own table entry and its
// full name, such as "gtr debug tree".
type env struct {
	*cli
	cmd  *command
	name string
}

// flagSet returns an empty flag set for the command. Parse it with
// [env.parse], which prints usage and errors.
func (e *env) flagSet() *flag.FlagSet {
	flags := flag.NewFlagSet(e.name, flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	flags.Usage = func() {}
	return flags
}

// parse parses args with flags, allowing flags after positional arguments as
// ruff and go test do; "--" ends the flags. It returns the positional
// arguments, or ok false and the exit code when the command should stop:
// after -h (usage on stdout, exitOK) or a bad flag (exitError).
func (e *env) parse(flags *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	for {
		if err := flags.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				e.printUsage(e.stdout, flags)
				return nil, exitOK, false
			}
			return nil, e.usageError("%v", err), false
		}
		rest := flags.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		// flag.Parse stops at the first non-flag argument or just after
		// "--"; after "--" everything is positional.
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), 0, true
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// printUsage prints the command's usage, description and flags.
func (e *env) printUsage(w io.Writer, flags *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", synopsis(e.name, e.cmd), strings.TrimSpace(e.cmd.description()))
	hasFlags := false
	flags.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		flags.SetOutput(w)
		flags.PrintDefaults()
		flags.SetOutput(io.Discard)
	}
}

// usageError reports a usage error and returns exitError.
func (e *env) usageError(format string, args ...any) int {
	e.stdout.Flush()
	fmt.Fprintf(e.stderr, "%s: %s\nusage: %s\nrun '%s' for details\n",
		e.name, fmt.Sprintf(format, args...), synopsis(e.name, e.cmd), helpCommand(e.name))
	return exitError
}

// synopsis returns the usage line of cmd called by its full name.
func synopsis(name string, cmd *command) string {
	if cmd.usage == "" {
		return name
	}
	return name + " " + cmd.usage
}

// pathError reports a file that cannot be read as "gtr: path: error". When
// path is "", the path comes from err.
func (e *env) pathError(path string, err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if path == "" {
			path = pe.Path
		}
		err = pe.Err
	}
	e.stdout.Flush() // keep stdout and stderr in order on a terminal
	fmt.Fprintf(e.stderr, "gtr: %s: %v\n", path, err)
}
