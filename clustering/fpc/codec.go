package fpc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The stored form of a cluster is its accumulator (the centre is derived
// from it), in a compact binary layout, little-endian:
//
//	"fpc1"                      magic and version
//	uvarint N                   members
//	uvarint L                   layers, then per layer:
//	  uvarint members with the layer, float64 Σ cosine, uvarint K,
//	  K × (uint64 tag, float64 Σ frequency)
//	8 × (uvarint K, K × (uint64 element, uvarint members with it))
//
// A set element costs 9–10 bytes, a layer entry 16.
const codecMagic = "fpc1"

var errCorrupt = errors.New("fpc: decode centre: corrupt data")

// marshal encodes the accumulator (the stored form of a centre).
func (a *acc) marshal() ([]byte, error) {
	size := 16
	for _, m := range a.LayerSum {
		size += 24 + 16*len(m)
	}
	for _, m := range a.SetCount {
		size += 4 + 10*len(m)
	}
	b := make([]byte, 0, size)
	b = append(b, codecMagic...)
	b = binary.AppendUvarint(b, uint64(a.N))
	b = binary.AppendUvarint(b, uint64(len(a.LayerSum)))
	for d, m := range a.LayerSum {
		b = binary.AppendUvarint(b, uint64(a.LayerN[d]))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(a.LayerCos[d]))
		b = binary.AppendUvarint(b, uint64(len(m)))
		for t, v := range m {
			b = binary.LittleEndian.AppendUint64(b, t)
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	for _, m := range a.SetCount {
		b = binary.AppendUvarint(b, uint64(len(m)))
		for e, n := range m {
			b = binary.LittleEndian.AppendUint64(b, e)
			b = binary.AppendUvarint(b, uint64(n))
		}
	}
	return b, nil
}

// reader decodes the layout above, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint(limit uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > limit {
		r.err = errCorrupt
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) u64() uint64 {
	if r.err != nil || len(r.b) < 8 {
		r.err = errCorrupt
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *reader) f64() float64 {
	v := math.Float64frombits(r.u64())
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		r.err = errCorrupt
	}
	return v
}

func unmarshalAcc(data []byte) (*acc, error) {
	if len(data) < len(codecMagic) || string(data[:len(codecMagic)]) != codecMagic {
		return nil, fmt.Errorf("fpc: decode centre: not an fpc centre (want magic %q)", codecMagic)
	}
	r := &reader{b: data[len(codecMagic):]}
	a := newAcc()
	a.N = int(r.uvarint(math.MaxInt32))
	layers := int(r.uvarint(maxDepth + 1))
	for range layers {
		a.LayerN = append(a.LayerN, int(r.uvarint(uint64(a.N))))
		a.LayerCos = append(a.LayerCos, r.f64())
		k := int(r.uvarint(uint64(len(r.b) / 16)))
		m := make(map[uint64]float64, k)
		for range k {
			t := r.u64()
			m[t] = r.f64()
		}
		a.LayerSum = append(a.LayerSum, m)
	}
	for i := range a.SetCount {
		k := int(r.uvarint(uint64(len(r.b) / 9)))
		for range k {
			e := r.u64()
			a.SetCount[i][e] = int(r.uvarint(uint64(a.N)))
		}
	}
	switch {
	case r.err != nil:
		return nil, r.err
	case len(r.b) != 0:
		return nil, fmt.Errorf("fpc: decode centre: %d trailing bytes", len(r.b))
	case a.N <= 0:
		return nil, fmt.Errorf("fpc: decode centre: a cluster without members")
	}
	return a, nil
}
