package redisfrontier

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"math/bits"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/redis/go-redis/v9"
)

// Config configures the Redis frontier of one crawl.
type Config struct {
	// Frontier: Scope, FocusMargin, FocusWait (its clock is
	// each process's own), ExpectedURLs (which sizes the
	// seen-set's shards) and Limits apply; Window and Since do not (the
	// whole queue lives in Redis). Limits hold for the whole crawl: their
	// count-min sketches live in Redis (keys lim:cv, lim:cp) and the push
	// script checks and counts each new URL atomically.
	Frontier frontier.Config
	// Name is the crawl's name: every key is crawl:{Name}:…. Letters,
	// digits, '.', '_' and '-'.
	Name string
	// Lease is how long the links a process holds stay leased to it after
	// its last heartbeat (sent every Lease/4): a process that dies has its
	// links re-issued Lease after its last beat. Zero: DefaultLease.
	Lease time.Duration
	// Owner identifies this process in the crawl. A process restarted with
	// the same Owner (the same store) settles or gives back the links it
	// held before (Saved). Empty: a random id.
	Owner string
	// MaxPages is the crawl's page budget across all processes (0: none):
	// Pop leases no link while the pages stored plus the links leased reach
	// it, and once the stored pages reach it the crawl is stopped for all.
	MaxPages int
	// Saved, when set, tells which of the given URLs this process's store
	// holds as pages or as failures; New uses it to settle the links a
	// previous run with the same Owner stored but had not settled.
	Saved func(ctx context.Context, urls []string) (pages, failures map[string]bool, err error)
	// MaxPagesPerHost, when positive, caps the links leased and settled
	// per host (host:port) over all the processes (crawler
	// Config.MaxPagesPerHost, applied here instead of per process): Pop
	// leases a link of a host only while its settled links plus its
	// leased ones are under the cap (a lease given back frees its slot),
	// and once its settled links reach the cap Pop hands its links over
	// as refused (*RefusedError) and Push drops new ones.
	MaxPagesPerHost int
	// Recrawl makes this process part of an incremental re-crawl: it
	// joins the re-crawl generation of the crawl's live processes, or
	// opens one (the stop flag cleared, MaxPages counted on top of the
	// pages the crawl had stored); its re-visits are leased to it by
	// Revisit. The seen-set is kept: every URL any process saw before is
	// dropped, so only new pages are fetched.
	Recrawl bool
	// HostLimit, when positive, is the per-host parallelism of the shared
	// politeness of package crawler/redisgate (same key prefix): Pop then
	// passes over hosts whose slots are all taken or whose delay runs, by
	// any process, so that processes do not all queue up on the best host.
	HostLimit int
	// Logger gets re-issue and lease warnings; nil: slog.Default().
	Logger *slog.Logger
}

// DefaultLease is the lease of the zero Config.Lease.
const DefaultLease = 60 * time.Second

var nameRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)

// ValidName reports whether name may name a crawl.
func ValidName(name string) bool { return nameRE.MatchString(name) }

// Prefix is the prefix of every key of crawl name.
func Prefix(name string) string { return "crawl:{" + name + "}:" }

// StopError is returned by Pop once the crawl was stopped for all its
// processes (its budget is spent). The engine stops with StopReason.
type StopError struct{ Reason string }

func (e *StopError) Error() string { return "redisfrontier: crawl stopped: " + e.Reason }

// StopReason is why the crawl was stopped ("max-pages").
func (e *StopError) StopReason() string { return e.Reason }

