package sqlitefrontier

import (
	"context"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// Rescore implements Rescorer for the links held in memory (the window,
// the best queued links): the links waiting in SQLite keep their stored
// priority until they are loaded. Rescored priorities live in memory until
// Close writes them to their rows (a resumed crawl keeps the rescored
// order; after a crash the stored ones are the push-time priorities):
// after a rescoring, a window that overflows is refilled from the start of
// the stored order (nothing is lost; stored priorities decide which
// spilled links come back first).
func (f *Frontier) Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, frontier.ErrClosed
	}
	f.rescored = true
	return f.q.Rescore(score), nil
}
