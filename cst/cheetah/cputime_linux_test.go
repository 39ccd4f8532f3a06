//go:build linux

package cheetah

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadTime returns the CPU time the calling thread has used
// (CLOCK_THREAD_CPUTIME_ID), and locks the goroutine to that thread: the
// machine running the tests is shared, and wall-clock time counts the
// time others run.
func threadTime() time.Duration {
	runtime.LockOSThread()
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
