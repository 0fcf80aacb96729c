package svm

import "math"

// RBF training (kernel columns) and prediction spend most of their time in
// exp. This file evaluates e^x for x ≤ 0 the classic table-driven way:
// x = (32m + j)·ln2/32 + r with |r| ≤ ln2/64, e^x = 2^m · 2^(j/32) · e^r,
// e^r by a degree-6 Taylor polynomial (truncation error below 1e-17). The
// result is within a few units in the last place of math.Exp.

const (
	expInvLn2x32 = 46.16624130844683      // 32/ln2
	expLn2d32Hi  = 0.02166084937925916    // ln2/32 to 30 bits: n·hi is exact for |n| < 2^23
	expLn2d32Lo  = 1.3239129268154012e-11 // ln2/32 − hi
)

// expTable[j] = 2^(j/32).
var expTable = func() (t [32]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / 32)
	}
	return t
}()

// expShift rounds to an integer by addition: for |y| < 2^51, the low bits
// of y + expShift hold round(y) in two's complement, and
// (y + expShift) − expShift is round(y) exactly. This saves the two
// float/integer conversions of int64(y) and float64(n).
const (
	expShift     = 0x1.8p52
	expShiftBits = 0x4338000000000000 // math.Float64bits(expShift)
)

// expTableBits[j] are the bits of expTable[j].
var expTableBits = func() (b [32]uint64) {
	for j, v := range expTable {
		b[j] = math.Float64bits(v)
	}
	return b
}()

// rbfTerms replaces each dot_t by the RBF kernel value
// K_t = e^(−g·(xx + norm_t − 2·dot_t)) (the squared distance clamped at 0)
// and returns Σ_t coef_t·K_t, adding in t order; norm and coef are as long
// as dot. For a kernel expansion dot holds x·sv_t, norm |sv_t|² and xx
// |x|². The loop body makes no calls, so consecutive evaluations, and the
// sum, overlap.
func rbfTerms(dot, norm, coef []float64, xx, g float64) float64 {
	norm, coef = norm[:len(dot)], coef[:len(dot)]
	ng := -g
	var s float64
	for t, d := range dot {
		x := ng * max0(xx+norm[t]-2*d)
		if !(x >= -708) { // e^x underflows (or x is NaN)
			dot[t] = 0 // adds ±0 to s, which leaves it as it is
			continue
		}
		k := x*expInvLn2x32 + expShift
		n := int64(math.Float64bits(k) - expShiftBits) // round(x·32/ln2)
		fn := k - expShift
		r := (x - fn*expLn2d32Hi) - fn*expLn2d32Lo
		r2 := r * r
		p := 1 + r + r2*(0.5+r*(1./6)) + r2*r2*(1./24+r*(1./120)+r2*(1./720))
		// 2^(j/32)·2^m by adding m to the table entry's exponent: exact, as
		// m ≥ -1022 keeps it normal.
		e := p * math.Float64frombits(expTableBits[n&31]+uint64(n>>5)<<52)
		dot[t] = e
		s += coef[t] * e
	}
	return s
}

// max0 clamps a squared distance that rounding made negative.
func max0(e float64) float64 {
	if e < 0 {
		return 0
	}
	return e
}
