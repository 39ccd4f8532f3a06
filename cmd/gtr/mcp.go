package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const mcpDoc = `
Mcp serves gtr's tools to AI agents over the Model Context Protocol:
check_tool, format_tool, list_rules, list_rulesets and version. They take a
tool's XML as a string and never touch the disk.

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
	args, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(args) > 0 {
		return e.usageError("unexpected argument %q", args[0])
	}
	if *remote && *addr == "" {
		return e.usageError("-allow-remote needs -http")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	server := mcpserver.New(gtrVersion())
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
