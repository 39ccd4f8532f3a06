// Command gen writes tables_gen.go for package schema from Galaxy's tool
// XSDs: every shared/xsd/profiles/<release>.xsd as that release's schema,
// and for the releases without one there the stand-ins xsdgen lists
// (shared/xsd/galaxy.xsd for 24.2, shared/xsd/dev/galaxy-dev-2026-05.xsd
// for 25.0 to 26.1).
//
// Usage, from rules/schema (go generate does this):
//
//	go run ./internal/gen [-shared DIR] [-o FILE]
//
// The shared folder is -shared, else $GTR_SHARED, else ../../../shared.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/gen/xsdgen"
)

func main() {
	shared := flag.String("shared", "", "shared folder holding xsd/ (default $GTR_SHARED, else ../../../shared)")
	out := flag.String("o", "tables_gen.go", "output file, - for standard output")
	flag.Parse()
	dir := *shared
	if dir == "" {
		dir = os.Getenv("GTR_SHARED")
	}
	if dir == "" {
		dir = "../../../shared"
	}
	src, err := xsdgen.Generate(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if *out == "-" {
		_, err = os.Stdout.Write(src)
	} else {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
