// Package harvest is the evaluation harness of focused crawling (paper 003,
// classifiers/topic): it crawls the offline demo site (internal/demosite)
// with the real engine (crawler, memory frontier, SQLite store in a
// temporary directory) and the topic hooks, once per strategy, and measures
// the harvest rate two ways over the stored pages in seq order, up to the
// budget: true harvest = pages whose ground-truth topic (demosite Truth) is
// the crawl's topic / pages crawled; measured harvest = pages the topic hook
// marked relevant / pages crawled.
//
// Files: harvest.go (Options, Result, Run, CorpusSeeds, SectionSeeds, the
// ground-truth oracle, Format); cmd/ (the
// command: go run ./internal/harvest/cmd).
package harvest
