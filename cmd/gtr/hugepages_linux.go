//go:build linux && (amd64 || arm64)

package main

import (
	"bytes"
	"os"
	"syscall"
	"unsafe"
)

// hugePageSize is the size of a transparent huge page on amd64 and arm64
// with 4 KiB base pages.
const hugePageSize = 2 << 20

// useHugePages asks Linux to back the next n bytes of the heap with
// transparent huge pages, for a run over many files. Such a run touches a
// few hundred megabytes of fresh heap, and with 4 KiB pages every page is
// a fault: over the corpus that was about a fifth of gtr's CPU time. Go
// does not ask for huge pages itself, and most Linux systems give them
// only to memory that asks (transparent_hugepage "madvise").
//
// The runtime maps heap memory as the heap grows, so the region is first
// made heap by one large allocation (fresh memory that nothing touches,
// so nothing is faulted in), marked with madvise, and dropped; the
// allocations of the run then reuse it once a collection has freed it.
// No collection is forced for that: the region puts the heap far past
// its goal, so the run's first allocations start one at once, and it runs
// beside them. A forced one (runtime.GC) waited for a whole cycle and its
// sweep before the first file was read: 10-15 ms of a run of gtr check
// over the corpus with only one core busy, about 2% of its time.
//
// This is done only where it can help and cannot hurt: when the kernel
// gives huge pages on request, does not refuse large mappings (strict
// overcommit), and n is at most a quarter of the machine's memory.
// GTR_HUGEPAGES=0 turns it off.
func useHugePages(n int) {
	if os.Getenv("GTR_HUGEPAGES") == "0" || !hugePagesOnRequest() {
		return
	}
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return
	}
	if total := uint64(si.Totalram) * uint64(si.Unit); uint64(n) > total/4 {
		n = int(total / 4)
	}
	if n < 16*hugePageSize {
		return
	}
	b := make([]byte, n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := (p + hugePageSize - 1) &^ (hugePageSize - 1)
	end := (p + uintptr(n)) &^ (hugePageSize - 1)
	// Advice only: when the kernel refuses it the run goes on with small
	// pages.
	_ = syscall.Madvise(b[start-p:end-p], syscall.MADV_HUGEPAGE)
	// b is dead here: the run's first collection frees the region.
}

// hugePagesOnRequest reports whether the kernel gives transparent huge
// pages to memory that asks for them and not to all memory anyway, and
// overcommits memory (so that reserving the region costs nothing).
func hugePagesOnRequest() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !bytes.Contains(mode, []byte("[madvise]")) {
		return false
	}
	commit, err := os.ReadFile("/proc/sys/vm/overcommit_memory")
	return err == nil && !bytes.HasPrefix(commit, []byte("2"))
}
