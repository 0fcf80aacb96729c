//go:build !purego

#include "textflag.h"
#include "go_asm.h"

// AND, POPCNT and add of one word of the two sketches (byte offset off)
// into acc, through reg.
#define WORD(off, reg, acc) \
	MOVQ off(SI), reg \
	ANDQ off(DI), reg \
	POPCNTQ reg, reg \
	ADDQ reg, acc

// func intersectionsPOPCNT(a, b *setBits, in *[numSets]int)
//
// Written out for the layout of setSketchWords (16, 8, 4, 8, 4, 8, 8, 4
// words, back to back); TestIntersectionsLayout checks it against a loop
// over setWordOff. Two sums a set, so that the additions of consecutive
// words do not wait on each other.
TEXT ·intersectionsPOPCNT(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ in+16(FP), DX
	// SetTagAttr: words 0 to 15
	XORQ AX, AX
	XORQ BX, BX
	WORD(0, R8, AX)
	WORD(8, R9, BX)
	WORD(16, R8, AX)
	WORD(24, R9, BX)
	WORD(32, R8, AX)
	WORD(40, R9, BX)
	WORD(48, R8, AX)
	WORD(56, R9, BX)
	WORD(64, R8, AX)
	WORD(72, R9, BX)
	WORD(80, R8, AX)
	WORD(88, R9, BX)
	WORD(96, R8, AX)
	WORD(104, R9, BX)
	WORD(112, R8, AX)
	WORD(120, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 0(DX)
	// SetLinks: words 16 to 23
	XORQ AX, AX
	XORQ BX, BX
	WORD(128, R8, AX)
	WORD(136, R9, BX)
	WORD(144, R8, AX)
	WORD(152, R9, BX)
	WORD(160, R8, AX)
	WORD(168, R9, BX)
	WORD(176, R8, AX)
	WORD(184, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 8(DX)
	// SetCSS: words 24 to 27
	XORQ AX, AX
	XORQ BX, BX
	WORD(192, R8, AX)
	WORD(200, R9, BX)
	WORD(208, R8, AX)
	WORD(216, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 16(DX)
	// SetJS: words 28 to 35
	XORQ AX, AX
	XORQ BX, BX
	WORD(224, R8, AX)
	WORD(232, R9, BX)
	WORD(240, R8, AX)
	WORD(248, R9, BX)
	WORD(256, R8, AX)
	WORD(264, R9, BX)
	WORD(272, R8, AX)
	WORD(280, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 24(DX)
	// SetJSFunc: words 36 to 39
	XORQ AX, AX
	XORQ BX, BX
	WORD(288, R8, AX)
	WORD(296, R9, BX)
	WORD(304, R8, AX)
	WORD(312, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 32(DX)
	// SetAnchors: words 40 to 47
	XORQ AX, AX
	XORQ BX, BX
	WORD(320, R8, AX)
	WORD(328, R9, BX)
	WORD(336, R8, AX)
	WORD(344, R9, BX)
	WORD(352, R8, AX)
	WORD(360, R9, BX)
	WORD(368, R8, AX)
	WORD(376, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 40(DX)
	// SetShortText: words 48 to 55
	XORQ AX, AX
	XORQ BX, BX
	WORD(384, R8, AX)
	WORD(392, R9, BX)
	WORD(400, R8, AX)
	WORD(408, R9, BX)
	WORD(416, R8, AX)
	WORD(424, R9, BX)
	WORD(432, R8, AX)
	WORD(440, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 48(DX)
	// SetImages: words 56 to 59
	XORQ AX, AX
	XORQ BX, BX
	WORD(448, R8, AX)
	WORD(456, R9, BX)
	WORD(464, R8, AX)
	WORD(472, R9, BX)
	ADDQ BX, AX
	MOVQ AX, 56(DX)
	RET

// SETWORD is WORD on the sketches of two Features (SI, DI).
#define SETWORD(off, reg, acc) \
	MOVQ (Features_bits+off)(SI), reg \
	ANDQ (Features_bits+off)(DI), reg \
	POPCNTQ reg, reg \
	ADDQ reg, acc

// SETTERM adds to X0 set i's term of setSimGo, its intersection count in
// AX + BX: w[1+i] · ((max(sa + sb − union, +0) + α) · 1/(union + 1)), the
// union's lcTable entry at a.lcAt[i] + b.nbits[i] − in. MAXSD X7 (+0) on a
// −0 or negative value gives +0, as nonNegative does.
#define SETTERM(i) \
	ADDQ BX, AX \
	MOVQ (Features_lcAt+8*i)(SI), R8 \
	ADDQ (Features_nbits+8*i)(DI), R8 \
	SUBQ AX, R8 \
	ANDQ $(const_lcSlots-1), R8 \
	SHLQ $4, R8 \
	MOVSD (Features_sizes+8*i)(SI), X1 \
	ADDSD (Features_sizes+8*i)(DI), X1 \
	SUBSD (R10)(R8*1), X1 \
	MAXSD X7, X1 \
	ADDSD X6, X1 \
	MULSD 8(R10)(R8*1), X1 \
	MULSD (8+8*i)(DX), X1 \
	ADDSD X1, X0

// func setSimPOPCNT(a, b *Features, w *Weights, alpha float64) float64
//
// setSimGo with the intersections of intersectionsPOPCNT, term by term in
// the same order (TestSetSimAsm: bit for bit equal).
TEXT ·setSimPOPCNT(SB), NOSPLIT, $0-40
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ w+16(FP), DX
	MOVSD alpha+24(FP), X6
	LEAQ ·lcTable(SB), R10
	XORPS X7, X7
	XORPS X0, X0
	// SetTagAttr: words 0 to 15
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(0, R8, AX)
	SETWORD(8, R9, BX)
	SETWORD(16, R8, AX)
	SETWORD(24, R9, BX)
	SETWORD(32, R8, AX)
	SETWORD(40, R9, BX)
	SETWORD(48, R8, AX)
	SETWORD(56, R9, BX)
	SETWORD(64, R8, AX)
	SETWORD(72, R9, BX)
	SETWORD(80, R8, AX)
	SETWORD(88, R9, BX)
	SETWORD(96, R8, AX)
	SETWORD(104, R9, BX)
	SETWORD(112, R8, AX)
	SETWORD(120, R9, BX)
	SETTERM(0)
	// SetLinks: words 16 to 23
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(128, R8, AX)
	SETWORD(136, R9, BX)
	SETWORD(144, R8, AX)
	SETWORD(152, R9, BX)
	SETWORD(160, R8, AX)
	SETWORD(168, R9, BX)
	SETWORD(176, R8, AX)
	SETWORD(184, R9, BX)
	SETTERM(1)
	// SetCSS: words 24 to 27
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(192, R8, AX)
	SETWORD(200, R9, BX)
	SETWORD(208, R8, AX)
	SETWORD(216, R9, BX)
	SETTERM(2)
	// SetJS: words 28 to 35
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(224, R8, AX)
	SETWORD(232, R9, BX)
	SETWORD(240, R8, AX)
	SETWORD(248, R9, BX)
	SETWORD(256, R8, AX)
	SETWORD(264, R9, BX)
	SETWORD(272, R8, AX)
	SETWORD(280, R9, BX)
	SETTERM(3)
	// SetJSFunc: words 36 to 39
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(288, R8, AX)
	SETWORD(296, R9, BX)
	SETWORD(304, R8, AX)
	SETWORD(312, R9, BX)
	SETTERM(4)
	// SetAnchors: words 40 to 47
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(320, R8, AX)
	SETWORD(328, R9, BX)
	SETWORD(336, R8, AX)
	SETWORD(344, R9, BX)
	SETWORD(352, R8, AX)
	SETWORD(360, R9, BX)
	SETWORD(368, R8, AX)
	SETWORD(376, R9, BX)
	SETTERM(5)
	// SetShortText: words 48 to 55
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(384, R8, AX)
	SETWORD(392, R9, BX)
	SETWORD(400, R8, AX)
	SETWORD(408, R9, BX)
	SETWORD(416, R8, AX)
	SETWORD(424, R9, BX)
	SETWORD(432, R8, AX)
	SETWORD(440, R9, BX)
	SETTERM(6)
	// SetImages: words 56 to 59
	XORQ AX, AX
	XORQ BX, BX
	SETWORD(448, R8, AX)
	SETWORD(456, R9, BX)
	SETWORD(464, R8, AX)
	SETWORD(472, R9, BX)
	SETTERM(7)
	MOVSD X0, ret+32(FP)
	RET
