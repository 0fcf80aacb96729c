package redisfrontier

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Clear deletes every key of crawl name (SCAN and UNLINK by its prefix;
// never FLUSHDB: other crawls and other data in the database stay). It
// returns how many keys it deleted.
func Clear(ctx context.Context, rdb redis.UniversalClient, name string) (int64, error) {
	if !ValidName(name) {
		return 0, fmt.Errorf("redisfrontier: crawl name %q is not valid", name)
	}
	var n int64
	iter := rdb.Scan(ctx, 0, Prefix(name)+"*", 1000).Iterator()
	batch := make([]string, 0, 500)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		d, err := rdb.Unlink(ctx, batch...).Result()
		n += d
		batch = batch[:0]
		return err
	}
	for iter.Next(ctx) {
		batch = append(batch, iter.Val())
		if len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return n, fmt.Errorf("redisfrontier: clear: %w", err)
			}
		}
	}
	if err := iter.Err(); err != nil {
		return n, fmt.Errorf("redisfrontier: clear: %w", err)
	}
	if err := flush(); err != nil {
		return n, fmt.Errorf("redisfrontier: clear: %w", err)
	}
	return n, nil
}

// Status is a snapshot of a shared crawl.
type Status struct {
	Queued, Leased, Stored, Failed int64
	Parked                         int64  // links an earlier run left queued, set aside while a re-crawl runs
	Stopped                        string // why the crawl was stopped for all; "" while it runs
	Hosts                          []HostStatus
	Processes                      []Process // seen in the last hour, most recent first
}

// HostStatus is one host's share of the crawl.
type HostStatus struct {
	Host                   string
	Queued, Leased, Stored int64
}

// Process is one process of the crawl.
type Process struct {
	Owner    string
	LastSeen time.Time // its last heartbeat (Redis clock)
	Alive    bool      // its lease has not expired
	Leased   int64     // links it holds
}

// ReadStatus reads the state of crawl name. It walks every host's queue
// segments and every process's leases: meant for an operator's command,
// not a loop.
func ReadStatus(ctx context.Context, rdb redis.UniversalClient, name string) (*Status, error) {
	if !ValidName(name) {
		return nil, fmt.Errorf("redisfrontier: crawl name %q is not valid", name)
	}
	p := Prefix(name)
	s := &Status{}
	get := func(k string) int64 { v, _ := rdb.Get(ctx, p+k).Int64(); return v }
	s.Queued, s.Leased, s.Stored, s.Failed, s.Parked = get("n:queued"), get("n:leased"), get("n:stored"), get("n:failed"), get("n:parked")
	if v, err := rdb.Get(ctx, p+"stop").Result(); err == nil {
		s.Stopped = v
	}
	now, err := rdb.Time(ctx).Result()
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: status: %w", err)
	}
	hosts := map[string]*HostStatus{}
	host := func(h string) *HostStatus {
		if hosts[h] == nil {
			hosts[h] = &HostStatus{Host: h}
		}
		return hosts[h]
	}
	stored, err := rdb.HGetAll(ctx, p+"hs:stored").Result()
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: status: %w", err)
	}
	for h, v := range stored {
		host(h).Stored, _ = strconv.ParseInt(v, 10, 64)
	}
	members, err := rdb.ZRange(ctx, p+"hosts", 0, -1).Result()
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: status: %w", err)
	}
	for _, m := range members {
		if len(m) < 5 {
			continue
		}
		h := m[5:]
		segs, err := rdb.ZRange(ctx, p+"x:"+h, 0, -1).Result()
		if err != nil {
			return nil, fmt.Errorf("redisfrontier: status: %w", err)
		}
		for _, sg := range segs {
			if len(sg) > 5 {
				host(h).Queued += rdb.ZCard(ctx, p+"z:"+sg[5:]).Val()
			}
		}
	}
	if err := s.readProcesses(ctx, rdb, p, now, host); err != nil {
		return nil, err
	}
	for _, h := range hosts {
		s.Hosts = append(s.Hosts, *h)
	}
	sort.Slice(s.Hosts, func(i, j int) bool { return s.Hosts[i].Host < s.Hosts[j].Host })
	return s, nil
}

