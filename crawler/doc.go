// Package crawler is the crawl engine. It pops links from a frontier.Frontier
// (best-first), fetches them through Colly with robots.txt, per-host
// politeness, retries and redirect checks, decodes and parses each page, runs
// the hooks of a hooks.Chain and stores everything through a Store.
//
// Files:
//   - crawler.go: Crawler, New and its options (HostGate: politeness shared
//     with other processes), Run.
//   - schedule.go: the dispatch loop (frontier Pop gated by host readiness).
//   - pause.go: Pause and Resume, the gate the dispatch loop waits on.
//   - worker.go: one link end to end — redirects, robots, page building, hooks.
//   - drops.go: marking the out-links the frontier will drop
//     (crawl.Link.FrontierDrops, frontier.Dropper) and those the crawler
//     refuses unfetched (crawl.Link.Refused) before the URL hooks run, so
//     that the built-in hooks skip work whose product nothing uses.
//   - fetch.go: the Colly-based fetcher, retries with backoff and Retry-After.
//   - drain.go: a refused body read to its end before it is closed (up to
//     64 KiB), so that its connection carries the next request.
//   - filekinds.go: per host and extension, whether its URLs are pages;
//     the files of an extension refused as not HTML are not fetched again.
//   - robots.go: the bounded robots.txt cache, one entry per origin
//     (scheme and crawl.HostKey; decisions: package robots).
//   - transport.go: the transport wrapper option; the crawl's identity
//     (User-Agent, Header, cookie jar) on robots.txt and sitemap requests
//     as on pages; Client, that identity for requests outside Run.
//   - held.go: URLs waiting for their host's robots.txt (5xx, unreachable).
//   - hosts.go: per-host parallelism and delay on every request sent
//     (pages, redirect hops, retries, robots.txt; Crawl-delay aware).
//   - charset.go: charset detection and decoding to UTF-8.
//   - parse.go: one DOM walk for title, meta, text and out-links (capped per page).
//   - navlinks.go: the navigation <link> elements followed (rel next,
//     prev, index, contents, chapter, appendix, up, …; not stylesheet,
//     canonical, alternate, search, copyright): out-links after the
//     body's, de-duplicated with them, under the same cap and nofollow,
//     marked by crawl.Link.Rel with the title attribute as anchor.
//   - dedup.go: duplicate pages (identical body or near SimHash, package dedup) and duplicate-maze patterns.
//   - quota.go: the per-host page quota (restored on resume; left to a
//     frontier that keeps it for all processes).
//   - dedupshare.go: DupShare, duplicate detection shared by the processes
//     of a distributed crawl (a log replayed into the local index).
//   - sitemaps.go: sitemaps from seeds and robots.txt read into the frontier;
//     ReadSitemaps, the same reading outside Run (a re-crawl's sitemap seeds).
//   - outside.go: Outside, requests outside Run under the crawl's robots.txt,
//     politeness and client (ReadSitemaps; a topic's seed pages).
//   - writer.go: grouped, ordered commits and the OnBatch goroutine; settling
//     a shared frontier's leases after each commit; WithPagesStored told
//     after the last commit, before the final batch's hooks. A group is stored at
//     once when it brings a new link (frontier.Novelty) better than the one
//     dispatched last or the best queued; README.md has what that rule
//     costs and saves.
//   - resume.go: continuing a store left by an earlier (possibly killed) run.
//   - stats.go: live statistics, progress and the end-of-run Summary.
//   - hoststats.go: Hosts, each host's politeness state for live views,
//     left in the store's meta at the end of Run.
//   - config.go: Config, its defaults and validation.
//
// Durability: a page's out-links are pushed to the (persisted) frontier
// before the page is stored and its URL marked done, in that order, so a
// run killed at any moment and started again fetches every URL that was not
// stored, and none that was. Batches are stored after their hooks ran, in
// one transaction with the pages' batch marks; pages of a batch that was not
// stored go through the batch hooks again on resume.
//
// Hook order for one page: OnPage hooks (in chain order), then OnURL hooks
// for each of its out-links in document order. OnBatch hooks run on their
// own goroutine, never two batches at once. A batch holds Config.BatchSize
// pages, or fewer once their bodies reach Config.BatchBytes; its pages keep
// their DOM and body until it ran only when a batch hook needs them
// (hooks.Needs), else the DOM goes right after OnPage and the body once the
// page is stored.
package crawler
