package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is gtr's version, set at link time with
//
//	go build -ldflags "-X main.version=v1.2.3" ./cmd/gtr
//
// When it is empty, gtr reports the module version recorded in the binary,
// or "devel".
var version string

const versionDoc = `
Version prints gtr's version and the Go version and platform it was built
for. "gtr --version" prints the same.`

func runVersion(e *env, args []string) int {
	args, code, ok := e.parse(e.flagSet(), args)
	if !ok {
		return code
	}
	if len(args) > 0 {
		return e.usageError("unexpected argument %q", args[0])
	}
	fmt.Fprintf(e.stdout, "gtr %s (%s %s/%s)\n", gtrVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

// gtrVersion returns the version of this gtr binary.
func gtrVersion() string {
	if version != "" {
		return version
	}
	// go build records a module version (a tag or a pseudo-version) when
	// it can read the VCS state; "(devel)" otherwise.
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
