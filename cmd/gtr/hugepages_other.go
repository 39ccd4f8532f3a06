//go:build !linux || !(amd64 || arm64)

package main

// useHugePages does nothing here: transparent huge pages are asked for on
// Linux only (see hugepages_linux.go).
func useHugePages(n int) {}
