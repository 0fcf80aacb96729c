//go:build !unix

package sitebench

import "os"

// peakRSS is not measured where getrusage is missing.
func peakRSS(*os.ProcessState) int64 { return 0 }
