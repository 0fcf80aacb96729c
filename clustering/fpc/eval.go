package fpc

// PairwiseF1 scores a clustering against true labels over all page pairs:
// precision = same-cluster pairs that share a label / same-cluster pairs,
// recall = same-label pairs in one cluster / same-label pairs.
func PairwiseF1(pred []int64, truth []string) (p, r, f1 float64) {
	var tp, fp, fn float64
	for i := range pred {
		for j := i + 1; j < len(pred); j++ {
			sameP, sameT := pred[i] == pred[j], truth[i] == truth[j]
			switch {
			case sameP && sameT:
				tp++
			case sameP:
				fp++
			case sameT:
				fn++
			}
		}
	}
	if tp == 0 {
		return 0, 0, 0
	}
	p, r = tp/(tp+fp), tp/(tp+fn)
	return p, r, 2 * p * r / (p + r)
}

// ARI is the adjusted Rand index of pred against truth.
func ARI(pred []int64, truth []string) float64 {
	table := map[[2]int]float64{}
	a, b := map[int64]float64{}, map[string]float64{}
	ti := map[string]int{}
	pi := map[int64]int{}
	for i := range pred {
		if _, ok := ti[truth[i]]; !ok {
			ti[truth[i]] = len(ti)
		}
		if _, ok := pi[pred[i]]; !ok {
			pi[pred[i]] = len(pi)
		}
		table[[2]int{pi[pred[i]], ti[truth[i]]}]++
		a[pred[i]]++
		b[truth[i]]++
	}
	c2 := func(n float64) float64 { return n * (n - 1) / 2 }
	var sij, sa, sb float64
	for _, n := range table {
		sij += c2(n)
	}
	for _, n := range a {
		sa += c2(n)
	}
	for _, n := range b {
		sb += c2(n)
	}
	total := c2(float64(len(pred)))
	if total == 0 {
		return 1
	}
	expected := sa * sb / total
	maxIdx := (sa + sb) / 2
	if maxIdx == expected {
		return 1
	}
	return (sij - expected) / (maxIdx - expected)
}
