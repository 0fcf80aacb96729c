// Package sqlitefrontier is the persisted frontier backend: a
// frontier.Frontier whose every pushed link is a frontier row of a crawl
// store (package store) when Push returns, popped again after a crash until
// its page or failure is saved. Memory stays bounded: a window of the best
// queued links, the links in flight and a Bloom filter of seen URLs. It
// passes frontier/frontiertest.
//
// Files:
//   - sqlite.go: New, Push, PushWith (links saved in the pages' transaction), window admission, refill.
//   - sqlite_pop.go: Pop, widening, starvation escape, in-flight purge, Close.
//   - rescore.go: Rescore of the window.
//   - seen.go: the Bloom filter of seen URLs, saved on Close when reloading beats rebuilding it, reloaded or rebuilt on open.
package sqlitefrontier
