//go:build unix

package rst

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used, so
// that timings on a shared machine can be told from waiting.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
