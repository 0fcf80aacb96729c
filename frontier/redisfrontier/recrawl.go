package redisfrontier

import (
	"context"
	"fmt"
	"strconv"

	"github.com/cespare/xxhash/v2"

	"github.com/crawl-project/crawl"
	"github.com/redis/go-redis/v9"
)

// generationScript: ARGV = 1 for a re-crawl, 0 for a normal run. A
// re-crawl joins the re-crawl generation the crawl's live processes run
// (its budget base rc:base), or, when no process is alive or none runs a
// re-crawl, opens one: the crawl's stop flag is cleared, rc:base is the
// pages the crawl has stored, on top of which max_pages counts, and the
// links earlier runs left queued are parked (phosts, px:<host>), as are
// their leases given back later (rc:seq: the links numbered up to it):
// a re-crawl fetches its re-visits and the links they bring, not the
// unfinished crawl's queue. A normal run started when no process is alive
// closes a generation left open and queues the parked links again. It
// returns the base (-1 for a normal run), or -2 when a move of the queue
// is under way (finish it, then ask again). The move itself is done a
// few hosts a call after it (movestep.go). ARGV[2] and ARGV[3] are the
// owner and its lease (ms): it is registered as alive at once, so that a
// process starting at the same moment joins the generation this one
// opened instead of opening another.
var generationScript = redis.NewScript(luaLib + `
if redis.call('EXISTS', P .. 'mv:dir') == 1 then return -2 end
local now = now_ms()
local alive = redis.call('ZCOUNT', P .. 'owners', now, '+inf')
redis.call('ZADD', P .. 'owners', now + tonumber(ARGV[3]), ARGV[2])
if ARGV[1] == '1' then
  local base = redis.call('GET', P .. 'rc:base')
  if alive == 0 or not base then
    base = redis.call('GET', P .. 'n:stored') or '0'
    redis.call('SET', P .. 'rc:base', base)
    redis.call('DEL', P .. 'stop', P .. 'rc:rv')
    startMove('', 'p')
    redis.call('SET', P .. 'rc:seq', redis.call('GET', P .. 'seq') or '0')
  end
  return tonumber(base)
end
if alive == 0 then
  redis.call('DEL', P .. 'rc:base', P .. 'rc:seq', P .. 'rc:rv')
  startMove('p', '')
end
return -1
`)

// generation joins or opens the re-crawl generation (Config.Recrawl), or
// closes one left open, and makes the page budget relative to it.
func (f *Frontier) generation(ctx context.Context) error {
	flag := 0
	if f.cfg.Recrawl {
		flag = 1
	}
	var base int64 = -2
	for base == -2 {
		if err := f.finishMove(ctx, true); err != nil {
			return err
		}
		var err error
		if base, err = generationScript.Run(ctx, f.rdb, f.keys, flag, f.owner, f.lease.Milliseconds()).Int64(); err != nil {
			return fmt.Errorf("redisfrontier: open: re-crawl generation: %w", err)
		}
	}
	if err := f.finishMove(ctx, true); err != nil {
		return err
	}
	if f.cfg.Recrawl && f.cfg.MaxPages > 0 {
		f.cfg.MaxPages += int(base)
	}
	return nil
}

// revisitScript: ARGV = owner, MaxPagesPerHost (0: none), then per link:
// host, score, record, its key in the generation's re-visits (rc:rv: a
// set of 63-bit URL hashes). Each link not re-visited yet in this
// re-crawl generation is leased to the owner at once, outside the queue
// and the seen-set, and its key added; it returns, per link, its s5 or
// "" (re-visited already: by a run of this process that died, whose
// re-visits were settled or given back to the queue, or by another).
var revisitScript = redis.NewScript(luaLib + `
local l = P .. 'l:' .. ARGV[1]
local q = tonumber(ARGV[2])
local out = {}
local n = 0
for i = 3, #ARGV, 4 do
  if redis.call('SADD', P .. 'rc:rv', ARGV[i + 3]) == 1 then
    local s5 = seq5(redis.call('INCR', P .. 'seq'))
    redis.call('HSET', l, s5, ARGV[i + 1] .. '\n' .. ARGV[i] .. '\n0|' .. ARGV[i + 2])
    if q > 0 then redis.call('HINCRBY', P .. 'lim:hl', ARGV[i], 1) end
    out[#out + 1] = s5
    n = n + 1
  else
    out[#out + 1] = ''
  end
end
redis.call('INCRBY', P .. 'n:leased', n)
return out
`)

