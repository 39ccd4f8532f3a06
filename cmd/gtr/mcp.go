package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const mcpDoc = `
Mcp serves gtr's tools to AI agents over the Model Context Protocol:
check_tool, format_tool, expand_tool, validate_tool, upgrade_tool,
tokenize_version_tool, find_references_tool, rename_param_tool,
list_rules, list_rulesets and version take a tool's XML (and the macro
files it imports) as strings and never touch the disk; check_paths and format_paths work on the files of
the working tree, the directory the server is started in (paths outside
it are refused): they walk, check and format as "gtr check" and "gtr
format" do there, and format_paths writes (unless dry_run). Both send MCP
progress notifications when the call carries a progressToken.

Every result carries gtr's version and rule-set digest, in its
structured content ("gtr") and its _meta. The server checks on every call
that its executable is still the file it started from; once it was
replaced (a rebuild, an upgrade) every tool but version answers
error_kind "binary_replaced": restart the server.

Every tool call runs under a deadline, 30s unless -call-timeout D says
otherwise (a Go duration such as 90s or 2m; 0 turns it off). Past it the
engine working on the call is stopped and the call answers error_kind
"timeout"; the server goes on serving. A macro or token whose definition
expands exponentially answers "expansion_too_large". At most as many
calls check, format, expand or validate at once as there are CPUs
(GOMAXPROCS); the others wait for a free slot, under their deadline. The
server sets itself a soft memory limit of 1 GiB (runtime/debug
SetMemoryLimit: the garbage collector works harder as the heap nears it),
unless GOMEMLIMIT is set, which then decides.

By default the server speaks newline-delimited JSON-RPC on standard input
and output, as MCP clients expect of a command they start, and exits when
standard input ends. A line that is not a JSON-RPC message gets a JSON-RPC
error response (parse error or invalid request) and the server goes on.

With -http ADDR it serves the streamable HTTP transport at
http://ADDR/ instead and prints the URL on standard error; ADDR may use
port 0 for a free port. It stops on SIGINT or SIGTERM. The address must be
a loopback one (127.0.0.1, [::1] or localhost) unless -allow-remote is
given: the tools run on whatever XML a client sends, and there is no
authentication. Requests whose Host header is not a loopback name are
refused, against DNS rebinding.`

func runMCP(e *env, args []string) int {
	fs := e.flagSet()
	addr := fs.String("http", "", "serve streamable HTTP on `ADDR` (such as 127.0.0.1:8080) instead of stdio")
	remote := fs.Bool("allow-remote", false, "allow -http on a non-loopback address")
	timeout := fs.Duration("call-timeout", mcpserver.DefaultCallTimeout, "stop a tool call that runs longer than `D` and answer error_kind timeout (0: no deadline)")
	args, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(args) > 0 {
		return e.usageError("unexpected argument %q", args[0])
	}
	if *timeout < 0 {
		return e.usageError("-call-timeout %s: the deadline must be positive, or 0 for none", *timeout)
	}
	opts := mcpserver.Options{CallTimeout: *timeout}
	if wd := workDir(); wd != "" {
		opts.WorkTree = &workTree{root: wd}
	}
	if *timeout == 0 {
		opts.CallTimeout = -1 // none
	}
	if *remote && *addr == "" {
		return e.usageError("-allow-remote needs -http")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(mcpMemoryLimit)
	}
	server := mcpserver.New(gtrVersion(), opts)
	if *addr == "" {
		if err := server.Run(ctx, newStdioTransport(e.stdin, os.Stdout)); err != nil && ctx.Err() == nil {
			fmt.Fprintf(e.stderr, "%s: %v\n", e.name, err)
			return exitError
		}
		return exitOK
	}
	if !*remote && !isLoopback(*addr) {
		return e.usageError("-http %s is not a loopback address; the server has no authentication, so add -allow-remote to serve other hosts", *addr)
	}
	return e.serveHTTP(ctx, server, *addr)
}

// mcpMemoryLimit is the soft memory limit the server sets itself. The
// engines run at most GOMAXPROCS calls at once, each bounded by its input
// (1 MiB at most) and the expansion bound; what grows with the number of
// calls is their queued arguments. A limit well above that makes the
// collector reclaim early when many calls queue, rather than let the heap
// double between collections towards an out-of-memory death.
const mcpMemoryLimit = 1 << 30

// isLoopback reports whether addr (host:port) names a loopback host.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveHTTP serves the MCP server over streamable HTTP until ctx ends.
func (e *env) serveHTTP(ctx context.Context, server *mcp.Server, addr string) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", e.name, err)
		return exitError
	}
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	srv := &http.Server{
		// Refuse cross-origin browser requests: a web page must not drive
		// a server on the user's machine.
		Handler:           http.NewCrossOriginProtection().Handler(handler),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(e.stderr, "gtr mcp: serving MCP (streamable HTTP) at http://%s/\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(e.stderr, "%s: %v\n", e.name, err)
		return exitError
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		// Open event streams may outlive the grace period: cut them.
		srv.Close()
		if !errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(e.stderr, "%s: %v\n", e.name, err)
			return exitError
		}
	}
	return exitOK
}
