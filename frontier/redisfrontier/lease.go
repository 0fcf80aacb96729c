package redisfrontier

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"

	"github.com/crawl-project/crawl/frontier"
)

// Settle ends the leases of links this process popped and has now stored:
// pages as pages, failures (and duplicates, refusals) as failures. Call it
// only after the store committed them: a link whose lease is not settled
// is re-issued when this process dies, so a crash before the commit loses
// only the fetch, never the link. URLs this process does not hold are
// ignored. It also counts the crawl's stored pages (the shared budget).
func (f *Frontier) Settle(ctx context.Context, pages, failures []string) error {
	f.calls.RLock()
	defer f.calls.RUnlock()
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return frontier.ErrClosed
	}
	args := make([]any, 2, 2+2*(len(pages)+len(failures)))
	args[0] = f.owner
	np := 0
	for i, list := range [][]string{pages, failures} {
		for _, u := range list {
			h, ok := f.held[u]
			if !ok {
				continue
			}
			delete(f.held, u)
			args = append(args, h.s5, h.host)
			if i == 0 {
				np++
			}
		}
	}
	f.mu.Unlock()
	args[1] = np
	if len(args) == 2 {
		return nil
	}
	if err := settleScript.Run(ctx, f.rdb, f.keys, args...).Err(); err != nil {
		return fmt.Errorf("redisfrontier: settle: %w", err)
	}
	return nil
}

// Release gives links this process popped but will not store back to the
// queue, at their place (priority and FIFO position); others may then
// lease them at once.
func (f *Frontier) Release(ctx context.Context, urls []string) error {
	f.calls.RLock()
	defer f.calls.RUnlock()
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return frontier.ErrClosed
	}
	args := []any{f.owner}
	for _, u := range urls {
		if h, ok := f.held[u]; ok {
			delete(f.held, u)
			args = append(args, h.s5)
		}
	}
	f.mu.Unlock()
	if len(args) == 1 {
		return nil
	}
	if err := releaseScript.Run(ctx, f.rdb, f.keys, args...).Err(); err != nil {
		return fmt.Errorf("redisfrontier: release: %w", err)
	}
	return nil
}

// lease is one link held by an owner, as stored in its lease hash.
type lease struct {
	s5, host, url string
}

// leasesOf reads the links owner holds.
func (f *Frontier) leasesOf(ctx context.Context, owner string) ([]lease, error) {
	all, err := f.rdb.HGetAll(ctx, f.prefix+"l:"+owner).Result()
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: leases of %s: %w", owner, err)
	}
	out := make([]lease, 0, len(all))
	for s5, v := range all {
		sc, rest, ok1 := strings.Cut(v, "\n")
		host, stored, ok2 := strings.Cut(rest, "\n")
		pid, rec, ok3 := strings.Cut(stored, "|")
		if !ok1 || !ok2 || !ok3 {
			return nil, fmt.Errorf("redisfrontier: lease of %s: %w", owner, errRecord)
		}
		prio, err := priorityOf(sc)
		if err != nil {
			return nil, err
		}
		parent, err := f.parent(ctx, pid)
		if err != nil {
			return nil, err
		}
		l, err := decodeLink([]byte(rec), host, prio, parent)
		if err != nil {
			return nil, fmt.Errorf("redisfrontier: lease of %s: %w", owner, err)
		}
		out = append(out, lease{s5: s5, host: host, url: l.URL})
	}
	return out, nil
}

// parent returns the URL of parent id pid ("" for "0").
func (f *Frontier) parent(ctx context.Context, pid string) (string, error) {
	if pid == "0" {
		return "", nil
	}
	id, err := strconv.ParseInt(pid, 10, 64)
	if err != nil {
		return "", fmt.Errorf("redisfrontier: parent id %q: %w", pid, errRecord)
	}
	u, err := f.rdb.HGet(ctx, f.prefix+"pu:"+strconv.FormatInt(id/128, 10), pid).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("redisfrontier: parent %s: %w", pid, err)
	}
	return u, nil
}

// reconcile handles the links an earlier run with this Owner still held
// (it died, or its settle never reached Redis): those its store saved are
// settled, the others go back to the queue. Without Config.Saved all go
// back. In a re-crawl, the re-visits of the generation it held (rc:rv)
// are kept for this run's Revisit: the store holds every re-visited page
// from before, so it cannot say whether the run re-visited it.
func (f *Frontier) reconcile(ctx context.Context) error {
	leases, err := f.leasesOf(ctx, f.owner)
	if err != nil || len(leases) == 0 {
		return err
	}
	f.mu.Lock()
	for _, l := range leases {
		f.held[l.url] = heldLink{s5: l.s5, host: l.host}
	}
	f.mu.Unlock()
	if f.cfg.Recrawl {
		if leases, err = f.keepRevisits(ctx, leases); err != nil {
			return err
		}
	}
	return f.settleOrGiveBack(ctx, leases, "reconciled the links an earlier run held")
}

