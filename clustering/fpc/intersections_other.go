//go:build !amd64

package fpc

// intersections returns |a_i∩b_i| for the eight sets, on the sketches.
func intersections(a, b *setBits) [numSets]int { return intersectionsGo(a, b) }
