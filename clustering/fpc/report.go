package fpc

// LSHRow is one line of the LSH report: at Beta, the candidate set's mean
// share of all other clusters and how often the truly most similar
// cluster (by brute force) was among the candidates.
type LSHRow struct {
	Beta     float64
	Share    float64
	Recall   float64
	Clusters int
	Empty    int // queries with no candidate at all
}

// LSHReport makes one cluster of each page and, for every beta, queries
// each cluster's fingerprints against the others (algorithm 3's candidate
// step) and compares with the brute-force most similar cluster.
func LSHReport(pages []*Features, betas []float64, cfg Config) []LSHRow {
	cfg = cfg.withDefaults()
	n := len(pages)
	centres := make([]*Features, n)
	fps := make([][Fingerprints]uint16, n)
	ix := newIndex()
	for i, p := range pages {
		a := newAcc()
		a.add(p, &cfg)
		centres[i] = a.derive(&cfg)
		fps[i] = fingerprints(centres[i].Sets[SetTagAttr])
		ix.add(int64(i), fps[i])
	}
	bestOf := make([]int, n)
	for i := range centres {
		bestOf[i] = -1
		bs := -1.0
		for j := range centres {
			if j != i {
				if s := centreSim(centres[i], centres[j], &cfg); s > bs {
					bestOf[i], bs = j, s
				}
			}
		}
	}
	var rows []LSHRow
	for _, beta := range betas {
		row := LSHRow{Beta: beta, Clusters: n}
		var share float64
		hits := 0
		for i := range centres {
			cands := 0
			found := false
			for _, id := range ix.candidates(fps[i], beta) {
				if int(id) == i {
					continue
				}
				cands++
				found = found || int(id) == bestOf[i]
			}
			if cands == 0 {
				row.Empty++
			}
			share += float64(cands) / float64(n-1)
			if found {
				hits++
			}
		}
		row.Share = share / float64(n)
		row.Recall = float64(hits) / float64(n)
		rows = append(rows, row)
	}
	return rows
}
