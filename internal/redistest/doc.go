// Package redistest starts a real redis-server for tests: on a free
// loopback port, in a temporary directory, stopped in t.Cleanup. Without
// redis-server on PATH (or at /usr/bin/redis-server) a test is skipped,
// unless CRAWL_REQUIRE_REDIS=1 (set by .ci/run): then it fails.
//
// Files:
//   - redistest.go: Start, Server (Addr, URL, Client, Restart, Stop, UsedMemory).
package redistest
