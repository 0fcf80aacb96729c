//go:build !purego

package fpc

import "golang.org/x/sys/cpu"

// hasPOPCNT says whether this CPU has the POPCNT instruction (every x86-64
// CPU since about 2008; Go's default amd64 level does not assume it, so
// math/bits checks for it at each call).
var hasPOPCNT = cpu.X86.HasPOPCNT

//go:noescape
func intersectionsPOPCNT(a, b *setBits, in *[numSets]int)

// intersections returns |a_i∩b_i| for the eight sets, on the sketches:
// the popcounts of the ANDed words, in assembly (intersections_amd64.s,
// without math/bits' per-call CPU check) where the CPU has POPCNT.
func intersections(a, b *setBits) (in [numSets]int) {
	if hasPOPCNT {
		intersectionsPOPCNT(a, b, &in)
		return in
	}
	return intersectionsGo(a, b)
}

//go:noescape
func setSimPOPCNT(a, b *Features, w *Weights, alpha float64) float64

// setSim is setSimGo, in assembly (intersections_amd64.s) where the CPU
// has POPCNT.
func setSim(a, b *Features, w *Weights, alpha float64) float64 {
	if hasPOPCNT {
		return setSimPOPCNT(a, b, w, alpha)
	}
	return setSimGo(a, b, w, alpha)
}
