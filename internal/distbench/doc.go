// Package distbench measures a distributed crawl: a loopback site of many
// hosts with a fixed latency per page and an access log (Site), and
// helpers that build the crawl command and run several crawl processes
// against one Redis (Cluster). Its tests are the targets of the Redis
// backend: 4 processes against 1, kill -9 during a crawl, politeness over
// processes, a Redis restart mid-crawl, the page budget over processes,
// the mining of 4 processes against 1 on the demo site
// (mining_test.go, TestMiningNvs1: merged template clusters, records,
// fuzzy topics, true harvest, the shared link model's examples, the
// relevance thresholds), and kill -9 during a re-crawl of the demo site
// (recrawlkill_test.go, TestRecrawlKillNine: every hub re-visited, every
// new article stored, re-fetches only in the at-least-once window).
//
// Files:
//   - site.go: Site: hosts, pages, links, latency, access log.
//   - cluster.go: building the crawl binary, configs, starting, killing and
//     waiting for processes, reading their stores.
package distbench
