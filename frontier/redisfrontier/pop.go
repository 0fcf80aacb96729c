package redisfrontier

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	if l, ok := f.popPinned(ready); ok {
		return l, nil
	}
	margin := f.margin()
	for range popTries {
		l, err := f.popTop(ctx, ready, margin)
		switch {
		case errors.Is(err, errRefresh):
			continue // new hosts at the top: judged on the next try
		case errors.Is(err, errWide):
			l, err = f.popWide(ctx, ready, margin)
		}
		f.waited(l, err, margin)
		return l, err
	}
	f.waited(crawl.Link{}, frontier.ErrNotReady, margin)
	return crawl.Link{}, frontier.ErrNotReady
}

// margin is the focus margin this Pop applies: Config.FocusMargin, or none
// once the margin has refused worse links for Config.FocusWait (the wait
// is this process's own, as each process's workers are).
func (f *Frontier) margin() float64 {
	m, wait := max(f.cfg.Frontier.FocusMargin, 0), f.cfg.Frontier.FocusWait
	if m == 0 || wait <= 0 {
		return m
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.refusing.IsZero() && f.now().Sub(f.refusing) >= wait {
		return 0
	}
	return m
}

// waited keeps the focus wait's clock: a not-ready answer under the margin
// starts it (a not-ready answer for other reasons — no host ready, the
// budget leased — starts it too: the wait bounds how long workers stay
// idle while better links are queued), and a link of the best host stops
// it.
func (f *Frontier) waited(l crawl.Link, err error, margin float64) {
	if f.cfg.Frontier.FocusWait <= 0 || f.cfg.Frontier.FocusMargin <= 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case err == nil && crawl.HostKey(l.URL) == f.best:
		f.refusing = time.Time{}
	case errors.Is(err, frontier.ErrNotReady) && margin > 0 && f.refusing.IsZero():
		f.refusing = f.now()
	}
}

// now is the focus wait's clock (frontier.Config.Clock).
func (f *Frontier) now() time.Time {
	if c := f.cfg.Frontier.Clock; c != nil {
		return c()
	}
	return time.Now()
}

var (
	errRefresh = errors.New("redisfrontier: new hosts at the top")
	errWide    = errors.New("redisfrontier: no top host ready")
)

// popTop is Pop in one round trip in the common case: the caller's
// verdicts on the hosts last seen at the top go with the pop script, which
// leases from the best ready one; when the top has hosts without a
// verdict, it answers with the new top (errRefresh).
func (f *Frontier) popTop(ctx context.Context, ready func(string) bool, margin float64) (crawl.Link, error) {
	f.mu.Lock()
	top := f.top
	if len(top) > 0 {
		f.best = top[0]
	}
	f.mu.Unlock()
	var yes, no []any
	for _, h := range top {
		if ready == nil || ready(h) {
			yes = append(yes, h)
		} else {
			no = append(no, h)
		}
	}
	args := make([]any, 0, 6+len(top))
	args = append(args, f.owner, f.cfg.MaxPages, max(f.cfg.HostLimit, 0), f.MaxPagesPerHost(), margin, len(yes))
	args = append(append(args, yes...), no...)
	f.calls.RLock()
	defer f.calls.RUnlock()
	res, err := popTopScript.Run(ctx, f.rdb, f.keys, args...).Slice()
	if err != nil {
		return crawl.Link{}, fmt.Errorf("redisfrontier: pop: %w", err)
	}
	switch kind, _ := res[0].(string); kind {
	case "refresh":
		hosts := make([]string, 0, len(res)/2)
		for i := 1; i+1 < len(res); i += 2 {
			if m, _ := res[i].(string); len(m) > 5 {
				hosts = append(hosts, m[5:])
			}
		}
		f.mu.Lock()
		f.top = hosts
		f.mu.Unlock()
		return crawl.Link{}, errRefresh
	case "wide":
		return crawl.Link{}, errWide
	case "moving":
		return crawl.Link{}, f.moving(ctx)
	case "empty":
		return crawl.Link{}, frontier.ErrEmpty
	case "notready":
		return crawl.Link{}, frontier.ErrNotReady
	}
	return f.leased(ctx, res)
}

// popWide is Pop over more hosts than the top: the best hosts are read,
// judged, and the pop script leases from the first ready one.
func (f *Frontier) popWide(ctx context.Context, ready func(string) bool, margin float64) (crawl.Link, error) {
	for range popTries {
		hosts, err := f.choose(ctx, ready, margin)
		if err != nil {
			return crawl.Link{}, err
		}
		l, err := f.popFrom(ctx, hosts)
		if errors.Is(err, errGone) {
			continue // others took the candidates' links: look again
		}
		return l, err
	}
	return crawl.Link{}, frontier.ErrNotReady
}

