package calibeval

import (
	"slices"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// refreshEvery is how often (pages) Rejudge recomputes the threshold, as
// the topic model refreshes its relevance space.
const refreshEvery = 10

// Rejudge re-judges o's pages under another threshold rule, offline, as
// the topic model would have: its relevance space is refreshed after
// every refreshEvery-th page is counted (before that page is judged), the
// threshold then computed from the seeds' leave-one-out cosines of the
// moment (SeedLOOAt; else the final ones) and the relevance of the pages
// judged before; before the first refresh the seeds' median alone. Exact
// for crawls whose order the threshold does not steer (bfs, the demo's
// adaptive crawls, up to the final leave-one-out cosines standing in for
// the demo's own) when no Config.Calibration other than 1 was used; an
// estimate for learned ones.
func Rejudge(o Outcome, rule string) Outcome {
	out := o
	out.Measured = make([]bool, len(o.Relevance))
	th := topic.CalibrateThreshold(rule, o.SeedLOO, nil)
	if len(o.SeedLOOAt) > 0 {
		th = topic.CalibrateThreshold(rule, o.SeedLOOAt[0], nil)
	}
	for k, r := range o.Relevance {
		if (k+1)%refreshEvery == 0 {
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

// AtEnd judges o's pages again against its final threshold: relevant
// when the relevance measured at the fetch is above 0 and reaches
// Threshold. Measured as a way to report a crawl's harvest (command flag
// -at-end; classifiers/topic/README.md, session 11) and dropped: on the
// tuning topics it estimates the true harvest worse than the judgement
// of the moment.
func AtEnd(o Outcome) Outcome {
	out := o
	out.Measured = make([]bool, len(o.Relevance))
	for k, r := range o.Relevance {
		out.Measured[k] = r > 0 && r >= o.Threshold
	}
	return out
}
