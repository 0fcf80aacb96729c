package pipeline

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/crawler/redisgate"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
)

// connectDistributed connects to the Redis of a distributed configuration
// (cfg.Distributed) and builds the shared politeness (the host gate, the
// robots.txt and duplicate shares) every request of this process goes
// through: the engine's in Run, and a re-crawl's sitemap re-read in Open,
// which runs before the frontier opens. This process is known to the
// others by its host name and the absolute path of its store, so that a
// restarted process settles what it stored before it died.
func (p *Pipeline) connectDistributed(ctx context.Context) error {
	d := p.cfg.Distributed
	rdb, err := redisfrontier.NewClient(d.Redis)
	if err != nil {
		return err
	}
	p.closers = append(p.closers, rdb.Close)
	if err := rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("pipeline: redis %s: %w", rdb.Options().Addr, err)
	}
	owner, err := Owner(p.cfg.DB)
	if err != nil {
		return err
	}
	gate, err := redisgate.New(rdb, redisgate.Config{
		Prefix: redisfrontier.Prefix(d.Name), PerHost: p.perHost(),
		SlotTTL: leaseOf(d.Lease), Owner: owner,
	})
	if err != nil {
		return err
	}
	p.closers = append(p.closers, gate.Close) // before the client closes
	p.engineOpts = append(p.engineOpts, crawler.WithHostGate(gate),
		crawler.WithRobotsShare(redisgate.NewRobots(rdb, redisfrontier.Prefix(d.Name))),
		crawler.WithDupShare(redisgate.NewDups(rdb, redisfrontier.Prefix(d.Name))))
	p.rdb, p.owner = rdb, owner
	return nil
}

// perHost is the most requests in flight to one host.
func (p *Pipeline) perHost() int {
	if n := p.cfg.Politeness.PerHostParallel; n > 0 {
		return n
	}
	return crawler.DefaultConfig().PerHostParallel
}

// openDistributed opens the shared frontier of a distributed configuration
// in Redis (connectDistributed ran before).
func (p *Pipeline) openDistributed(ctx context.Context, fcfg frontier.Config) error {
	d := p.cfg.Distributed
	fr, err := redisfrontier.New(ctx, p.rdb, redisfrontier.Config{
		Frontier: fcfg, Name: d.Name, Lease: d.Lease, Owner: p.owner, MaxPages: p.cfg.MaxPages,
		MaxPagesPerHost: max(p.cfg.Scope.MaxPagesPerHost, 0), Recrawl: p.opts.Recrawl,
		HostLimit: p.perHost(), Saved: p.st.SavedAmong, Logger: p.log,
	})
	if err != nil {
		return err
	}
	p.fr = fr
	if p.opts.Recrawl { // the links earlier runs left queued wait in Redis, parked (redisfrontier)
		t, err := redisfrontier.ReadTotals(ctx, p.rdb, d.Name)
		if err != nil {
			fr.Close()
			return err
		}
		p.leftQueued = t.Parked
	}
	if err := p.revisitShared(ctx, fr); err != nil {
		fr.Close()
		return err
	}
	return nil
}

// revisitShared leases the re-visits of a distributed re-crawl to this
// process: the hubs (and sitemap-changed pages) its own store holds, of
// which it alone has the validators and the rows to update. The crawl's
// seen-set stays: their out-links seen by any process before are dropped,
// so every process fetches only new pages.
func (p *Pipeline) revisitShared(ctx context.Context, fr *redisfrontier.Frontier) error {
	if len(p.revisits) == 0 {
		return nil
	}
	links := make([]crawl.Link, 0, len(p.revisits))
	for u := range p.revisits {
		links = append(links, crawl.Link{URL: u, Depth: p.revisitDepth[u], Priority: crawler.SeedPriority})
	}
	sort.Slice(links, func(i, j int) bool { return links[i].URL < links[j].URL })
	return fr.Revisit(ctx, links)
}

// Owner is how a process of a distributed crawl storing into db is known:
// host name and the store's absolute path.
func Owner(db string) (string, error) {
	host, err := os.Hostname()
	if err != nil {
		return "", fmt.Errorf("pipeline: host name: %w", err)
	}
	abs, err := filepath.Abs(db)
	if err != nil {
		return "", fmt.Errorf("pipeline: store path: %w", err)
	}
	return host + ":" + abs, nil
}

func leaseOf(l time.Duration) time.Duration {
	if l <= 0 {
		return redisfrontier.DefaultLease
	}
	return l
}

// ClearDistributed deletes the keys of cfg's distributed crawl in Redis
// (only that crawl's: SCAN and UNLINK by its prefix). It refuses while a
// process of the crawl is alive (its lease runs): the crawl would vanish
// under it. It returns how many keys it deleted.
func ClearDistributed(ctx context.Context, cfg *config.Config) (int64, error) {
	rdb, err := redisfrontier.NewClient(cfg.Distributed.Redis)
	if err != nil {
		return 0, err
	}
	defer rdb.Close()
	st, err := redisfrontier.ReadStatus(ctx, rdb, cfg.Distributed.Name)
	if err != nil {
		return 0, err
	}
	var alive []string
	for _, p := range st.Processes {
		if p.Alive {
			alive = append(alive, p.Owner)
		}
	}
	if len(alive) > 0 {
		return 0, fmt.Errorf("pipeline: -fresh: %d process(es) of crawl %q are running (%s): stop them first, or join without -fresh",
			len(alive), cfg.Distributed.Name, strings.Join(alive, ", "))
	}
	return redisfrontier.Clear(ctx, rdb, cfg.Distributed.Name)
}

// DistributedStatus reads the state of cfg's distributed crawl.
func DistributedStatus(ctx context.Context, cfg *config.Config) (*redisfrontier.Status, error) {
	rdb, err := redisfrontier.NewClient(cfg.Distributed.Redis)
	if err != nil {
		return nil, err
	}
	defer rdb.Close()
	return redisfrontier.ReadStatus(ctx, rdb, cfg.Distributed.Name)
}

// SharedTotals returns a reader of cfg's distributed crawl's counters
// (redisfrontier.ReadTotals, cheap enough for every metrics scrape) over
// its own Redis client, and the func that closes that client.
func SharedTotals(cfg *config.Config) (read func(context.Context) (redisfrontier.Totals, error), closeClient func() error, err error) {
	rdb, err := redisfrontier.NewClient(cfg.Distributed.Redis)
	if err != nil {
		return nil, nil, err
	}
	name := cfg.Distributed.Name
	read = func(ctx context.Context) (redisfrontier.Totals, error) {
		return redisfrontier.ReadTotals(ctx, rdb, name)
	}
	return read, rdb.Close, nil
}

// planDistributed is the -check line of a distributed crawl.
func planDistributed(d config.Distributed) string {
	where := "(bad URL)"
	if u, err := url.Parse(d.Redis); err == nil {
		where = u.Redacted()
	}
	return fmt.Sprintf("crawl %q shared through Redis at %s (frontier, seen-set, leases of %v, politeness, budget); pages in this process's store",
		d.Name, where, leaseOf(d.Lease))
}
