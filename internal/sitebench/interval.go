package sitebench

// medianInterval is a distribution-free confidence interval for the median
// of the distribution the sorted values were drawn from: the order
// statistics [x(k), x(n−k+1)] (1-based) with the largest k whose coverage,
// 1 − 2·P(B ≤ k−1) for B ~ Binomial(n, ½), is at least level. It assumes
// only that the values are independent draws of one distribution (each a
// round's ratio, its two crawls back to back), not their shape. ok is false
// when even the widest interval, [x(1), x(n)], covers less than level
// (fewer than 5 values for 90 %).
func medianInterval(sorted []float64, level float64) (lo, hi, coverage float64, ok bool) {
	n := len(sorted)
	if n == 0 {
		return 0, 0, 0, false
	}
	// tail[j] = P(B ≤ j), built from the binomial coefficients C(n, j),
	// each as a float64 share of 2^n (exact to well past the rounds a
	// bench runs).
	share := 1.0 // C(n, 0) / 2^n
	for range n {
		share /= 2
	}
	cum, k := 0.0, 0
	for j := 0; j < n/2; j++ {
		cum += share // P(B ≤ j)
		c := 1 - 2*cum
		if c < level {
			break
		}
		k, coverage = j+1, c
		share = share * float64(n-j) / float64(j+1) // C(n, j+1) / 2^n
	}
	if k == 0 {
		return 0, 0, 0, false
	}
	// k ≥ 1 means the interval [x(k), x(n−k+1)] keeps coverage ≥ level;
	// with k = 1 that is the whole range.
	return sorted[k-1], sorted[n-k], coverage, true
}
