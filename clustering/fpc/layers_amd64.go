//go:build !purego

package fpc

// commonDotSSE is commonDotGo in assembly (layers_amd64.s): n depths of
// the heads ha and hb, the weights from wa and wb.
//
//go:noescape
func commonDotSSE(ha, hb *layerHead, n int, wa, wb *float32) float32

// commonDot is the common tags' part of layerDot. A side without weights
// has only empty masks, and no products.
func commonDot(a, b *layerIndex) float32 {
	n := min(len(a.heads), len(b.heads)) - 1
	if n <= 0 || len(a.w) == 0 || len(b.w) == 0 {
		return 0
	}
	return commonDotSSE(&a.heads[0], &b.heads[0], n, &a.w[0], &b.w[0])
}
