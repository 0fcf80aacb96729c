package redisshare

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/wire"
)

// deltaVersion is the first byte of an encoded delta (2: with the
// relevance counts).
const deltaVersion = 2

// maxRelEpoch bounds a relevance count's epoch.
const maxRelEpoch = math.MaxInt32

// appendDelta appends d's encoding to b: the version, the pages seen, the
// words (count, then each id's gap from the previous one and its count),
// the pages folded, the centroid sum's non-zero entries (count, then
// each index's gap and the value's 8 bytes), and the relevance counts
// (count, then each one's epoch, bin and pages). d.Words must be
// ascending; d.Rel ascending by epoch then bin, its counts positive.
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
	b = binary.AppendUvarint(b, uint64(len(d.Rel)))
	for _, c := range d.Rel {
		b = binary.AppendUvarint(b, uint64(c.Epoch))
		b = binary.AppendUvarint(b, uint64(c.Bin))
		b = binary.AppendUvarint(b, uint64(c.N))
	}
	return b
}

// errBadDelta is the error of an entry that does not decode.
var errBadDelta = errors.New("redisshare: bad statistics entry")

// readDelta decodes an encoded delta (appendDelta) for a model of
// features feature terms: words ascending below topic.WordSpace, each
// counted at least once; a sum only with folds, its indexes ascending
// below features, its values finite; relevance counts ascending by epoch
// and bin, each at least 1; nothing after them.
func readDelta(b []byte, features int) (topic.StatsDelta, error) {
	r := wire.NewReader(b, errBadDelta)
	if v := r.Byte("empty"); r.Err == nil && v != deltaVersion {
		r.Fail("version %d", v)
	}
	var d topic.StatsDelta
	d.Docs = int64(r.Uvarint(math.MaxInt32, "pages seen"))
	n := r.Uvarint(topic.WordSpace, "word count")
	if r.Err == nil && n > 0 {
		d.Words, d.Counts = make([]uint32, 0, min(n, uint64(len(r.B))/2)), make([]int64, 0, min(n, uint64(len(r.B))/2))
	}
	id := uint64(0)
	for k := uint64(0); k < n && r.Err == nil; k++ {
		gap := r.Uvarint(topic.WordSpace, "word id")
		c := r.Uvarint(math.MaxInt32, "word count")
		if id += gap; r.Err == nil && (k > 0 && gap == 0 || id >= topic.WordSpace || c == 0) {
			r.Fail("word %d counted %d", id, c)
		}
		d.Words, d.Counts = append(d.Words, uint32(id)), append(d.Counts, int64(c))
	}
	d.Folds = int64(r.Uvarint(math.MaxInt32, "pages folded"))
	n = r.Uvarint(uint64(features), "sum entries")
	if r.Err == nil && n > 0 && d.Folds == 0 {
		r.Fail("a centroid sum without folded pages")
	}
	if r.Err == nil && d.Folds > 0 {
		d.Sum = make([]float64, features)
	}
	i := uint64(0)
	for k := uint64(0); k < n && r.Err == nil; k++ {
		gap := r.Uvarint(uint64(features), "sum index")
		x := math.Float64frombits(r.Uint64("sum value"))
		if i += gap; r.Err == nil && (k > 0 && gap == 0 || i >= uint64(features) || math.IsNaN(x) || math.IsInf(x, 0) || x == 0) {
			r.Fail("sum entry %d = %v", i, x)
		}
		if r.Err == nil {
			d.Sum[i] = x
		}
	}
	d.Rel = readRel(r)
	if r.Err == nil && len(r.B) > 0 {
		r.Fail("%d bytes after the end", len(r.B))
	}
	if r.Err != nil {
		return topic.StatsDelta{}, r.Err
	}
	return d, nil
}

// readRel decodes the relevance counts of a delta.
func readRel(r *wire.Reader) []topic.RelCount {
	n := r.Uvarint(maxRelEpoch, "relevance counts")
	var out []topic.RelCount
	if r.Err == nil && n > 0 {
		out = make([]topic.RelCount, 0, min(n, uint64(len(r.B))/3))
	}
	for k := uint64(0); k < n && r.Err == nil; k++ {
		c := topic.RelCount{Epoch: int64(r.Uvarint(maxRelEpoch, "relevance epoch")), Bin: int(r.Uvarint(topic.RelBins-1, "relevance bin")),
			N: int64(r.Uvarint(math.MaxInt32, "relevance pages"))}
		if r.Err == nil && (c.N == 0 || k > 0 && !relAfter(c, out[len(out)-1])) {
			r.Fail("relevance count %+v", c)
		}
		out = append(out, c)
	}
	return out
}

// relAfter reports whether c comes after p (epoch, then bin).
func relAfter(c, p topic.RelCount) bool {
	return c.Epoch > p.Epoch || c.Epoch == p.Epoch && c.Bin > p.Bin
}
