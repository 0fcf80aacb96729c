package dashboard

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"
)

// tally.go: what polls read often, read cheaply.

// tally is the store's pages by status class and their running count of
// relevant pages in fetch order, kept in memory and read incrementally:
// a poll reads only the pages stored since the last one. Scanning the
// whole pages table for every poll would cost more the longer the crawl
// runs (relevant sits behind the compressed HTML, so a scan reads every
// page's overflow chain). Pages a re-crawl updates in place keep their
// seq: they are caught by a full read, done at most every fullEvery or
// 100 times as long as the last full read took, whichever is longer (so
// full reads take at most 1% of the time).
type tally struct {
	mu       sync.Mutex
	last     int64           // highest seq read
	rel      []int64         // rel[i]: relevant pages among the first i+1
	status   map[int64]int64 // pages by status / 100
	fullAt   time.Time       // when the last full read started
	fullCost time.Duration
	now      func() time.Time
}

// fullEvery is the least time between two full reads of the pages.
const fullEvery = 30 * time.Second

func newTally() *tally { return &tally{status: map[int64]int64{}, now: time.Now} }

// tallyView is a consistent copy of what a tally knows.
type tallyView struct {
	rel    []int64 // shared, never written below len
	status map[int64]int64
}

// read brings t up to date with the store and returns a view of it.
func (t *tally) read(ctx context.Context, d *DB) (tallyView, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var maxSeq int64
	if err := d.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM pages`).Scan(&maxSeq); err != nil {
		return tallyView{}, fmt.Errorf("dashboard: pages: %w", err)
	}
	start := t.now()
	full := maxSeq < t.last || start.Sub(t.fullAt) >= max(fullEvery, 100*t.fullCost)
	from := t.last
	if full {
		from = 0
	}
	if full || maxSeq > t.last {
		if err := t.scan(ctx, d, from, full); err != nil {
			return tallyView{}, err
		}
	}
	if full {
		t.fullAt, t.fullCost = start, t.now().Sub(start)
	}
	return tallyView{rel: t.rel[:len(t.rel):len(t.rel)], status: maps.Clone(t.status)}, nil
}

// scan reads the pages after seq from; full starts over.
func (t *tally) scan(ctx context.Context, d *DB, from int64, full bool) error {
	rows, err := d.db.QueryContext(ctx, `SELECT seq, status / 100, relevant FROM pages WHERE seq > ? ORDER BY seq`, from)
	if err != nil {
		return fmt.Errorf("dashboard: pages: %w", err)
	}
	defer rows.Close()
	rel, status, last := t.rel, maps.Clone(t.status), t.last
	if full {
		// A fresh slice: views handed out keep the old one.
		rel, status, last = make([]int64, 0, len(t.rel)+64), map[int64]int64{}, 0
	}
	var sum int64
	if len(rel) > 0 {
		sum = rel[len(rel)-1]
	}
	for rows.Next() {
		var seq, class int64
		var r bool
		if err := rows.Scan(&seq, &class, &r); err != nil {
			return fmt.Errorf("dashboard: pages: %w", err)
		}
		if r {
			sum++
		}
		rel = append(rel, sum)
		status[class]++
		last = seq
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("dashboard: pages: %w", err)
	}
	t.rel, t.status, t.last = rel, status, last
	return nil
}

// harvest is the curve of the first len(v.rel) pages: at most points
// points, evenly spaced in fetch order.
func (v tallyView) harvest(points int) []HarvestPoint {
	if len(v.rel) == 0 {
		return []HarvestPoint{}
	}
	return (&Reference{rel: v.rel}).Curve(points, 0)
}

// cached is a list read from the store, reused while it is fresh: for at
// least a second, and for 50 times as long as reading it took, so that
// reading it takes at most 2% of the time however large the store grows
// and however often views ask.
type cached[T any] struct {
	mu   sync.Mutex
	at   time.Time
	cost time.Duration
	rows []T
}

// get returns a copy of the list (callers sort it), read again with read
// when it is stale.
func (c *cached[T]) get(ctx context.Context, read func(context.Context) ([]T, error)) ([]T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	start := time.Now()
	if c.at.IsZero() || start.Sub(c.at) >= max(time.Second, 50*c.cost) {
		rows, err := read(ctx)
		if err != nil {
			return nil, err
		}
		c.rows, c.at, c.cost = rows, start, time.Since(start)
	}
	return slices.Clone(c.rows), nil
}
