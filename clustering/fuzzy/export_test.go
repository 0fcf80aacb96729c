package fuzzy

// MatrixBytes exposes the memory held by a Matrix to the tests.
func MatrixBytes(m *Matrix) int { return m.bytes() }
