package frontier

import (
	"context"

	"github.com/crawl-project/crawl"
)

// Rescorer is implemented by frontiers whose queued links can be given new
// priorities, for a focused crawl whose link model learns as it goes
// (topic.Hook.Rescore). Rescore calls score for every queued link (with
// the frontier locked: score must be quick and must not call the
// frontier) and reorders the queue by the new priorities. It returns how
// many links it rescored.
type Rescorer interface {
	Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error)
}

// Rescore implements Rescorer: every queued link is rescored.
func (m *Memory) Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, ErrClosed
	}
	return m.q.Rescore(score), nil
}
