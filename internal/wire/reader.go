package wire

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Reader reads fields from the start of B. The first failure sticks in
// Err, wrapping the format's error given to NewReader; after it every
// read returns the zero value.
type Reader struct {
	B   []byte
	Err error
	bad error
}

// NewReader reads b; bad is the error its failures wrap (errors.Is).
func NewReader(b []byte, bad error) *Reader { return &Reader{B: b, bad: bad} }

// Fail records a failure, unless one is recorded.
func (r *Reader) Fail(format string, args ...any) {
	if r.Err == nil {
		r.Err = fmt.Errorf("%w: %s", r.bad, fmt.Sprintf(format, args...))
	}
}

// Uvarint reads a varint of at most limit in its shortest form; what
// names the field in the error.
func (r *Reader) Uvarint(limit uint64, what string) uint64 {
	if r.Err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.B)
	if n <= 0 || v > limit || n != max(1, (bits.Len64(v)+6)/7) {
		r.Fail("%s", what)
		return 0
	}
	r.B = r.B[n:]
	return v
}

// String reads a string of at most limit bytes after its varint length.
func (r *Reader) String(limit uint64, what string) string {
	n := r.Uvarint(limit, what+" length")
	if r.Err != nil || uint64(len(r.B)) < n {
		r.Fail("%s", what)
		return ""
	}
	s := string(r.B[:n])
	r.B = r.B[n:]
	return s
}

// Byte reads one byte.
func (r *Reader) Byte(what string) byte {
	if r.Err != nil || len(r.B) < 1 {
		r.Fail("%s", what)
		return 0
	}
	v := r.B[0]
	r.B = r.B[1:]
	return v
}

// Uint32 reads a little-endian uint32.
func (r *Reader) Uint32(what string) uint32 {
	if r.Err != nil || len(r.B) < 4 {
		r.Fail("%s", what)
		return 0
	}
	v := binary.LittleEndian.Uint32(r.B)
	r.B = r.B[4:]
	return v
}

// Uint64 reads a little-endian uint64.
func (r *Reader) Uint64(what string) uint64 {
	if r.Err != nil || len(r.B) < 8 {
		r.Fail("%s", what)
		return 0
	}
	v := binary.LittleEndian.Uint64(r.B)
	r.B = r.B[8:]
	return v
}
