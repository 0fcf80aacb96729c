package fuzzy

import "context"

// MatrixBytes exposes the memory held by a Matrix to the tests.
func MatrixBytes(m *Matrix) int { return m.bytes() }

// SpanParallel is Span with every page scored by all workers at once, so
// small test matrices exercise the parallel path.
func SpanParallel(ctx context.Context, m *Matrix, workers int) (*Dendrogram, error) {
	return span(ctx, m, workers, 0)
}

// KindWords exposes kindWords to the tests.
var KindWords = kindWords
