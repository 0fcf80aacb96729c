package redisgate

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Config configures a Gate.
type Config struct {
	// Prefix of the keys (redisfrontier.Prefix(name)): g:<host> (slots in
	// flight) and gn:<host> (next allowed start, ms).
	Prefix string
	// PerHost is the most requests in flight to one host over all
	// processes; zero: 1.
	PerHost int
	// SlotTTL frees the slot of a process that died mid-request; it must
	// exceed the longest request. Zero: one minute.
	SlotTTL time.Duration
	// Owner names this process in the slot tokens.
	Owner string
	// MaxPoll caps the wait between two tries while a host is full. Zero: 20 ms.
	MaxPoll time.Duration
}

// Gate is a crawler.HostGate on Redis.
type Gate struct {
	rdb  redis.UniversalClient
	cfg  Config
	keys []string
	n    atomic.Int64
	rels sync.WaitGroup // releases under way (they run off the request's path)

	mu        sync.Mutex
	notBefore map[string]time.Time // local hint for Ready
}

// New returns a gate over rdb.
func New(rdb redis.UniversalClient, cfg Config) (*Gate, error) {
	if cfg.Prefix == "" {
		return nil, errors.New("redisgate: no key prefix")
	}
	if cfg.PerHost <= 0 {
		cfg.PerHost = 1
	}
	if cfg.SlotTTL <= 0 {
		cfg.SlotTTL = time.Minute
	}
	if cfg.MaxPoll <= 0 {
		cfg.MaxPoll = 20 * time.Millisecond
	}
	return &Gate{rdb: rdb, cfg: cfg, keys: []string{cfg.Prefix}, notBefore: map[string]time.Time{}}, nil
}

const lib = `
local P = KEYS[1]
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`

// acquireScript: ARGV = host, per host, delay ms, token, slot TTL ms. It
// returns {0, 0} when the slot is taken, {1, 0} when the host is full,
// {2, ms} when the host's delay has ms to run.
var acquireScript = redis.NewScript(lib + `
local H = ARGV[1]
local k = P .. 'g:' .. H
local now = now_ms()
redis.call('ZREMRANGEBYSCORE', k, '-inf', now)
if redis.call('ZCARD', k) >= tonumber(ARGV[2]) then return {1, 0} end
local nx = tonumber(redis.call('GET', P .. 'gn:' .. H) or '0')
if now < nx then return {2, nx - now} end
local delay = tonumber(ARGV[3])
if delay > 0 then delay = delay + 1 end -- now_ms is floored: never a delay short of a ms
redis.call('ZADD', k, now + tonumber(ARGV[5]), ARGV[4])
redis.call('PEXPIRE', k, tonumber(ARGV[5]))
redis.call('SET', P .. 'gn:' .. H, now + delay, 'PX', delay + 60000)
return {0, 0}
`)

// releaseScript: ARGV = host, token, delay ms. The next request to the
// host starts no sooner than the delay after this one ended.
var releaseScript = redis.NewScript(lib + `
local H = ARGV[1]
local now = now_ms()
redis.call('ZREM', P .. 'g:' .. H, ARGV[2])
local delay = tonumber(ARGV[3])
if delay > 0 then delay = delay + 1 end -- now_ms is floored: never a delay short of a ms
local nx = tonumber(redis.call('GET', P .. 'gn:' .. H) or '0')
if now + delay > nx then
  redis.call('SET', P .. 'gn:' .. H, now + delay, 'PX', delay + 60000)
end
return 0
`)

// Acquire implements crawler.HostGate.
func (g *Gate) Acquire(stop <-chan struct{}, host string, delay time.Duration) (func(), error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	token := g.cfg.Owner + ":" + strconv.FormatInt(g.n.Add(1), 36)
	dms := max(delay, 0).Milliseconds()
	if delay > 0 && dms == 0 {
		dms = 1
	}
	poll := time.Millisecond
	for {
		res, err := acquireScript.Run(ctx, g.rdb, g.keys, host, g.cfg.PerHost, dms, token, g.cfg.SlotTTL.Milliseconds()).Int64Slice()
		if err != nil {
			return nil, fmt.Errorf("redisgate: acquire %s: %w", host, err)
		}
		var wait time.Duration
		switch res[0] {
		case 0:
			g.hint(host, time.Now().Add(delay))
			// The slot is freed off the worker's path: a later release only
			// makes the host wait longer, never less, so politeness holds.
			return func() {
				g.rels.Add(1)
				go func() {
					defer g.rels.Done()
					g.release(host, token, dms)
				}()
			}, nil
		case 1:
			wait = poll
			poll = min(2*poll, g.cfg.MaxPoll)
		default:
			wait = time.Duration(res[1]) * time.Millisecond
		}
		g.hint(host, time.Now().Add(wait))
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-stop:
			t.Stop()
			return nil, errors.New("redisgate: stopped")
		}
	}
}

// Close waits for the releases under way, so that a process that ends
// leaves no slot taken.
func (g *Gate) Close() error {
	g.rels.Wait()
	return nil
}

func (g *Gate) release(host, token string, dms int64) {
	ctx, cancel := context.WithTimeout(context.Background(), g.cfg.SlotTTL)
	defer cancel()
	// An error leaves the slot to expire after SlotTTL: the host waits, no
	// rule is broken.
	_ = releaseScript.Run(ctx, g.rdb, g.keys, host, token, dms).Err()
	g.hint(host, time.Now().Add(time.Duration(dms)*time.Millisecond))
}

func (g *Gate) hint(host string, t time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.notBefore) > 65536 {
		clear(g.notBefore)
	}
	g.notBefore[host] = t
}

// Ready implements crawler.HostGate: false while this process last saw
// the host busy or inside its delay.
func (g *Gate) Ready(host string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	t, ok := g.notBefore[host]
	return !ok || !time.Now().Before(t)
}
