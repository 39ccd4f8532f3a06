//go:build !linux

package main

// dropImagePages does nothing here: see imagepages_linux.go.
func dropImagePages() {}
