package dedup

import (
	"errors"
	"fmt"
)

// MaxDistance is the largest k an Index accepts: beyond it the blocks get
// so short that a lookup is no better than a scan.
const MaxDistance = 12

// ErrDistance is returned by NewIndex for k outside 0..MaxDistance.
var ErrDistance = errors.New("dedup: distance out of range")

// Index holds fingerprints and finds, for a query, the earliest added one
// within Hamming distance K. It is not safe for concurrent use.
type Index struct {
	k      int
	blocks []block
	tables []map[uint64][]int32 // per block: block value → positions in fps
	fps    []uint64
}

// block is a run of bits [shift, shift+width) of a fingerprint.
type block struct{ shift, width uint }

func (b block) of(fp uint64) uint64 { return fp >> b.shift & (1<<b.width - 1) }

// NewIndex returns an empty index for distance k (0..MaxDistance).
func NewIndex(k int) (*Index, error) {
	if k < 0 || k > MaxDistance {
		return nil, fmt.Errorf("%w: %d (want 0..%d)", ErrDistance, k, MaxDistance)
	}
	n := uint(k + 1)
	x := &Index{k: k, tables: make([]map[uint64][]int32, n)}
	shift := uint(0)
	for i := range n {
		w := 64 / n
		if i < 64%n {
			w++
		}
		x.blocks = append(x.blocks, block{shift, w})
		x.tables[i] = map[uint64][]int32{}
		shift += w
	}
	return x, nil
}

// K is the index's distance.
func (x *Index) K() int { return x.k }

// Len is the number of fingerprints added.
func (x *Index) Len() int { return len(x.fps) }

// Add stores fp and returns its position (0 for the first added).
func (x *Index) Add(fp uint64) int {
	pos := int32(len(x.fps))
	x.fps = append(x.fps, fp)
	for i, b := range x.blocks {
		v := b.of(fp)
		x.tables[i][v] = append(x.tables[i][v], pos)
	}
	return int(pos)
}

// Near returns the position of the earliest added fingerprint within
// distance K of fp, and that distance; ok is false when there is none.
func (x *Index) Near(fp uint64) (pos, dist int, ok bool) { return x.NearWhere(fp, nil) }

// NearWhere is Near among the fingerprints whose position accept takes
// (nil: all); accept is asked only of those within distance K.
func (x *Index) NearWhere(fp uint64, accept func(pos int) bool) (pos, dist int, ok bool) {
	best := -1
	for i, b := range x.blocks {
		for _, p := range x.tables[i][b.of(fp)] {
			if best >= 0 && int(p) >= best {
				break // positions are ascending: no earlier one in this list
			}
			if d := Distance(fp, x.fps[p]); d <= x.k && (accept == nil || accept(int(p))) {
				best, dist = int(p), d
				break
			}
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return best, dist, true
}

// Fingerprint returns the fingerprint at position pos.
func (x *Index) Fingerprint(pos int) uint64 { return x.fps[pos] }
