//go:build !unix

package pipeline_test

import "time"

// cpuTime is not measured here: the CPU-cost figures read 0.
func cpuTime() time.Duration { return 0 }

// sysTime is not measured here either.
func sysTime() time.Duration { return 0 }