func (s *Status) readProcesses(ctx context.Context, rdb redis.UniversalClient, p string, now time.Time, host func(string) *HostStatus) error {
	procs, err := rdb.ZRevRangeWithScores(ctx, p+"procs", 0, -1).Result()
	if err != nil {
		return fmt.Errorf("redisfrontier: status: %w", err)
	}
	for _, z := range procs {
		owner, _ := z.Member.(string)
		pr := Process{Owner: owner, LastSeen: time.UnixMilli(int64(z.Score))}
		if exp, err := rdb.ZScore(ctx, p+"owners", owner).Result(); err == nil {
			pr.Alive = time.UnixMilli(int64(exp)).After(now)
		}
		vals, err := rdb.HVals(ctx, p+"l:"+owner).Result()
		if err != nil {
			return fmt.Errorf("redisfrontier: status: %w", err)
		}
		pr.Leased = int64(len(vals))
		for _, v := range vals {
			if _, rest, ok := strings.Cut(v, "\n"); ok {
				if h, _, ok := strings.Cut(rest, "\n"); ok {
					host(h).Leased++
				}
			}
		}
		s.Processes = append(s.Processes, pr)
	}
	return nil
}

// Totals are the shared crawl's counters, cheap enough to read at every
// metrics scrape (ReadStatus walks every queue; this reads seven keys).
type Totals struct {
	Queued, Leased, Stored, Failed int64
	Parked                         int64  // links an earlier run left queued, set aside while a re-crawl runs
	Alive                          int64  // processes whose lease runs
	Stopped                        string // why the crawl was stopped for all; "" while it runs
}

// ReadTotals reads the counters of crawl name in one round trip after
// the server's clock.
func ReadTotals(ctx context.Context, rdb redis.UniversalClient, name string) (Totals, error) {
	if !ValidName(name) {
		return Totals{}, fmt.Errorf("redisfrontier: crawl name %q is not valid", name)
	}
	now, err := rdb.Time(ctx).Result()
	if err != nil {
		return Totals{}, fmt.Errorf("redisfrontier: totals: %w", err)
	}
	p := Prefix(name)
	pipe := rdb.Pipeline()
	counts := pipe.MGet(ctx, p+"n:queued", p+"n:leased", p+"n:stored", p+"n:failed", p+"stop", p+"n:parked")
	alive := pipe.ZCount(ctx, p+"owners", "("+strconv.FormatInt(now.UnixMilli(), 10), "+inf")
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return Totals{}, fmt.Errorf("redisfrontier: totals: %w", err)
	}
	var t Totals
	vals := counts.Val()
	for i, dst := range []*int64{&t.Queued, &t.Leased, &t.Stored, &t.Failed} {
		if s, ok := vals[i].(string); ok {
			*dst, _ = strconv.ParseInt(s, 10, 64)
		}
	}
	t.Stopped, _ = vals[4].(string)
	if s, ok := vals[5].(string); ok {
		t.Parked, _ = strconv.ParseInt(s, 10, 64)
	}
	t.Alive = alive.Val()
	return t, nil
}

// LeasedURLs lists the URLs process owner of crawl name holds (leased:
// being fetched, or fetched and not settled yet): what is fetched again
// if it dies, the crawl's at-least-once window.
func LeasedURLs(ctx context.Context, rdb redis.UniversalClient, name, owner string) ([]string, error) {
	if !ValidName(name) {
		return nil, fmt.Errorf("redisfrontier: crawl name %q is not valid", name)
	}
	f := &Frontier{rdb: rdb, prefix: Prefix(name)}
	ls, err := f.leasesOf(ctx, owner)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.url
	}
	return out, nil
}
