//go:build !(linux || darwin)

package svm

// allocMatrix returns n zeroed float32s on the heap (see gram_mmap.go for
// the systems that map them outside it).
func allocMatrix(n int) ([]float32, func()) {
	return make([]float32, n), func() {}
}
