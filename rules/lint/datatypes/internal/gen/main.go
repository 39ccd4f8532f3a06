// Command gen writes builtin_gen.go for package datatypes: the datatype
// extensions of Galaxy's datatypes_conf.xml.sample (shared/galaxy/), the
// configuration Galaxy's ValidDatatypes linter checks against.
//
// Usage, from rules/lint/datatypes (go generate does this):
//
//	go run ./internal/gen [-shared DIR] [-o FILE]
//
// The shared folder is -shared, else $GTR_SHARED, else ../../../../shared.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/galaxy-gtr/gtr/rules/lint/datatypes/internal/conf"
)

// Sample is the sample configuration's path in the shared folder, and the
// name the generated file gives it.
const Sample = "galaxy/datatypes_conf.xml.sample"

func main() {
	shared := flag.String("shared", "", "shared folder holding galaxy/ (default $GTR_SHARED, else ../../../../shared)")
	out := flag.String("o", "builtin_gen.go", "output file, - for standard output")
	flag.Parse()
	dir := *shared
	if dir == "" {
		dir = os.Getenv("GTR_SHARED")
	}
	if dir == "" {
		dir = "../../../../shared"
	}
	if err := run(filepath.Join(dir, Sample), *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(sample, out string) error {
	src, err := os.ReadFile(sample)
	if err != nil {
		return err
	}
	exts, err := conf.Extensions(sample, src)
	if err != nil {
		return err
	}
	code, err := conf.Render(Sample, exts)
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = os.Stdout.Write(code)
		return err
	}
	return os.WriteFile(out, code, 0o644)
}