// Revisit leases links this process re-visits in a re-crawl (the stored
// hub pages only its own store holds, with their validators) to it, past
// the seen-set: Pop hands them out first (in order, when their host is
// ready), and meanwhile the other processes see them in flight, so they
// wait for the links their pages will bring instead of ending. Settle
// them as usual; a process that dies has them re-issued like any lease.
// A link is leased for a re-visit once per re-crawl generation: a process
// restarted during the re-crawl takes back the re-visits its run before it
// held (kept by New: fetched again, at least once) and leases none of
// those that run settled; a kept re-visit not asked for again goes back to
// the queue.
func (f *Frontier) Revisit(ctx context.Context, links []crawl.Link) error {
	links, err := f.pinKept(ctx, links)
	if err != nil {
		return err
	}
	for len(links) > 0 {
		chunk := links[:min(len(links), pushChunk)]
		links = links[len(chunk):]
		args := make([]any, 0, 2+4*len(chunk))
		args = append(args, f.owner, f.MaxPagesPerHost())
		for i := range chunk {
			host := crawl.HostKey(chunk[i].URL)
			args = append(args, host, score(chunk[i].Priority), encodeLink(&chunk[i], host), revisitKey(chunk[i].URL))
		}
		f.calls.RLock()
		s5s, err := revisitScript.Run(ctx, f.rdb, f.keys, args...).StringSlice()
		if err == nil && len(s5s) != len(chunk) {
			err = fmt.Errorf("%d leases for %d links", len(s5s), len(chunk))
		}
		if err != nil {
			f.calls.RUnlock()
			return fmt.Errorf("redisfrontier: revisit: %w", err)
		}
		f.mu.Lock()
		for i, s5 := range s5s {
			if s5 == "" {
				continue // re-visited already in this generation
			}
			host := crawl.HostKey(chunk[i].URL)
			if f.held != nil {
				f.held[chunk[i].URL] = heldLink{s5: s5, host: host}
			}
			f.pinned = append(f.pinned, chunk[i])
		}
		f.mu.Unlock()
		f.calls.RUnlock()
	}
	return nil
}

// pinKept pins the links of links that New kept (reconcile), gives the
// other kept ones back to the queue, and returns the links left to lease.
func (f *Frontier) pinKept(ctx context.Context, links []crawl.Link) ([]crawl.Link, error) {
	f.mu.Lock()
	var rest []crawl.Link
	for _, l := range links {
		if f.kept[l.URL] {
			delete(f.kept, l.URL)
			f.pinned = append(f.pinned, l)
		} else {
			rest = append(rest, l)
		}
	}
	back := make([]string, 0, len(f.kept))
	for u := range f.kept {
		back = append(back, u)
	}
	clear(f.kept)
	f.mu.Unlock()
	if len(back) > 0 {
		if err := f.Release(ctx, back); err != nil {
			return nil, err
		}
	}
	return rest, nil
}

// revisitKey is a URL's member in the generation's re-visits (rc:rv): its
// 64-bit hash shifted to 63 bits, an integer Redis keeps in an intset.
func revisitKey(u string) string { return strconv.FormatUint(xxhash.Sum64String(u)>>1, 10) }

// popPinned returns the first re-visit link whose host is ready.
func (f *Frontier) popPinned(ready func(string) bool) (crawl.Link, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, l := range f.pinned {
		if ready == nil || ready(crawl.HostKey(l.URL)) {
			f.pinned = append(f.pinned[:i], f.pinned[i+1:]...)
			return l, true
		}
	}
	return crawl.Link{}, false
}
