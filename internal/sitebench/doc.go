// Package sitebench measures what turning the built-in methods on costs on
// a real site: it serves a directory of pages (a Debian documentation
// package, a saved site) on a loopback port, runs the same crawl
// configuration twice per round as child processes — once with every
// built-in off, once as configured, after one uncounted crawl that reads
// the site's files into the page cache — and reports pages/s with the exports
// included in the time, CPU time a page (the ratio a crawl with no core to
// spare would see), peak resident memory, and what the built-ins made
// of the site: the widest records table, the largest fuzzy topic's share
// of the pages, the share of pages labelled hub (and the hub F1 against
// the site's true labels when they are given: a list of hub paths, every
// other page a topic, or a TSV of path and label, whose unlisted pages
// are left out of the F1 and counted apart). Beside the ratio of the
// medians it gives each round's own ratio (its two crawls run back to
// back), their median and the lowest, and from 5 rounds on an interval the
// rounds' median lies in with at least 90 % confidence (order statistics,
// no assumption on the ratios' distribution): how robustly the ratio holds
// on a machine whose speed moves from minute to minute.
//
// With Config.Each every round also crawls with each configured built-in
// alone, and the report gives each one's pages/s and its extra time a page
// as a share of what all of them add together.
//
// Files:
//   - bench.go: Config, Run, the rounds and the child processes.
//   - alone.go: the built-ins crawled alone: extra time a page and shares.
//   - interval.go: the distribution-free interval of the rounds' median.
//   - outputs.go: reading a run's summary and export files into figures.
//   - serve.go: the loopback file server and the {site} placeholder.
package sitebench