// Frontier is a frontier.Frontier whose queue, seen-set, leases and
// counters live in Redis, shared by every process of the crawl.
type Frontier struct {
	rdb       redis.UniversalClient
	cfg       Config
	rules     *frontier.Rules
	prefix    string
	keys      []string
	owner     string
	lease     time.Duration
	shardBits int
	log       *slog.Logger

	// calls is held (read) by every script call that grants or ends this
	// process's leases, from the call to the update of held; adopt holds
	// it (write) to compare held with the lease hash while none is in
	// flight.
	calls   sync.RWMutex
	mu      sync.Mutex
	held    map[string]heldLink // URL → lease of a link popped by this process
	refused map[string]int64    // links this process's pushes and pops refused, by rule
	pinned  []crawl.Link        // re-visits leased to this process, not popped yet (Revisit)
	kept    map[string]bool     // re-visits a run before this one (same Owner) held, kept for Revisit (reconcile)
	closed  bool
	scan    int      // where the next wide host scan starts
	top     []string // the hosts last seen at the top of the queue (Pop)
	// best is the host of the best queued link as Pop last saw it, and
	// refusing when this process's focus margin started refusing worse
	// links (zero: not refusing): with FocusWait the margin is lifted once
	// it has refused that long, until a Pop takes the best host's link.
	best     string
	refusing time.Time

	stopBeat chan struct{}
	beatDone chan struct{}
}

type heldLink struct{ s5, host string }

// NewClient connects to the Redis of url (redis://[user:password@]host:port/db,
// rediss:// for TLS) with retries long enough to ride out a restart of
// the server (about 20 s).
func NewClient(url string) (*redis.Client, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redisfrontier: redis URL: %w", err)
	}
	opt.MaxRetries = 40
	opt.MinRetryBackoff = 50 * time.Millisecond
	opt.MaxRetryBackoff = 500 * time.Millisecond
	return redis.NewClient(opt), nil
}

// New joins (or starts) the crawl cfg.Name on rdb: it registers this
// process, settles or gives back the links an earlier run with the same
// Owner held, and starts the heartbeat that keeps this process's leases
// and re-issues those of dead processes. Close stops it; the caller keeps
// ownership of rdb.
func New(ctx context.Context, rdb redis.UniversalClient, cfg Config) (*Frontier, error) {
	if !ValidName(cfg.Name) {
		return nil, fmt.Errorf("redisfrontier: crawl name %q: want 1-100 letters, digits, '.', '_' or '-'", cfg.Name)
	}
	rules, err := cfg.Frontier.Scope.Compile()
	if err != nil {
		return nil, err
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Owner == "" {
		var b [8]byte
		rand.Read(b[:])
		cfg.Owner = hex.EncodeToString(b[:])
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	f := &Frontier{
		rdb: rdb, cfg: cfg, rules: rules, prefix: Prefix(cfg.Name), owner: cfg.Owner, lease: cfg.Lease,
		log: cfg.Logger, held: map[string]heldLink{}, kept: map[string]bool{}, refused: map[string]int64{}, stopBeat: make(chan struct{}), beatDone: make(chan struct{}),
	}
	f.keys = []string{f.prefix}
	if f.shardBits, err = f.initShards(ctx); err != nil {
		return nil, err
	}
	if err := f.generation(ctx); err != nil {
		return nil, err
	}
	if _, _, err := f.beat(ctx); err != nil {
		return nil, err
	}
	if err := f.reconcile(ctx); err != nil {
		return nil, err
	}
	go f.heartbeat()
	return f, nil
}

// initShards fixes the seen-set's shard count when the crawl is created:
// about 256 hashes a shard at ExpectedURLs, so every shard stays a compact
// intset (Redis's set-max-intset-entries is 512). Later processes read it.
func (f *Frontier) initShards(ctx context.Context) (int, error) {
	n := f.cfg.Frontier.ExpectedURLs
	if n == 0 {
		n = frontier.DefaultExpectedURLs
	}
	b := bits.Len64(uint64(max(n/256, 1)))
	b = min(max(b, 4), 24)
	key := f.prefix + "meta"
	if err := f.rdb.HSetNX(ctx, key, "shard_bits", b).Err(); err != nil {
		return 0, fmt.Errorf("redisfrontier: open: %w", err)
	}
	v, err := f.rdb.HGet(ctx, key, "shard_bits").Int()
	if err != nil || v < 1 || v > 32 {
		return 0, fmt.Errorf("redisfrontier: open: shard_bits %d: %v", v, err)
	}
	return v, nil
}

// RuleMaxPagesPerHost names the per-host quota in Refused and
// RefusedError (the crawler's rule name).
const RuleMaxPagesPerHost = "max-pages-per-host"

// RefusedError is returned by Pop with a link it leased to this process
// only to refuse it: its host's quota (Config.MaxPagesPerHost) is spent.
// The caller stores it as refused and settles it as a failure.
type RefusedError struct {
	Link crawl.Link
	Rule string
}

func (e *RefusedError) Error() string {
	return "redisfrontier: " + e.Link.URL + ": refused by " + e.Rule
}

// RefusedLink is the refused link and the rule (crawler's refusal).
func (e *RefusedError) RefusedLink() (crawl.Link, string) { return e.Link, e.Rule }

// MaxPagesPerHost is the per-host quota this frontier applies for the
// whole crawl (crawler's hostQuotaKeeper): Config.MaxPagesPerHost.
func (f *Frontier) MaxPagesPerHost() int { return max(f.cfg.MaxPagesPerHost, 0) }

// Owner is this process's id in the crawl.
func (f *Frontier) Owner() string { return f.owner }

// beat renews this process's lease and re-issues the links of dead
// processes; lapsed is true when this process's own lease had been given
// up by another process (it did not beat for a whole lease).
func (f *Frontier) beat(ctx context.Context) (requeued int64, present bool, err error) {
	res, err := heartbeatScript.Run(ctx, f.rdb, f.keys, f.owner, f.lease.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, false, fmt.Errorf("redisfrontier: heartbeat: %w", err)
	}
	return res[0], res[1] == 1, nil
}

func (f *Frontier) heartbeat() {
	defer close(f.beatDone)
	t := time.NewTicker(max(f.lease/4, 10*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-f.stopBeat:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), f.lease)
		n, present, err := f.beat(ctx)
		cancel()
		switch {
		case err != nil:
			f.log.Warn("redis heartbeat failed", "err", err)
		case !present:
			f.log.Warn("redis lease lapsed: this process's links were re-issued to others", "owner", f.owner)
		}
		if n > 0 {
			f.log.Info("re-issued links of a process gone", "links", n)
		}
		if err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), f.lease)
			if err := f.adopt(ctx); err != nil {
				f.log.Warn("redis lease check failed", "err", err)
			}
			cancel()
		}
	}
}

