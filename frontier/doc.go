// Package frontier is the crawl's best-first queue of links: highest
// priority first, FIFO among equal priorities, with per-host back queues so
// one host cannot starve the others, de-duplication of every URL ever
// pushed, scope rules, and URL normalisation.
//
// This package is the frontier's vocabulary (Frontier, Config, Scope,
// Limits, Normalize) and its in-memory backend, Memory (in-process, for
// tests and small crawls); it links no storage. Each other backend is its
// own package: frontier/sqlitefrontier (persisted through package store,
// bounded memory at tens of millions of URLs, resumable after a crash).
// Every backend passes the conformance suite in frontier/frontiertest; the
// in-memory machinery they share (per-host queues, Recent) is in
// frontier/internal/queue.
//
// Config.FocusMargin keeps a best-first crawl on its best links when
// per-host limits leave workers free (Pop then waits for the best link's
// host rather than serve a much worse link), for at most Config.FocusWait
// when that is set; Config.Since makes the SQLite
// backend see only the rows queued after a mark (an incremental re-crawl).
//
// Files:
//   - frontier.go: the Frontier interface, Config, errors; Novelty (would a
//     link be queued as new, the best queued priority: the crawler's writer
//     asks before storing a group at once for a better link); Dropper
//     (which links Push will drop whatever their priority and label: the
//     crawler asks before the URL hooks run, every backend answers).
//   - normalize.go: Normalize (the host key of a URL is crawl.HostKey).
//   - query.go: query canonicalisation: Normalizer, QueryRules, DefaultStripParams.
//   - pagelinks.go: PageNormalizer, Normalize for the links of one page
//     (fragments and plain relative paths resolved without parsing).
//   - limits.go: Limits on runaway URL spaces and their Limiter (count-min sketches), PatternOf.
//   - scope.go: Scope (plain config), Rules (compiled), Allow and Allows
//     (the same test without building the error).
//   - memory.go: the in-memory backend.
//   - rescore.go: Rescorer, Memory.Rescore.
package frontier
