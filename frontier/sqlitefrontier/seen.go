package sqlitefrontier

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"

	"github.com/bits-and-blooms/bloom/v3"
	"github.com/crawl-project/crawl/store"
)

// seenKey is the store meta key of the saved Bloom filter: 8 bytes of the
// frontier row count it covers, then the filter.
const seenKey = "frontier.seen_bloom"

// loadSeen returns the Bloom filter of every frontier URL: the one saved by
// the last Close when it still covers exactly the frontier's rows (rows are
// only ever added, so an equal count means the same rows) and has the
// wanted size, else one rebuilt from every row.
func loadSeen(ctx context.Context, st *store.Store, total int64, n uint, fp float64) (*bloom.BloomFilter, error) {
	m, k := bloom.EstimateParameters(n, fp)
	saved, ok, err := st.MetaBlob(ctx, seenKey)
	if err != nil {
		return nil, fmt.Errorf("frontier: open: %w", err)
	}
	if ok && len(saved) > 8 && int64(binary.LittleEndian.Uint64(saved)) == total {
		var f bloom.BloomFilter
		if f.UnmarshalBinary(saved[8:]) == nil && f.Cap() == m && f.K() == k {
			return &f, nil
		}
	}
	f := bloom.New(m, k)
	err = st.FrontierURLs(ctx, func(u string) error {
		f.AddString(u)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("frontier: open: %w", err)
	}
	return f, nil
}

// savedBytesPerRow is how many bytes of a saved filter cost, to save at
// Close and to read back at open, what rebuilding the filter costs for one
// frontier row (reading its URL and adding it): BenchmarkSeenFilter gave
// 186 ms to save and reload the default 12 MB filter and 5.8 µs a row to
// rebuild, about 370 bytes a row; 400 leans towards rebuilding.
const savedBytesPerRow = 400

// saveSeen stores the filter with the row count it covers when the
// frontier has rows enough that reloading the filter beats rebuilding it
// from them; otherwise it removes a saved one (no longer matching the
// rows, it would only be read and thrown away) and the next open rebuilds.
// A short crawl thus writes no 12 MB blob into its store.
func saveSeen(ctx context.Context, st *store.Store, f *bloom.BloomFilter) error {
	_, total, err := st.FrontierStats(ctx, 0)
	if err != nil {
		return err
	}
	size := 8 + 16 + int64(f.Cap()+63)/64*8 // row count, m and k, the bits
	if total*savedBytesPerRow < size {
		return st.DeleteMeta(ctx, seenKey)
	}
	buf := bytes.NewBuffer(make([]byte, 8, size+8))
	binary.LittleEndian.PutUint64(buf.Bytes(), uint64(total))
	if _, err := f.WriteTo(buf); err != nil {
		return err
	}
	return st.SetMetaBlob(ctx, seenKey, buf.Bytes())
}