// Close gives the links this process still holds back to the queue (they
// were not stored), leaves the crawl and stops the heartbeat; later calls
// of the other methods return frontier.ErrClosed. It does not close the
// Redis client.
func (f *Frontier) Close() error {
	f.mu.Lock()
	pinned := f.pinned
	f.pinned = nil
	f.mu.Unlock()
	if len(pinned) > 0 { // re-visits not begun: ended, not queued for others (who lack their validators)
		urls := make([]string, len(pinned))
		for i, l := range pinned {
			urls[i] = l.URL
		}
		if err := f.Settle(context.Background(), nil, urls); err != nil {
			f.log.Warn("redis: ending re-visits not begun", "err", err)
		}
	}
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return nil
	}
	f.closed = true
	f.held = nil
	f.mu.Unlock()
	close(f.stopBeat)
	<-f.beatDone
	if err := leaveScript.Run(context.Background(), f.rdb, f.keys, f.owner).Err(); err != nil {
		return fmt.Errorf("redisfrontier: close: %w", err)
	}
	return nil
}

// Len implements frontier.Frontier: the links queued in the whole crawl
// (leased ones not counted).
func (f *Frontier) Len() int {
	n, err := f.rdb.Get(context.Background(), f.prefix+"n:queued").Int()
	if err != nil {
		return 0
	}
	return n
}

func (f *Frontier) isClosed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closed
}

// score is the sorted-set score of a priority: lower is better.
func score(p float64) string {
	if math.IsNaN(p) {
		p = math.Inf(-1)
	}
	return strconv.FormatFloat(-p, 'g', -1, 64)
}

func priorityOf(score string) (float64, error) {
	s, err := strconv.ParseFloat(score, 64)
	if err != nil {
		return 0, fmt.Errorf("redisfrontier: score %q: %w", score, err)
	}
	if s == 0 {
		return 0, nil // -0 → 0
	}
	return -s, nil
}
