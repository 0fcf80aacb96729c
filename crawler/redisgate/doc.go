// Package redisgate is per-host politeness shared through Redis by every
// process of a distributed crawl (crawler.HostGate): at most PerHost
// requests in flight to a host and at least the host's delay between the
// start of one request and the start of the next, and between the end of
// one and the start of the next, over all processes — the host's own log
// never shows two requests closer. Times come from the Redis server's
// clock, so the machines' clocks need not agree. A slot held by a process
// that dies frees itself after SlotTTL.
//
// Robots shares robots.txt answers (crawler.RobotsShare), so a host's
// robots.txt is fetched about once per crawl rather than once per process.
//
// Dups shares duplicate detection (crawler.DupShare): the log dd:log of
// every kept page's fingerprint and every duplicate's URL, appended to
// only by a process that has seen all of it.
//
// Files:
//   - gate.go: Config, New, Acquire, Ready, Close, the Lua scripts.
//   - robots.go: Robots, the shared robots.txt answers.
//   - dups.go: Dups, the shared duplicate log, and its entry encoding.
package redisgate
