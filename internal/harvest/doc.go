// Package harvest is the evaluation harness of focused crawling (paper 003,
// classifiers/topic): it crawls the offline demo site (internal/demosite)
// with the real engine (crawler, memory frontier, SQLite store in a
// temporary directory) and the topic hooks, once per strategy, and measures
// the harvest rate two ways over the stored pages in seq order, up to the
// budget: true harvest = pages whose ground-truth topic (demosite Truth) is
// the crawl's topic / pages crawled; measured harvest = pages the topic hook
// marked relevant / pages crawled.
//
// Seeds: by default the topic's first articles in corpus order (for sport
// these are all athletics stories); DrawSeeds draws them at random from
// TopicArticles with a fixed PCG seed, so that a figure can be reported
// over several draws (mean and minimum), every strategy on the same draws.
//
// Tuning protocol: parameters are chosen on the topics business,
// entertainment, politics and tech as the crawl's topic; sport is the
// reported topic, run only to measure (README.md has the figures).
//
// Files: harvest.go (Options, Result, Run, SectionSeeds, the ground-truth
// oracle, Format); seeds.go (TopicArticles, CorpusSeeds, DrawSeeds,
// Summary); cmd/ (the command: go run ./internal/harvest/cmd).
package harvest
