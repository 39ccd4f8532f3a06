//go:build !linux

package main

import "errors"

// peakRSS is known on Linux only.
func peakRSS() (int64, error) { return 0, errors.New("the peak resident set is read on Linux only") }
