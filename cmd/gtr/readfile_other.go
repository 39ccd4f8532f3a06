//go:build !unix

package main

import "os"

// readFile reads the file at path (see readfile_unix.go).
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
