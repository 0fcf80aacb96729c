// Package redisshare carries a topic model's state between the processes
// of a distributed crawl through Redis: the learned strategy's judgements
// (Share) and the model's adaptive state (StatsShare).
//
// Share carries the judgements (topic.Judgement: a fetched page's
// relevance and the training example of the link to it) through one
// Redis stream, so that every process's link model trains on every
// process's pages and all focus on the same topic (topic.Sharer,
// topic.Hook.Learn).
//
// Each process buffers its judgements and, every Config.Every (200 ms),
// appends them to the stream (one entry each, in one round trip, the
// stream trimmed to about Config.MaxLen entries) and reads the entries
// added since its last read, its own skipped, into topic.Hook.Learn. A
// process that joins late reads the stream from its start. Nothing waits
// for Redis on a crawl worker's path: Publish only appends to a bounded
// buffer (judgements past Config.Buffer between two sends are dropped and
// counted). Redis errors are logged, at most once a minute, and the
// process goes on learning from its own pages.
//
// The stream is the key Config.Key; pipeline names it
// crawl:{name}:topic:judged, in the crawl's namespace, so that -fresh
// clears it with the rest of the crawl. An entry is about 300–600 bytes
// (a URL, its parent and 30–60 hashed features): 15–30 MB at the default
// MaxLen of 50,000. Encoding a judgement costs 0.29–0.35 µs on OnPage's
// path, decoding one 2.2–3.1 µs per page received (go test
// ./classifiers/topic -run '^$' -bench Judgement -cpu 1, load 15).
//
// StatsShare shares the topic model's adaptive state (topic.StatsSharer,
// topic.Model.AddStats), for every strategy: the document frequencies of
// relevance (each page's distinct hashed words), the relevance of the
// pages judged (topic.RelevanceSharer: counts by epoch and bin of a
// windowed histogram, topic.RelHist, which the threshold's calibration
// reads as the pages seen) and the pages folded into the adaptive
// centroid (their vectors' sum), so that every process weighs words,
// calibrates its threshold and moves its centroid as one process would
// over the whole crawl. Each process sums what it observed
// and, every StatsConfig.Every, adds it in one script call to the crawl's
// totals (hashes Prefix+"meta", "df", "sum", and "rel:<epoch>" for the
// topic.RelWindow latest epochs of relevance counts, older ones deleted:
// HINCRBY and HINCRBYFLOAT) and
// appends it, numbered, to the stream Prefix+"log" (trimmed to about
// StatsConfig.MaxLen entries); it reads the others' entries and adds them
// to its model. A process that starts reads the totals first (one script:
// totals and the stream's last entry at one moment); one whose next entry
// is out of sequence (the stream trimmed past it, an entry lost), or that
// finds nothing after its last entry while the crawl has numbered entries
// past it (trimmed before it read them, and no later entry to show the
// gap), reads the totals again and adds what its model lacks of them.
// An entry is the delta's binary form (delta.go): about 3 bytes a word of
// the pages sent.
// The totals hold at most topic.WordSpace words (2^18: about 20 MB in
// Redis at worst; on the demo site far fewer). On OnPage's path Observed
// costs 1.3–2.9 µs a page of 300 distinct words (a dense count array, no
// map: 38–48 µs with a map; go test ./classifiers/topic/redisshare -run
// '^$' -bench StatsObserved, load average 17 on 2 cores).
//
// Files:
//   - share.go: Config, Share (New, Publish, Close, Stats): the
//     judgements' send and receive.
//   - stats.go: StatsConfig, StatsShare (NewStats, Observed, Folded, Judged,
//     Close, Stats): the statistics' totals, stream and resync.
//   - snapshot.go: reading the totals' snapshot (a resync), the
//     relevance counts' difference.
//   - delta.go: a statistics delta's binary form (appendDelta, readDelta).
//   - pump.go: the goroutine both run on (a send and a receive every tick,
//     errors logged at most once a minute).
package redisshare