// keepRevisits moves the leases of the generation's re-visits (rc:rv) to
// f.kept and returns the others.
func (f *Frontier) keepRevisits(ctx context.Context, leases []lease) ([]lease, error) {
	keys := make([]any, len(leases))
	for i, l := range leases {
		keys[i] = revisitKey(l.url)
	}
	in, err := f.rdb.SMIsMember(ctx, f.prefix+"rc:rv", keys...).Result()
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: reconcile: re-visits: %w", err)
	}
	var rest []lease
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, l := range leases {
		if in[i] {
			f.kept[l.url] = true
		} else {
			rest = append(rest, l)
		}
	}
	return rest, nil
}

// adopt handles the links leased to this process that it does not know
// it holds: a pop the server applied whose answer the client never saw
// (the connection dropped, or go-redis sent the script again after a
// first attempt that did reach the server), or a settle the server never
// applied after the client deleted the links from held (Redis restarted
// without its last writes). Such a link is never settled nor given back
// while this process lives and beats, and the other processes then wait
// for it ("others hold links") forever. adopt compares the lease hash
// with held while no pop, settle or release is in flight, and settles
// (Config.Saved says it was stored) or gives back each stray lease.
func (f *Frontier) adopt(ctx context.Context) error {
	f.calls.Lock()
	f.mu.Lock()
	known := make(map[string]bool, len(f.held))
	for _, h := range f.held {
		known[h.s5] = true
	}
	closed := f.held == nil
	f.mu.Unlock()
	if closed {
		f.calls.Unlock()
		return nil
	}
	s5s, err := f.rdb.HKeys(ctx, f.prefix+"l:"+f.owner).Result()
	if err != nil {
		f.calls.Unlock()
		return fmt.Errorf("redisfrontier: leases of %s: %w", f.owner, err)
	}
	stray := false
	for _, s5 := range s5s {
		stray = stray || !known[s5]
	}
	if !stray {
		f.calls.Unlock()
		return nil
	}
	all, err := f.leasesOf(ctx, f.owner)
	if err != nil {
		f.calls.Unlock()
		return err
	}
	var leases []lease
	f.mu.Lock()
	for _, l := range all {
		if !known[l.s5] && f.held != nil {
			f.held[l.url] = heldLink{s5: l.s5, host: l.host}
			leases = append(leases, l)
		}
	}
	f.mu.Unlock()
	f.calls.Unlock()
	return f.settleOrGiveBack(ctx, leases, "adopted links leased to this process that it did not know it held")
}

// settleOrGiveBack settles the leases, now in held, whose links the store
// saved (Config.Saved) and gives the others back to the queue.
func (f *Frontier) settleOrGiveBack(ctx context.Context, leases []lease, msg string) error {
	if len(leases) == 0 {
		return nil
	}
	var pages, failures map[string]bool
	if f.cfg.Saved != nil {
		urls := make([]string, len(leases))
		for i, l := range leases {
			urls[i] = l.url
		}
		var err error
		if pages, failures, err = f.cfg.Saved(ctx, urls); err != nil {
			return fmt.Errorf("redisfrontier: reconcile: %w", err)
		}
	}
	var ps, fs, back []string
	for _, l := range leases {
		switch {
		case pages[l.url]:
			ps = append(ps, l.url)
		case failures[l.url]:
			fs = append(fs, l.url)
		default:
			back = append(back, l.url)
		}
	}
	if err := f.Settle(ctx, ps, fs); err != nil {
		return err
	}
	f.log.Info(msg, "owner", f.owner, "stored", len(ps), "failed", len(fs), "requeued", len(back))
	return f.Release(ctx, back)
}

// releaseScript: ARGV = owner, then the s5 of the leases to give back to
// the queue (none: all of the owner's).
var releaseScript = redis.NewScript(luaLib + `
local only = nil
if #ARGV > 1 then
  only = {}
  for i = 2, #ARGV do only[#only + 1] = ARGV[i] end
end
return release(ARGV[1], only)
`)

// heartbeatScript: ARGV = owner ("" for none), lease ms. It renews the
// owner's lease, records it as seen, and re-queues the links of owners
// whose lease expired (at most 8 owners a call). It returns {re-queued
// links, 1 when the owner was still registered (0: first beat, or its
// lease lapsed and another process re-queued its links)}.
var heartbeatScript = redis.NewScript(luaLib + `
local now = now_ms()
local present = 0
if ARGV[1] ~= '' then
  if redis.call('ZSCORE', P .. 'owners', ARGV[1]) then present = 1 end
  redis.call('ZADD', P .. 'owners', now + tonumber(ARGV[2]), ARGV[1])
  redis.call('ZADD', P .. 'procs', now, ARGV[1])
end
redis.call('ZREMRANGEBYSCORE', P .. 'procs', '-inf', now - 3600000)
local n = 0
local dead = redis.call('ZRANGEBYSCORE', P .. 'owners', '-inf', now, 'LIMIT', 0, 8)
for _, o in ipairs(dead) do
  n = n + release(o, nil)
  redis.call('ZREM', P .. 'owners', o)
end
return {n, present}
`)

// leaveScript: ARGV = owner. The owner gives its leases back and leaves.
var leaveScript = redis.NewScript(luaLib + `
local n = release(ARGV[1], nil)
redis.call('ZREM', P .. 'owners', ARGV[1])
return n
`)