var errGone = errors.New("redisfrontier: the hosts' links were taken")

// choose returns the ready hosts, best first, whose best links are within
// the focus margin of the best queued link.
func (f *Frontier) choose(ctx context.Context, ready func(string) bool, margin float64) ([]string, error) {
	pipe := f.rdb.Pipeline()
	top := pipe.ZRangeWithScores(ctx, f.prefix+"hosts", 0, firstHosts-1)
	total := pipe.ZCard(ctx, f.prefix+"hosts")
	stop := pipe.Get(ctx, f.prefix+"stop")
	leased := pipe.Get(ctx, f.prefix+"n:leased")
	own := pipe.HLen(ctx, f.prefix+"l:"+f.owner)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("redisfrontier: pop: %w", err)
	}
	if reason, err := stop.Result(); err == nil {
		return nil, &StopError{Reason: reason}
	}
	hosts := top.Val()
	if len(hosts) == 0 {
		n, _ := leased.Int64()
		if n-own.Val() > 0 {
			return nil, frontier.ErrNotReady // others' pages may queue more
		}
		return nil, frontier.ErrEmpty
	}
	best := hosts[0].Score
	if m, _ := hosts[0].Member.(string); len(m) > 5 {
		f.mu.Lock()
		f.best = m[5:]
		f.mu.Unlock()
	}
	if hs := f.pick(hosts, best, ready, margin); len(hs) > 0 {
		return hs, nil
	}
	rest := total.Val() - firstHosts
	if rest <= 0 {
		return nil, frontier.ErrNotReady
	}
	start := 0 // all the rest when it fits, else a window going round
	if rest > wideHosts {
		f.mu.Lock()
		start = f.scan % int(rest)
		f.scan = start + wideHosts
		f.mu.Unlock()
	}
	more, err := f.rdb.ZRangeWithScores(ctx, f.prefix+"hosts", int64(firstHosts+start), int64(firstHosts+start+wideHosts-1)).Result()
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: pop: %w", err)
	}
	if hs := f.pick(more, best, ready, margin); len(hs) > 0 {
		return hs, nil
	}
	return nil, frontier.ErrNotReady
}

// pick returns the ready hosts of zs (best first) whose best links are
// within the focus margin of best.
func (f *Frontier) pick(zs []redis.Z, best float64, ready func(string) bool, margin float64) []string {
	var out []string
	for _, z := range zs {
		m, _ := z.Member.(string)
		if len(m) < 5 {
			continue
		}
		if margin > 0 && z.Score > best+margin {
			break // every later host is worse still
		}
		if host := m[5:]; ready == nil || ready(host) {
			out = append(out, host)
		}
	}
	return out
}

// popFrom leases the best link of the first of hosts that has one (and,
// with HostLimit, may be sent a request now).
func (f *Frontier) popFrom(ctx context.Context, hosts []string) (crawl.Link, error) {
	args := make([]any, 0, 4+len(hosts))
	args = append(args, f.owner, f.cfg.MaxPages, max(f.cfg.HostLimit, 0), f.MaxPagesPerHost())
	for _, h := range hosts {
		args = append(args, h)
	}
	f.calls.RLock()
	defer f.calls.RUnlock()
	res, err := popScript.Run(ctx, f.rdb, f.keys, args...).Slice()
	if err != nil {
		return crawl.Link{}, fmt.Errorf("redisfrontier: pop: %w", err)
	}
	return f.leased(ctx, res)
}

// moving is Pop's answer while the queue is moved (movestep.go): it helps
// the move on when nobody drives it, and answers not ready.
func (f *Frontier) moving(ctx context.Context) error {
	if err := f.finishMove(ctx, false); err != nil {
		return err
	}
	return frontier.ErrNotReady
}

// leased reads the answer of a pop script, and takes the link's revised
// label when its host has some (relabel.go).
func (f *Frontier) leased(ctx context.Context, res []any) (crawl.Link, error) {
	kind, _ := res[0].(string)
	switch kind {
	case "busy":
		return crawl.Link{}, frontier.ErrNotReady
	case "gone":
		return crawl.Link{}, errGone
	case "moving":
		return crawl.Link{}, f.moving(ctx)
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
	host, _ := res[5].(string)
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
	if len(res) > 7 && res[7] == int64(1) {
		if err := f.takeLabel(ctx, &l, host); err != nil {
			f.log.Warn("redisfrontier: the link keeps its label of before", "url", l.URL, "err", err)
		}
	}
	if len(res) > 6 && res[6] == "1" { // counted by the caller, which stores it
		return l, &RefusedError{Link: l, Rule: RuleMaxPagesPerHost}
	}
	return l, nil
}
