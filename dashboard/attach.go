package dashboard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/pipeline"
)

// Attached is a dashboard serving a pipeline's crawl while it runs: the
// store it writes, the engine's live statistics and the fetch and batch
// histograms; with a token, pause, resume and stop.
type Attached struct {
	cfg     Config
	db      string
	ln      net.Listener
	metrics *Metrics
	stop    func()
	extra   []Option

	mu     sync.Mutex
	view   *DB
	cancel context.CancelFunc
	done   chan error
	err    error
}

// Attach listens on cfg.Addr (refusing an address that is not loopback
// without a token) and sets opts so that the dashboard starts serving the
// store at dbPath as soon as the engine is built. stop, when not nil, is
// what a token-carrying stop request calls (cancel the crawl's context).
// extra are more options of the server (WithBFS). Call Close when the
// crawl is over.
func Attach(cfg Config, dbPath string, opts *pipeline.Options, stop func(), extra ...Option) (*Attached, error) {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	loop, err := isLoopback(cfg.Addr)
	if err != nil {
		return nil, err
	}
	if !loop && cfg.Token == "" {
		return nil, fmt.Errorf("dashboard: %s is not a loopback address: set a token (-serve-token or serve.token)", cfg.Addr)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("dashboard: listen: %w", err)
	}
	a := &Attached{cfg: cfg, db: dbPath, ln: ln, metrics: NewMetrics(), stop: stop, extra: extra}
	watch := opts.Watch
	opts.Watch = func(c *crawler.Crawler) {
		if watch != nil {
			watch(c)
		}
		a.start(c)
	}
	opts.EngineOptions = append(opts.EngineOptions, crawler.WithFetchObserver(a.metrics.ObserveFetch))
	batch := opts.BatchObserver
	opts.BatchObserver = func(name string, d time.Duration) {
		if batch != nil {
			batch(name, d)
		}
		a.metrics.ObserveBatch(name, d)
	}
	return a, nil
}

// Addr is the address the dashboard listens on.
func (a *Attached) Addr() string { return a.ln.Addr().String() }

// start opens the store read-only and serves; a second Run of the
// pipeline switches the live statistics to its engine.
func (a *Attached) start(c *crawler.Crawler) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cancel != nil {
		a.cancel()
		a.err = errors.Join(a.err, <-a.done)
		a.view.Close()
		a.cancel = nil
		var err error
		if a.ln, err = net.Listen("tcp", a.ln.Addr().String()); err != nil {
			a.err = errors.Join(a.err, fmt.Errorf("dashboard: listen again: %w", err))
			return
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	view, err := OpenDB(ctx, a.db)
	if err != nil {
		cancel()
		a.err = errors.Join(a.err, err)
		return
	}
	opts := []Option{WithCrawl(c.Stats), WithHosts(c.Hosts), WithMetrics(a.metrics), WithPause(c.Pause, c.Resume)}
	if a.stop != nil {
		opts = append(opts, WithStop(a.stop))
	}
	opts = append(opts, a.extra...)
	s, err := New(a.cfg, view, opts...)
	if err != nil {
		cancel()
		view.Close()
		a.err = errors.Join(a.err, err)
		return
	}
	a.view, a.cancel, a.done = view, cancel, make(chan error, 1)
	go func() { a.done <- s.Serve(ctx, a.ln) }()
}

// Close stops serving and reports what went wrong while it served.
func (a *Attached) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cancel == nil {
		err := a.ln.Close()
		if errors.Is(err, net.ErrClosed) {
			err = nil
		}
		return errors.Join(a.err, err)
	}
	a.cancel()
	err := errors.Join(a.err, <-a.done, a.view.Close())
	a.cancel = nil
	return err
}
