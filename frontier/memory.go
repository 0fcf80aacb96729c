package frontier

import (
	"context"
	"hash/maphash"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier/internal/queue"
)

// Memory is the in-memory backend: per-host back queues and a seen set of
// 64-bit URL hashes. Nothing survives the process. The seen set costs about
// 40 bytes a URL (400 MB at 10M URLs) and two different URLs share a hash
// with probability about n²/2⁶⁵ over n URLs (3·10⁻⁶ at 10M), in which case
// the second is wrongly dropped as seen. Use the SQLite backend for large
// or resumable crawls.
type Memory struct {
	mu     sync.Mutex
	rules  *Rules
	limit  *Limiter
	q      *queue.Queues
	seen   map[uint64]struct{}
	seed   maphash.Seed
	seq    int64
	closed bool
}

// NewMemory returns an empty in-memory frontier.
func NewMemory(cfg Config) (*Memory, error) {
	rules, err := cfg.Scope.Compile()
	if err != nil {
		return nil, err
	}
	return &Memory{rules: rules, limit: NewLimiter(cfg.Limits), q: queue.New(cfg.FocusMargin, cfg.FocusWait, cfg.Clock), seen: map[uint64]struct{}{}, seed: maphash.MakeSeed()}, nil
}

// Push implements Frontier.
func (m *Memory) Push(ctx context.Context, links []crawl.Link) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, ErrClosed
	}
	added := 0
	for _, l := range links {
		if !m.rules.Allows(l) {
			continue
		}
		h := maphash.String(m.seed, l.URL)
		if _, ok := m.seen[h]; ok {
			continue
		}
		if !m.limit.Admit(l.URL) {
			continue
		}
		m.seen[h] = struct{}{}
		m.seq++
		l.Priority = queue.CleanPriority(l.Priority)
		l.Tags = append([]string(nil), l.Tags...)
		m.q.Push(&queue.Entry{Link: l, Host: crawl.HostKey(l.URL), Seq: m.seq})
		added++
	}
	return added, nil
}

// Queues implements Novelty.
func (m *Memory) Queues(l crawl.Link) bool {
	m.mu.Lock()
	_, seen := m.seen[maphash.String(m.seed, l.URL)]
	closed := m.closed
	m.mu.Unlock()
	return !seen && !closed && m.rules.Allows(l)
}

// Drops implements Dropper.
func (m *Memory) Drops(ctx context.Context, links []crawl.Link, drops []bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return ErrClosed
	}
	for i := range links {
		_, seen := m.seen[maphash.String(m.seed, links[i].URL)]
		drops[i] = seen || !m.rules.Allows(links[i])
	}
	return nil
}

// Best implements Novelty.
func (m *Memory) Best() (float64, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.q.Best()
}

// Refused implements Refuser.
func (m *Memory) Refused() map[string]int64 { return m.limit.Refused() }

// Pop implements Frontier.
func (m *Memory) Pop(ctx context.Context, ready func(host string) bool) (crawl.Link, error) {
	if err := ctx.Err(); err != nil {
		return crawl.Link{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return crawl.Link{}, ErrClosed
	}
	if m.q.Len() == 0 {
		return crawl.Link{}, ErrEmpty
	}
	e, ok := m.q.Pop(ready)
	if !ok {
		return crawl.Link{}, ErrNotReady
	}
	return e.Link, nil
}

// Len implements Frontier.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.q.Len()
}

// Close implements Frontier.
func (m *Memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	m.q = queue.New(0, 0, nil)
	m.seen = nil
	return nil
}
