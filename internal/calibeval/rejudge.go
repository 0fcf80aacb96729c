package calibeval

import (
	"slices"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// refreshEvery is how often (pages) Rejudge recomputes the threshold, as
// the topic model refreshes its relevance space.
const refreshEvery = 10

// Rejudge re-judges o's pages under another threshold rule, offline: page
// k is relevant when its relevance reaches the rule's threshold from the
// seeds' leave-one-out cosines of the moment (SeedLOOAt; else the final ones) and the relevance of the pages
// before the last refresh (every 10 pages), as the crawl would have
// judged it had the rule not changed the order it fetched in (exact for
// bfs and the demo's adaptive crawls, whose order the threshold does not
// steer; an estimate for learned ones).
func Rejudge(o Outcome, rule string) Outcome {
	out := o
	out.Measured = make([]bool, len(o.Relevance))
	var th float64
	for k, r := range o.Relevance {
		if k%refreshEvery == 0 {
			loo := o.SeedLOO
			if k < len(o.SeedLOOAt) {
				loo = o.SeedLOOAt[k]
			}
			th = topic.CalibrateThreshold(rule, loo, o.Relevance[:k])
		}
		out.Measured[k] = r >= th
	}
	out.Threshold = th
	return out
}

// RejudgeAll is Rejudge over outs.
func RejudgeAll(outs []Outcome, rule string) []Outcome {
	out := slices.Clone(outs)
	for i := range out {
		out[i] = Rejudge(out[i], rule)
	}
	return out
}
