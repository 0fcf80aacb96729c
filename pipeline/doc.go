// Package pipeline wires a configuration into a running crawl: the store,
// the persisted frontier, the built-in hooks of the five papers (each a
// small adapter from a mining package to the hook interfaces and the
// store), the demo site for demo configurations, the incremental re-crawl
// and the end-of-run exports. Only this package and cmd/crawl know about
// all the others; the mining packages never import the engine.
//
// Files:
//   - pipeline.go: Open, Run, Close, engine and scope settings.
//   - hooks.go: the built-ins in their documented order.
//   - topic.go, hub.go, clusters.go, records.go, topics.go: one built-in each.
//   - seedpages.go: the topic's seed pages fetched as the crawl fetches
//     (crawler.Outside), begun beside the store's and frontier's opening
//     when nothing Open sets up is needed for them.
//   - adapters.go: the adapters between built-ins and the store that cmd/crawl reuses
//     (LoadHubModel, RestoreClusters, ClusterRows, TopicDoc, StoredTopicDocs).
//   - demo.go: the demo site and the {demo:N}/{sport:N} seed placeholders.
//   - recrawl.go: re-visiting hub pages with conditional GET.
//   - lastmod.go: the stored pages a sitemap seed says changed since their
//     fetch (re-crawl; read in Open, archived and through the shared politeness).
//   - files.go: -fresh, -check (files named, cookie file), the output
//     directory check and Export.
//   - exports.go: the exports written two at a time (the records first;
//     Crawl closes the frontier beside them), logged in configured order.
//   - earlyexports.go: the exports Crawl begins once the last page is
//     stored (links, failures: nothing a batch hook writes), beside the
//     final batch's hooks, and puts in place only when the run's exports
//     are due.
//   - plan.go: Plan, the effective plan -check prints, one line per aspect.
//   - summary.go: Crawl (the whole job of `crawl -config` in one call) and
//     Report (the end-of-run summary the command line prints).
//   - warc.go: WARC writing (the writer opened in Open, recording transport,
//     flush before each commit), PrepareReplay; warcexport.go: a store as WARC;
//     bodygzips.go: each body deflated once, for the archive and the store.
//   - replay.go: replay in archive order (orderedFrontier) and
//     ArchivedOnly, the OnURL hook of a replay.
//   - distributed.go: the Redis client and shared politeness (before a
//     re-crawl's sitemap re-read) and the Redis frontier of a
//     distributed configuration, Owner, ClearDistributed, DistributedStatus.
//   - topicshare.go: a distributed crawl's learned topic strategy learns
//     from every process's pages (classifiers/topic/redisshare), TopicShareKey.
//   - merge.go: MineMerged, the mining of several stores (a distributed
//     crawl's shards) as one crawl for the merged export: template
//     clusters reclustered in canonical order over every taken page (one
//     id space, the partition one process's final pass gives) or the
//     stores' centres merged, fuzzy topics over the merged pages.
package pipeline
