package redisshare

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// deltaVersion is the first byte of an encoded delta.
const deltaVersion = 1

// appendDelta appends d's encoding to b: the version, the pages seen, the
// words (count, then each id's gap from the previous one and its count),
// the pages folded, and the centroid sum's non-zero entries (count, then
// each index's gap and the value's 8 bytes). d.Words must be ascending.
func appendDelta(b []byte, d topic.StatsDelta) []byte {
	b = append(b, deltaVersion)
	b = binary.AppendUvarint(b, uint64(d.Docs))
	b = binary.AppendUvarint(b, uint64(len(d.Words)))
	prev := uint32(0)
	for k, id := range d.Words {
		b = binary.AppendUvarint(b, uint64(id-prev))
		b = binary.AppendUvarint(b, uint64(d.Counts[k]))
		prev = id
	}
	b = binary.AppendUvarint(b, uint64(d.Folds))
	n := 0
	for _, x := range d.Sum {
		if x != 0 {
			n++
		}
	}
	b = binary.AppendUvarint(b, uint64(n))
	prev = 0
	for i, x := range d.Sum {
		if x != 0 {
			b = binary.AppendUvarint(b, uint64(uint32(i)-prev))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
			prev = uint32(i)
		}
	}
	return b
}

// errBadDelta is the error of an entry that does not decode.
var errBadDelta = errors.New("redisshare: bad statistics entry")

// readDelta decodes an encoded delta (appendDelta) for a model of
// features feature terms: words ascending below topic.WordSpace, each
// counted at least once; a sum only with folds, its indexes ascending
// below features, its values finite; nothing after it.
func readDelta(b []byte, features int) (topic.StatsDelta, error) {
	r := &deltaReader{b: b}
	if v := r.byte(); r.err == nil && v != deltaVersion {
		r.fail("version %d", v)
	}
	var d topic.StatsDelta
	d.Docs = int64(r.uvarint(math.MaxInt32, "pages seen"))
	n := r.uvarint(topic.WordSpace, "word count")
	if r.err == nil && n > 0 {
		d.Words, d.Counts = make([]uint32, 0, min(n, uint64(len(r.b))/2)), make([]int64, 0, min(n, uint64(len(r.b))/2))
	}
	id := uint64(0)
	for k := uint64(0); k < n && r.err == nil; k++ {
		gap := r.uvarint(topic.WordSpace, "word id")
		c := r.uvarint(math.MaxInt32, "word count")
		if id += gap; r.err == nil && (k > 0 && gap == 0 || id >= topic.WordSpace || c == 0) {
			r.fail("word %d counted %d", id, c)
		}
		d.Words, d.Counts = append(d.Words, uint32(id)), append(d.Counts, int64(c))
	}
	d.Folds = int64(r.uvarint(math.MaxInt32, "pages folded"))
	n = r.uvarint(uint64(features), "sum entries")
	if r.err == nil && n > 0 && d.Folds == 0 {
		r.fail("a centroid sum without folded pages")
	}
	if r.err == nil && d.Folds > 0 {
		d.Sum = make([]float64, features)
	}
	i := uint64(0)
	for k := uint64(0); k < n && r.err == nil; k++ {
		gap := r.uvarint(uint64(features), "sum index")
		x := math.Float64frombits(r.u64())
		if i += gap; r.err == nil && (k > 0 && gap == 0 || i >= uint64(features) || math.IsNaN(x) || math.IsInf(x, 0) || x == 0) {
			r.fail("sum entry %d = %v", i, x)
		}
		if r.err == nil {
			d.Sum[i] = x
		}
	}
	if r.err == nil && len(r.b) > 0 {
		r.fail("%d bytes after the end", len(r.b))
	}
	if r.err != nil {
		return topic.StatsDelta{}, r.err
	}
	return d, nil
}

// deltaReader reads the fields of an encoded delta; the first error
// sticks.
type deltaReader struct {
	b   []byte
	err error
}

func (r *deltaReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", errBadDelta, fmt.Sprintf(format, args...))
	}
}

func (r *deltaReader) uvarint(limit uint64, what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > limit || n != max(1, (bits.Len64(v)+6)/7) { // the shortest form only
		r.fail("%s", what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *deltaReader) byte() byte {
	if r.err != nil || len(r.b) < 1 {
		r.fail("empty")
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *deltaReader) u64() uint64 {
	if r.err != nil || len(r.b) < 8 {
		r.fail("sum value")
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}
