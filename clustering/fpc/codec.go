package fpc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
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

// marshal encodes the accumulator (the stored form of a centre). Entries
// go out sorted by tag or element, as the accumulator holds them (rows
// written before it was kept sorted have them in any order; both decode).
func (a *acc) marshal() ([]byte, error) {
	size := 16
	for _, l := range a.Layers {
		size += 24 + 16*len(l.Sum)
	}
	for _, s := range a.Sets {
		size += 4 + 10*len(s.elems)
	}
	b := make([]byte, 0, size)
	b = append(b, codecMagic...)
	b = binary.AppendUvarint(b, uint64(a.N))
	b = binary.AppendUvarint(b, uint64(len(a.Layers)))
	for _, l := range a.Layers {
		b = binary.AppendUvarint(b, uint64(l.N))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(l.Cos))
		b = binary.AppendUvarint(b, uint64(len(l.Sum)))
		for _, tf := range l.Sum {
			b = binary.LittleEndian.AppendUint64(b, tf.Tag)
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(tf.Freq))
		}
	}
	for _, s := range a.Sets {
		b = binary.AppendUvarint(b, uint64(len(s.elems)))
		for k, e := range s.elems {
			b = binary.LittleEndian.AppendUint64(b, e)
			b = binary.AppendUvarint(b, uint64(s.counts[k]))
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
	a.Layers = make([]layerAcc, 0, layers)
	for range layers {
		l := layerAcc{N: int(r.uvarint(uint64(a.N))), Cos: r.f64()}
		k := int(r.uvarint(uint64(len(r.b) / 16)))
		l.Sum = make([]tagFreq, k)
		for j := range l.Sum {
			l.Sum[j].Tag = r.u64()
			l.Sum[j].Freq = r.f64()
		}
		l.Sum = sortedLayer(l.Sum)
		a.Layers = append(a.Layers, l)
	}
	for i := range a.Sets {
		k := int(r.uvarint(uint64(len(r.b) / 9)))
		s := setAcc{make([]uint64, k), make([]uint32, k)}
		for j := range k {
			s.elems[j] = r.u64()
			s.counts[j] = uint32(r.uvarint(uint64(a.N)))
		}
		a.Sets[i] = sortedSet(s)
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

// sortedLayer puts decoded layer entries in tag order (rows written before
// the accumulator was kept sorted have them in map order); of entries with
// one tag, which no encoder writes, the last counts, as it did when they
// were read into a map.
func sortedLayer(l []tagFreq) []tagFreq {
	strict := true
	for j := 1; j < len(l) && strict; j++ {
		strict = l[j-1].Tag < l[j].Tag
	}
	if strict {
		return l // the usual case
	}
	slices.SortStableFunc(l, func(x, y tagFreq) int { return cmpU64(x.Tag, y.Tag) })
	out := l[:0]
	for _, tf := range l {
		if len(out) > 0 && out[len(out)-1].Tag == tf.Tag {
			out[len(out)-1] = tf
			continue
		}
		out = append(out, tf)
	}
	return out
}

// sortedSet is sortedLayer for a set accumulator.
func sortedSet(s setAcc) setAcc {
	strict := true
	for j := 1; j < len(s.elems) && strict; j++ {
		strict = s.elems[j-1] < s.elems[j]
	}
	if strict {
		return s
	}
	type entry struct {
		e uint64
		n uint32
	}
	es := make([]entry, len(s.elems))
	for j, e := range s.elems {
		es[j] = entry{e, s.counts[j]}
	}
	slices.SortStableFunc(es, func(x, y entry) int { return cmpU64(x.e, y.e) })
	out := setAcc{s.elems[:0], s.counts[:0]}
	for _, x := range es {
		if n := len(out.elems); n > 0 && out.elems[n-1] == x.e {
			out.counts[n-1] = x.n
			continue
		}
		out.elems, out.counts = append(out.elems, x.e), append(out.counts, x.n)
	}
	return out
}
