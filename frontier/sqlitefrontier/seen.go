package sqlitefrontier

import (
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

// saveSeen stores the filter with the row count it covers.
func saveSeen(ctx context.Context, st *store.Store, f *bloom.BloomFilter) error {
	_, total, err := st.FrontierStats(ctx, 0)
	if err != nil {
		return err
	}
	b, err := f.MarshalBinary()
	if err != nil {
		return err
	}
	buf := make([]byte, 8, 8+len(b))
	binary.LittleEndian.PutUint64(buf, uint64(total))
	return st.SetMetaBlob(ctx, seenKey, append(buf, b...))
}
