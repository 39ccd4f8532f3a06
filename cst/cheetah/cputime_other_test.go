//go:build !linux

package cheetah

import "time"

// threadTime returns wall-clock time where the thread's CPU time is not
// at hand.
func threadTime() time.Duration { return time.Duration(time.Now().UnixNano()) }
