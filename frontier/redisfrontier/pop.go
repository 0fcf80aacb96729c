package redisfrontier

import (
	"context"
	"errors"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/redis/go-redis/v9"
)

// Pop looks at the hosts of the firstHosts best links first, then, when
// none of them is ready, at wideHosts more, round-robin over the rest.
const (
	firstHosts = 64
	wideHosts  = 1024
	popTries   = 16
)

// Pop implements frontier.Frontier: it leases the best link of the best
// ready host to this process. The link stays leased until Settle (stored)
// or Close (given back); if this process dies it is re-issued a lease
// after its last heartbeat. ErrEmpty means nothing is queued and no other
// process holds a link (whose page could queue more); ErrNotReady also
// stands for "the page budget is taken by leased links". Once the crawl is
// stopped for all, Pop returns a *StopError.
func (f *Frontier) Pop(ctx context.Context, ready func(host string) bool) (crawl.Link, error) {
	if err := ctx.Err(); err != nil {
		return crawl.Link{}, err
	}
	if f.isClosed() {
		return crawl.Link{}, frontier.ErrClosed
	}
	for range popTries {
		host, err := f.choose(ctx, ready)
		if err != nil {
			return crawl.Link{}, err
		}
		l, err := f.popHost(ctx, host)
		if errors.Is(err, errGone) {
			continue // another process took the host's last link
		}
		return l, err
	}
	return crawl.Link{}, frontier.ErrNotReady
}

// choose returns the host whose best link is best among the ready hosts.
func (f *Frontier) choose(ctx context.Context, ready func(string) bool) (string, error) {
	pipe := f.rdb.Pipeline()
	top := pipe.ZRangeWithScores(ctx, f.prefix+"hosts", 0, firstHosts-1)
	total := pipe.ZCard(ctx, f.prefix+"hosts")
	stop := pipe.Get(ctx, f.prefix+"stop")
	leased := pipe.Get(ctx, f.prefix+"n:leased")
	own := pipe.HLen(ctx, f.prefix+"l:"+f.owner)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("redisfrontier: pop: %w", err)
	}
	if reason, err := stop.Result(); err == nil {
		return "", &StopError{Reason: reason}
	}
	hosts := top.Val()
	if len(hosts) == 0 {
		n, _ := leased.Int64()
		if n-own.Val() > 0 {
			return "", frontier.ErrNotReady // others' pages may queue more
		}
		return "", frontier.ErrEmpty
	}
	best := hosts[0].Score
	if h, ok := f.pick(hosts, best, ready); ok {
		return h, nil
	}
	rest := total.Val() - firstHosts
	if rest <= 0 {
		return "", frontier.ErrNotReady
	}
	f.mu.Lock()
	start := f.scan % int(rest)
	f.scan = start + wideHosts
	f.mu.Unlock()
	more, err := f.rdb.ZRangeWithScores(ctx, f.prefix+"hosts", int64(firstHosts+start), int64(firstHosts+start+wideHosts-1)).Result()
	if err != nil {
		return "", fmt.Errorf("redisfrontier: pop: %w", err)
	}
	if h, ok := f.pick(more, best, ready); ok {
		return h, nil
	}
	return "", frontier.ErrNotReady
}

// pick returns the first ready host of zs (best first) whose best link is
// within the focus margin of best.
func (f *Frontier) pick(zs []redis.Z, best float64, ready func(string) bool) (string, bool) {
	margin := f.cfg.Frontier.FocusMargin
	for _, z := range zs {
		m, _ := z.Member.(string)
		if len(m) < 5 {
			continue
		}
		host := m[5:]
		if ready != nil && !ready(host) {
			continue
		}
		if margin > 0 && z.Score > best+margin {
			return "", false // every later host is worse still
		}
		return host, true
	}
	return "", false
}

// popHost leases the best link of host.
func (f *Frontier) popHost(ctx context.Context, host string) (crawl.Link, error) {
	res, err := popScript.Run(ctx, f.rdb, f.keys, host, f.owner, f.cfg.MaxPages).Slice()
	if err != nil {
		return crawl.Link{}, fmt.Errorf("redisfrontier: pop: %w", err)
	}
	kind, _ := res[0].(string)
	switch kind {
	case "gone":
		return crawl.Link{}, errGone
	case "budget":
		return crawl.Link{}, frontier.ErrNotReady
	case "stop":
		reason, _ := res[1].(string)
		return crawl.Link{}, &StopError{Reason: reason}
	case "ok":
	default:
		return crawl.Link{}, fmt.Errorf("redisfrontier: pop: unexpected answer %v", res)
	}
	s5, _ := res[1].(string)
	sc, _ := res[2].(string)
	rec, _ := res[3].(string)
	parent, _ := res[4].(string)
	prio, err := priorityOf(sc)
	if err != nil {
		return crawl.Link{}, err
	}
	l, err := decodeLink([]byte(rec), host, prio, parent)
	if err != nil {
		return crawl.Link{}, fmt.Errorf("redisfrontier: pop %s: %w", host, err)
	}
	f.mu.Lock()
	if f.held != nil {
		f.held[l.URL] = heldLink{s5: s5, host: host}
	}
	f.mu.Unlock()
	return l, nil
}
