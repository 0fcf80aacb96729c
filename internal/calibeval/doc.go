// Package calibeval measures how well the topic hook's relevance threshold
// (classifiers/topic: calibrate.go, mixture.go, relevance.go) is
// calibrated: over many topics with known truth, the measured harvest of a
// crawl (the share of pages the hook called relevant) against its true
// harvest (the share carrying the topic's label), as
// |ln((measured + 0.01)/(true + 0.01))|, and the share of pages whose
// relevant flag disagrees with the truth.
//
// Topics come from the saved link graphs of internal/linkgraph (Python and
// PostgreSQL documentation chapters, Wikispeedia categories: replays with
// the real hook and frontier) and from the demo site (internal/harvest:
// the real engine, truth from the site's generator). Split holds the
// tuning and report topics, declared before any figure was looked at
// (classifiers/topic/README.md).
//
// Files: calibeval.go (Options, Outcome, Run, the errors, Summarise,
// Format); split.go (Topic, the tuning and report topics); demo.go (the
// demo site's topics); rejudge.go (Rejudge: a crawl's pages re-judged
// offline under another threshold rule); read.go (WriteOutcomes,
// ReadOutcomes: the outcomes as JSON, checked when read); cmd/ (the
// command: go run ./internal/calibeval/cmd).
package calibeval
