//go:build linux || darwin

package svm

import (
	"syscall"
	"unsafe"
)

// allocMatrix returns n zeroed float32s mapped outside the Go heap, and a
// function that unmaps them. A kernel matrix of hundreds of MB on the heap
// would raise the garbage collector's heap goal by as much, letting that
// much garbage from the trainings pile up before a collection: the
// resident memory would double. Where mapping fails it falls back to the
// heap.
func allocMatrix(n int) ([]float32, func()) {
	b, err := syscall.Mmap(-1, 0, 4*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]float32, n), func() {}
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&b[0])), n), func() { _ = syscall.Munmap(b) }
}
