//go:build linux

package main

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// dropImagePages takes the pages of gtr's own executable out of its
// resident set: the read-only mappings of the file (code and read-only
// data), which the kernel fills again from the page cache as they are
// used. It is for a run over many files, whose peak RSS counts every page
// of the executable that the process ever touched, and more: each fault on
// the file maps its neighbours too (fault-around, 64 KiB), so by the end
// of startup some 11 MiB of the 15 MiB of code and read-only data are
// resident, much of it package initialisation, flag parsing and
// configuration loading, never run again. Over the corpus the run then
// holds about 10 MiB of it at its end instead of 13.5 (see README,
// Performance), which batchMemoryLimit gives to the heap.
//
// Dropping clean file pages loses nothing: they are read back from the
// page cache (the file's, not the process's) on the next touch. Writable
// mappings (initialised data, changed since) are left alone.
func dropImagePages() {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		return
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return
	}
	for line := range bytes.Lines(maps) {
		// address perms offset dev inode pathname
		f := bytes.Fields(line)
		if len(f) != 6 || string(f[5]) != exe || len(f[1]) < 2 || f[1][1] == 'w' {
			continue
		}
		lo, hi, ok := bytes.Cut(f[0], []byte{'-'})
		if !ok {
			continue
		}
		start, err1 := strconv.ParseUint(string(lo), 16, 64)
		end, err2 := strconv.ParseUint(string(hi), 16, 64)
		if err1 != nil || err2 != nil || end <= start {
			continue
		}
		// Advice only: a refusal leaves the pages where they are.
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, uintptr(start), uintptr(end-start), syscall.MADV_DONTNEED)
	}
}
