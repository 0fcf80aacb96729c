//go:build unix

package pipeline_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used: under a
// loaded machine it measures a crawl's cost better than its duration.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// sysTime is the system part of cpuTime: the kernel's work for the
// process (its reads, writes and fsyncs among it).
func sysTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Stime.Nano())
}
