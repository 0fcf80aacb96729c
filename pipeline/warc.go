package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/warc"
)

// archiver is the WARC side of a pipeline with warc.dir set: the writer
// every exchange is recorded through, from Open on (a re-crawl's sitemap
// re-read) to the end of Run.
type archiver struct {
	w *warc.Writer
}

// openArchive creates the WARC writer when warc.dir is set: every exchange
// from now on is recorded (recorder), and the store takes each page's gzip
// from the writer, which deflates each body once for both. It is closed
// at the end of Run, or by Close when Run never ran.
func (p *Pipeline) openArchive() error {
	if p.cfg.WARC.Dir == "" {
		return nil
	}
	cfgJSON, err := json.Marshal(p.cfg)
	if err != nil {
		return err
	}
	robots := "obey"
	if p.cfg.Politeness.Robots != nil && !*p.cfg.Politeness.Robots {
		robots = "ignore"
	}
	ua := engineConfig(p.cfg).UserAgent
	if ua == "" {
		ua = crawler.DefaultConfig().UserAgent
	}
	wcfg := warc.Config{
		Dir: p.cfg.WARC.Dir, MaxSize: int64(p.cfg.WARC.MaxSize), Prefix: p.cfg.WARC.Prefix,
		Software: "crawl (github.com/crawl-project/crawl)",
		Info: []warc.Field{
			{Name: "http-header-user-agent", Value: ua},
			{Name: "robots", Value: robots},
			{Name: "crawl-config", Value: string(cfgJSON)},
			{Name: "crawl-seeds", Value: strings.Join(p.seeds, " ")},
		},
	}
	if p.demo != nil {
		wcfg.Info = append(wcfg.Info, warc.Field{Name: demoInfoField, Value: strings.Join(p.demo.site.Addrs(), " ")})
	}
	gzips := newBodyGzips(bodyGzipBytes)
	w, err := warc.New(wcfg, warc.WithLogger(p.log), warc.WithBodySink(gzips))
	if err != nil {
		return err
	}
	p.st.UseCompressed(gzips.take) // each body is deflated once, for the archive and the store
	p.arc = &archiver{w: w}
	p.closers = append(p.closers, w.Close) // when Run never ran; closing twice is a no-op
	return nil
}

// recorder is the engine option recording every exchange into the WARC
// writer; none without one.
func (p *Pipeline) recorder() []crawler.Option {
	if p.arc == nil {
		return nil
	}
	w := p.arc.w
	return []crawler.Option{crawler.WithTransportWrapper(func(t http.RoundTripper) http.RoundTripper {
		return warc.NewRecorder(t, w)
	})}
}

// archive sets up the WARC side of a run: with warc.dir set, every
// exchange is recorded and the store is wrapped so each commit is preceded
// by a write of the records taken so far to the WARC file (fsynced once a
// second apart from commits); with Options.Transport set (replay), the
// crawl fetches from it instead of the network. It returns the engine
// options, the store the engine must use and a closer.
func (p *Pipeline) archive() ([]crawler.Option, crawler.Store, func() error, error) {
	var opts []crawler.Option
	var st crawler.Store = p.st
	closer := func() error { return nil }
	if p.opts.Transport != nil {
		opts = append(opts, crawler.WithTransport(p.opts.Transport))
	}
	if p.arc == nil {
		return opts, st, closer, nil
	}
	w := p.arc.w
	opts = append(opts, p.recorder()...)
	fsync := syncEvery(w.Sync, time.Second)
	sync := func() error { return errors.Join(fsync.err(), w.Flush()) }
	return opts, syncedStore{Store: p.st, sync: sync}, func() error { return errors.Join(fsync.stop(), w.Close()) }, nil
}

// demoInfoField is the warcinfo field naming the demo site's addresses.
const demoInfoField = "crawl-demo-addrs"

// PrepareReplay readies the store at cfg.DB for replaying a: a demo
// configuration's demo site must listen where the archived crawl found it
// (its topic seeds are read from it, and the archived URLs name it), so
// the store is told those addresses unless it knows its own already.
func PrepareReplay(ctx context.Context, cfg *config.Config, a *warc.Archive) error {
	if !cfg.Demo {
		return nil
	}
	addrs := a.InfoField(demoInfoField)
	if addrs == "" {
		return fmt.Errorf("pipeline: replay: demo: true, but the archive does not say where its demo site was (field %s)", demoInfoField)
	}
	st, err := store.Open(ctx, cfg.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, ok, err := st.Meta(ctx, demoAddrsKey); err != nil || ok {
		return err
	}
	return st.SetMeta(ctx, demoAddrsKey, addrs)
}

// syncedStore runs sync before each store commit: the records of a page
// are handed to the WARC writer before its page reaches the engine's
// writer, and sync writes them to the file (Writer.Flush), so after a
// crash of the process no stored page lacks its record. The store commits
// with synchronous=NORMAL (no fsync per commit; durable at WAL
// checkpoints), so against power loss the WARC is fsynced once a second
// by a goroutine of its own (syncEvery), not before a commit: an fsync per
// commit cost 20% of the crawl's speed, and one a second still held the
// store's writer (and, through the WARC writer's lock, every worker) for
// as long as the disk took, up to seconds on a busy machine. An fsync's
// error fails the next commit.
type syncedStore struct {
	*store.Store
	sync func() error
}

// periodic runs a function every so often in its own goroutine until
// stopped, keeping its first error.
type periodic struct {
	done chan struct{}
	quit chan struct{}
	mu   sync.Mutex
	e    error
}

// syncEvery runs f every period until stop.
func syncEvery(f func() error, period time.Duration) *periodic {
	p := &periodic{done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				return
			case <-t.C:
				if err := f(); err != nil {
					p.mu.Lock()
					p.e = cmp.Or(p.e, err)
					p.mu.Unlock()
				}
			}
		}
	}()
	return p
}

// err is the first error f returned.
func (p *periodic) err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.e
}

// stop ends the runs and waits for the last one; it returns err.
func (p *periodic) stop() error {
	close(p.quit)
	<-p.done
	return p.err()
}

func (s syncedStore) SaveFetched(ctx context.Context, e []crawl.FrontierEntry, pages []*crawl.Page, failures []crawl.Failure) (int, error) {
	if err := s.sync(); err != nil {
		return 0, err
	}
	return s.Store.SaveFetched(ctx, e, pages, failures)
}

func (s syncedStore) SaveResults(ctx context.Context, pages []*crawl.Page, failures []crawl.Failure) error {
	if err := s.sync(); err != nil {
		return err
	}
	return s.Store.SaveResults(ctx, pages, failures)
}

func (s syncedStore) UpdatePage(ctx context.Context, p *crawl.Page) error {
	if err := s.sync(); err != nil {
		return err
	}
	return s.Store.UpdatePage(ctx, p)
}

func (s syncedStore) SetValidators(ctx context.Context, url, etag, lastModified string) error {
	if err := s.sync(); err != nil {
		return err
	}
	return s.Store.SetValidators(ctx, url, etag, lastModified)
}
