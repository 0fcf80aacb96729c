package fpc

import "slices"

// A page that seeds a cluster in MKmeans (step 1: less similar than D to
// every centre so far) and that no other page joins stays in a cluster of
// its own in the paper's algorithm, however similar it becomes to the
// centres that form after it: in every assignment (step 2) its own centre,
// which is the page itself, scores about 1 against it, and the merge of
// clusters (step 4, and algorithm 3 across batches) compares its centre,
// the whole page, with eq. 7's symmetric Jaccard, in which every element
// only that page holds (the unique ids and anchors, links and short texts
// of a long reference page) counts against it. On documentation sites of
// one template that leaves the long pages alone: PostgreSQL 15's
// functions-datetime.html scores 0.66 against the main cluster's centre by
// eq. 8 (above D) but 0.32 centre to centre (below Alpha); README.md,
// "Long pages in clusters of their own", has the measurements.
//
// rejoinSingletons is the extension (off with Config.KeepSingletons): once
// MKmeans' rounds end, the page of each cluster of one page is compared
// with the other clusters' centres of two or more pages by eq. 8, the
// same test step 1 seeds clusters by, and moves to the most similar when
// it is at least D similar: the page would not have started a cluster had
// that centre existed when it was seeded. All moves are decided against
// the centres as the rounds left them, so they do not depend on the order
// the singletons are taken in; then the pages join, in page order.
func rejoinSingletons(pages []*Features, accs []*acc, assign []int, cfg *Config) []*acc {
	if !slices.ContainsFunc(accs, func(a *acc) bool { return a.N == 1 }) {
		return accs // the usual batch of a site: nothing to do, nothing allocated
	}
	alone := make([]int, len(accs)) // the page of each cluster of one page, or -1
	for k, a := range accs {
		alone[k] = -1
		if a.N >= 2 {
			a.derive(cfg)
		}
	}
	for i, k := range assign {
		if accs[k].N == 1 {
			alone[k] = i
		}
	}
	to := make([]int, len(pages)) // the cluster a page moves to, or -1
	moved := false
	for i := range to {
		to[i] = -1
	}
	for _, i := range alone {
		if i < 0 {
			continue
		}
		bj, bs := -1, -1.0
		for j, a := range accs {
			if a.N < 2 {
				continue
			}
			if s := pageCentreSim(pages[i], a.centre, &cfg.Weights, cfg.Alpha); s > bs {
				bj, bs = j, s
			}
		}
		if bs >= cfg.D {
			to[i], moved = bj, true
		}
	}
	if !moved {
		return accs
	}
	for i, j := range to {
		if j >= 0 {
			accs[assign[i]] = nil
			accs[j].add(pages[i], cfg)
			assign[i] = j
		}
	}
	return compact(accs, assign)
}
