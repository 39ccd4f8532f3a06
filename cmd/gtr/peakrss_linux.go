package main

import (
	"bytes"
	"errors"
	"os"
	"strconv"
)

// peakRSS returns the peak resident set of this process's memory image
// (VmHWM), in bytes.
func peakRSS() (int64, error) { return procStatus("VmHWM") }

// procStatus returns the field of /proc/self/status named name, a size in
// kB there, in bytes.
func procStatus(name string) (int64, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for line := range bytes.Lines(status) {
		if v, ok := bytes.CutPrefix(line, []byte(name+":")); ok {
			kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no " + name + " in /proc/self/status")
}
