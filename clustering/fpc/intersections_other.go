//go:build !amd64 || purego

package fpc

// intersections returns |a_i∩b_i| for the eight sets, on the sketches.
func intersections(a, b *setBits) [numSets]int { return intersectionsGo(a, b) }

// setSim is the weighted sum of the eight set similarities of two pages.
func setSim(a, b *Features, w *Weights, alpha float64) float64 { return setSimGo(a, b, w, alpha) }
