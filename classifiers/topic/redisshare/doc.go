// Package redisshare carries the learned topic strategy's judgements
// (topic.Judgement: a fetched page's relevance and the training example
// of the link to it) between the processes of a distributed crawl through
// one Redis stream, so that every process's link model trains on every
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
// Files:
//   - share.go: Config, Share (New, Publish, Close, Stats), the send and
//     receive loop.
package redisshare
