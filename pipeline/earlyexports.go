package pipeline

import (
	"context"
	"path/filepath"
	"sync"

	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// earlyWhats are the exports whose tables hold only what the crawl's
// writer commits (pages' links, failed URLs) and nothing a batch hook
// stores: they are whole once the last page is stored.
var earlyWhats = map[string]bool{"links": true, "failures": true}

// earlyExports writes the exports of earlyWhats while the final batch's
// hooks still run (the clusters' final pass, the fuzzy topics, the last
// records): started when the crawler says every page is stored
// (crawler.WithPagesStored), each into a temporary file (export.Prepared)
// that runExports puts in place only when the run's exports are due. The
// links table is the longest export of a site; written beside the final
// batch, the end of a crawl with built-ins costs the longer of the two,
// not their sum.
type earlyExports struct {
	ctx  context.Context
	st   *store.Store
	jobs map[string]*earlyExport // by what
	wg   sync.WaitGroup
	mu   sync.Mutex
	on   bool // start was called
}

// earlyExport is one export started early.
type earlyExport struct {
	path string
	done chan struct{} // closed when prep or err is set
	prep *export.Prepared
	err  error
}

// newEarlyExports returns the early exports among whats into dir, or nil
// when there are none.
func newEarlyExports(ctx context.Context, st *store.Store, whats []string, dir string) *earlyExports {
	e := &earlyExports{ctx: ctx, st: st, jobs: map[string]*earlyExport{}}
	for _, what := range whats {
		if earlyWhats[what] {
			e.jobs[what] = &earlyExport{path: filepath.Join(dir, what+".csv"), done: make(chan struct{})}
		}
	}
	if len(e.jobs) == 0 {
		return nil
	}
	return e
}

// has reports whether export what is one of e's. Nil has none.
func (e *earlyExports) has(what string) bool { return e != nil && e.jobs[what] != nil }

// start begins the exports, each on a goroutine of its own
// (crawler.WithPagesStored: it must return at once).
func (e *earlyExports) start() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.on {
		return
	}
	e.on = true
	for what, j := range e.jobs {
		e.wg.Go(func() {
			defer close(j.done)
			j.prep, j.err = export.PrepareFile(e.ctx, e.st, what, "csv", j.path)
		})
	}
}

// commit puts export what in place once it is written, unless ctx has
// ended, and returns the line it logs; ok is false when it was not
// started (the caller exports it itself).
func (e *earlyExports) commit(ctx context.Context, what string) (lines []string, ok bool, err error) {
	if e == nil {
		return nil, false, nil
	}
	e.mu.Lock()
	on := e.on
	e.mu.Unlock()
	j := e.jobs[what]
	if j == nil || !on {
		return nil, false, nil
	}
	<-j.done
	if j.err != nil {
		return nil, true, j.err
	}
	if err := ctx.Err(); err != nil { // the exports were called off
		return nil, true, err
	}
	p := j.prep
	j.prep = nil
	if err := p.Commit(); err != nil {
		return nil, true, err
	}
	return []string{"wrote " + j.path}, true, nil
}

// discard waits for the exports started and removes the files not put in
// place (the run failed or was interrupted, or another export failed);
// the files at their paths stay as they were. Nil does nothing.
func (e *earlyExports) discard() {
	if e == nil {
		return
	}
	e.wg.Wait()
	for _, j := range e.jobs {
		if j.prep != nil {
			j.prep.Discard()
			j.prep = nil
		}
	}
}
