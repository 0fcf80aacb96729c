package dashboard

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// rateRing keeps the last n samples of a live crawl's page count.
type rateRing struct {
	mu   sync.Mutex
	pts  []RatePoint
	n    int
	last time.Time
}

func newRateRing(n int) *rateRing { return &rateRing{n: n} }

func (r *rateRing) add(at time.Time, pages int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := RatePoint{At: at.UTC().Format(time.RFC3339Nano), Pages: pages}
	if len(r.pts) > 0 {
		prev := r.pts[len(r.pts)-1]
		if dt := at.Sub(r.last).Seconds(); dt > 0 {
			p.Rate = float64(pages-prev.Pages) / dt
		}
	}
	r.last = at
	if len(r.pts) == r.n {
		copy(r.pts, r.pts[1:])
		r.pts = r.pts[:r.n-1]
	}
	r.pts = append(r.pts, p)
}

func (r *rateRing) points() []RatePoint {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]RatePoint{}, r.pts...)
}

// sample records the live crawl's page count every period until ctx ends.
func (s *Server) sample(ctx context.Context, period time.Duration) {
	if s.stats == nil {
		return
	}
	s.rates.add(time.Now(), s.stats().Fetched)
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			s.rates.add(now, s.stats().Fetched)
		}
	}
}

// Rates reads the fetch rate over the store's history: at most points
// points, evenly spaced in fetch order, from the pages' fetch times.
func (d *DB) Rates(ctx context.Context, points int) ([]RatePoint, error) {
	var maxSeq int64
	if err := d.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM pages`).Scan(&maxSeq); err != nil {
		return nil, fmt.Errorf("dashboard: rates: %w", err)
	}
	out := []RatePoint{}
	if maxSeq == 0 {
		return out, nil
	}
	step := max((maxSeq+int64(points)-1)/int64(points), 1)
	rows, err := d.db.QueryContext(ctx, `SELECT seq, fetched_at FROM pages
		WHERE seq = 1 OR seq % ? = 0 OR seq = ? ORDER BY seq`, step, maxSeq)
	if err != nil {
		return nil, fmt.Errorf("dashboard: rates: %w", err)
	}
	defer rows.Close()
	var prev time.Time
	for rows.Next() {
		var p RatePoint
		if err := rows.Scan(&p.Pages, &p.At); err != nil {
			return nil, fmt.Errorf("dashboard: rates: %w", err)
		}
		at, err := time.Parse(time.RFC3339Nano, p.At)
		if err != nil {
			continue // a view: a row with an unreadable time is left out of the chart
		}
		if len(out) > 0 {
			if dt := at.Sub(prev).Seconds(); dt > 0 {
				p.Rate = float64(p.Pages-out[len(out)-1].Pages) / dt
			}
		}
		prev = at
		out = append(out, p)
	}
	return out, rows.Err()
}
