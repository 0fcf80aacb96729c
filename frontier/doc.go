// Package frontier is the crawl's best-first queue of links: highest
// priority first, FIFO among equal priorities, with per-host back queues so
// one host cannot starve the others, de-duplication of every URL ever
// pushed, scope rules, and URL normalisation.
//
// Two backends implement Frontier: Memory (in-process, for tests and small
// crawls) and SQLite (persisted through package store, bounded memory at
// tens of millions of URLs, resumable after a crash). Both pass the
// conformance suite in frontier/frontiertest.
//
// Config.FocusMargin keeps a best-first crawl on its best links when
// per-host limits leave workers free (Pop then waits for the best link's
// host rather than serve a much worse link), for at most Config.FocusWait
// when that is set; Config.Since makes the SQLite
// backend see only the rows queued after a mark (an incremental re-crawl).
//
// Files:
//   - frontier.go: the Frontier interface, Config, errors.
//   - normalize.go: Normalize and HostOf.
//   - query.go: query canonicalisation: Normalizer, QueryRules, DefaultStripParams.
//   - limits.go: Limits on runaway URL spaces (count-min sketches), PatternOf.
//   - scope.go: Scope (plain config), Rules (compiled) and Allow.
//   - queue.go: per-host back queues and the heap of hosts (shared by both backends).
//   - memory.go: the in-memory backend.
//   - sqlite.go: the SQLite backend: open, Push, window admission, refill.
//   - sqlite_pop.go: the SQLite backend: Pop, widening, starvation escape, in-flight purge, Close.
//   - seen.go: the SQLite backend's Bloom filter of seen URLs, saved on Close, reloaded or rebuilt on open.
package frontier
