//go:build !purego

#include "textflag.h"

// func commonDotSSE(ha, hb *layerHead, n int, wa, wb *float32) float32
//
// commonDotGo step for step. A layerHead is 16 bytes: mask at 0, off at 8,
// dense at 12 (int32, not negative). X0 and X5 hold the eight sums of the
// packed runs (v[0:4] and v[4:8]), X1 and X4 the other products (t, u).
TEXT ·commonDotSSE(SB), NOSPLIT, $0-44
	MOVQ ha+0(FP), SI
	MOVQ hb+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ wa+24(FP), R8
	MOVQ wb+32(FP), R9
	XORPS X0, X0
	XORPS X1, X1
	XORPS X4, X4
	XORPS X5, X5
	XORQ DX, DX            // d

run:
	CMPQ DX, CX
	JGE done
	MOVQ DX, R10           // r: the run starts at d

equal:
	MOVQ DX, R11
	SHLQ $4, R11
	MOVQ (SI)(R11*1), AX
	CMPQ AX, (DI)(R11*1)
	JNE endrun
	INCQ DX
	CMPQ DX, CX
	JLT equal

endrun:
	CMPQ DX, R10
	JEQ unequal            // no depth with equal masks
	MOVQ R10, R11
	SHLQ $4, R11
	MOVL 8(SI)(R11*1), R12 // i = ha[r].off
	MOVL 8(DI)(R11*1), R13 // j = hb[r].off
	MOVQ DX, R11
	SHLQ $4, R11
	MOVL 8(SI)(R11*1), BX  // ha[d].off
	SUBQ R12, BX           // count
	LEAQ (R8)(R12*4), R12
	LEAQ (R9)(R13*4), R13
	CMPQ BX, $8
	JLT four

eight:
	MOVUPS (R12), X2
	MOVUPS (R13), X3
	MULPS X3, X2
	ADDPS X2, X0
	MOVUPS 16(R12), X6
	MOVUPS 16(R13), X7
	MULPS X7, X6
	ADDPS X6, X5
	ADDQ $32, R12
	ADDQ $32, R13
	SUBQ $8, BX
	CMPQ BX, $8
	JGE eight

four:
	CMPQ BX, $4
	JLT tail
	MOVUPS (R12), X2
	MOVUPS (R13), X3
	MULPS X3, X2
	ADDPS X2, X0
	ADDQ $16, R12
	ADDQ $16, R13
	SUBQ $4, BX

tail:
	TESTQ BX, BX
	JEQ unequal

one:
	MOVSS (R12), X2
	MULSS (R13), X2
	ADDSS X2, X1
	ADDQ $4, R12
	ADDQ $4, R13
	DECQ BX
	JNE one

unequal:
	CMPQ DX, CX
	JGE done
	MOVQ DX, R11
	SHLQ $4, R11
	MOVQ (SI)(R11*1), AX
	MOVQ (DI)(R11*1), BX
	CMPQ AX, BX
	JEQ run                // equal masks: a new run
	ANDQ BX, AX            // the common bits
	JEQ next
	MOVL 12(SI)(R11*1), R12
	MOVL 12(DI)(R11*1), R13
	LEAQ (R8)(R12*4), R12
	LEAQ (R9)(R13*4), R13

	// TZCNT, not BSF: faster where the CPU has BMI1, and the same for a
	// non-zero AX where it has not (it runs as BSF there).
bit:
	TZCNTQ AX, BX
	MOVSS (R12)(BX*4), X2
	MULSS (R13)(BX*4), X2
	ADDSS X2, X1
	LEAQ -1(AX), R11
	ANDQ R11, AX
	JEQ next
	TZCNTQ AX, BX
	MOVSS (R12)(BX*4), X3
	MULSS (R13)(BX*4), X3
	ADDSS X3, X4
	LEAQ -1(AX), R11
	ANDQ R11, AX
	JNE bit

next:
	INCQ DX
	JMP unequal

done:
	// (l0 + l2) + (l1 + l3) + t + u, lane k of X0 + X5 as lk
	ADDPS X5, X0
	MOVHLPS X0, X2
	ADDPS X2, X0
	MOVAPS X0, X2
	SHUFPS $0x55, X2, X2
	ADDSS X2, X0
	ADDSS X1, X0
	ADDSS X4, X0
	MOVSS X0, ret+40(FP)
	RET
