package extraction

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// ErrPanic marks a page whose extraction panicked (a bug): the page fails
// alone.
var ErrPanic = errors.New("extraction: internal error")

// Page is one page for ExtractBatch.
type Page struct {
	Cluster int64 // template cluster; 0: extracted on its own
	URL     string
	Doc     *html.Node
}

// workspace is what a worker of ExtractBatch reuses from page to page.
type workspace struct {
	m stm.Matcher
	p page
}

// workspaces keeps up to maxIdle workspaces between pages and batches,
// for every ClusterExtractor: a page resets all of a workspace's state
// but its buffers and the caches of pure functions of tag and class
// (page.names, the hidden-class cache), so an extractor made for one batch
// (a benchmark's op, a test, evalrecords' site after site) starts from
// buffers an earlier one has grown. It is no sync.Pool: a collection
// empties one, and a crawl collects every few pages, so the compact tree,
// the measures and the matcher's memo were grown afresh page after page
// (about 40 of the 87 MB extraction allocated in a crawl of the Python
// docs).
var workspaces struct {
	mu   sync.Mutex
	idle []*workspace
}

// maxIdle is the most workspaces kept between pages (a crawl's fetch
// workers each hold one while they extract).
const maxIdle = 8

// maxKeptNodes is the largest page whose buffers are kept: a workspace
// that held a larger one is left to the collector (a 500,000-node page
// would keep tens of MB alive; the Python docs' largest has 63,514). A
// kept workspace's node arrays hold at most 2·maxKeptNodes nodes (24
// bytes a node: about 5 MB).
const maxKeptNodes = 100_000

// getWorkspace returns an idle workspace, or a new one.
func getWorkspace() *workspace {
	workspaces.mu.Lock()
	defer workspaces.mu.Unlock()
	if n := len(workspaces.idle); n > 0 {
		w := workspaces.idle[n-1]
		workspaces.idle[n-1] = nil
		workspaces.idle = workspaces.idle[:n-1]
		return w
	}
	return &workspace{}
}

// putWorkspace keeps w for the next page, unless maxIdle are kept or its
// buffers are those of a page larger than maxKeptNodes: their capacity is
// over twice that. The node buffers grow by doubling (and append rounds
// up), so a page of 65,537 to 100,000 nodes leaves a capacity past
// 131,072; comparing the capacity with maxKeptNodes itself dropped such a
// page's workspace, to be grown again for the next page.
func putWorkspace(w *workspace) {
	if w.p.t != nil && cap(w.p.t.Label) > 2*maxKeptNodes {
		return
	}
	workspaces.mu.Lock()
	defer workspaces.mu.Unlock()
	if len(workspaces.idle) < maxIdle {
		workspaces.idle = append(workspaces.idle, w)
	}
}

// prepared is a page analysed by ExtractBatch's parallel phase: what the
// page's cluster needs of it once the worker has reused the page's
// buffers for the next one.
type prepared struct {
	a       analysis  // valid only until the worker's next page
	vals    [][]value // the records' values (analysis.values)
	kind    string    // the records' kind (analysis.kind)
	kinds   []string  // each record's kind, when they differ (analysis.values)
	lesson  shape     // what the cluster would learn from the page (ok: a list page)
	applied bool      // extracted with the cluster's learned shape
	tried   bool      // the learned shape was tried and did not fit
	err     error
}

// ExtractBatch extracts the records of pages on up to workers goroutines
// and returns each page's records and error, in the order of pages. The
// pages are analysed in parallel against what their clusters had learned
// when the call began; then, one page after the other in order, the
// clusters learn from them and name their columns, so the result does not
// depend on scheduling. A page that fails (ErrNoDocument, ErrTooLarge,
// ErrPanic) fails alone. ctx stops the analysis of pages not yet begun;
// they fail with ctx's error.
func (ce *ClusterExtractor) ExtractBatch(ctx context.Context, pages []Page, workers int) ([][]crawl.Record, []error) {
	recs := make([][]crawl.Record, len(pages))
	errs := make([]error, len(pages))
	if ce.cfgErr != nil {
		for i := range errs {
			errs[i] = ce.cfgErr
		}
		return recs, errs
	}
	shapes := map[int64]shape{}
	for _, p := range pages {
		if _, ok := shapes[p.Cluster]; !ok && p.Cluster != 0 {
			l := ce.cluster(p.Cluster)
			l.mu.Lock()
			shapes[p.Cluster] = l.shape
			l.mu.Unlock()
		}
	}
	prep := make([]prepared, len(pages))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(workers, len(pages))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// one matcher and one page per worker: their buffers (DP
			// matrices, memo, compact tree, measures) are reused page after
			// page, and batch after batch (workspaces)
			w := getWorkspace()
			defer putWorkspace(w)
			m, p := &w.m, &w.p
			for i := range next {
				prep[i] = ce.prepare(ctx, m, p, pages[i], shapes[pages[i].Cluster])
				if prep[i].err == nil {
					prep[i].vals, prep[i].kind, prep[i].kinds, prep[i].lesson, prep[i].err = values(prep[i].a, pages[i].URL, pages[i].Cluster != 0)
				}
				prep[i].a = analysis{} // p is the next page's
			}
			p.release()
		}()
	}
	for i := range pages {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, p := range pages {
		if prep[i].err != nil {
			errs[i] = prep[i].err
			continue
		}
		recs[i], errs[i] = ce.finish(p, prep[i])
	}
	return recs, errs
}

// prepare analyses one page: with the learned shape when it fits, else on
// its own.
func (ce *ClusterExtractor) prepare(ctx context.Context, m *stm.Matcher, p *page, pg Page, sh shape) (pr prepared) {
	defer func() {
		if v := recover(); v != nil {
			pr = prepared{err: fmt.Errorf("%w: %v", ErrPanic, v)}
		}
	}()
	if err := ctx.Err(); err != nil {
		return prepared{err: err}
	}
	if pg.Doc == nil {
		return prepared{err: ErrNoDocument}
	}
	if err := p.reset(pg.Doc, ce.cfg.MaxNodes); err != nil {
		return prepared{err: err}
	}
	m.Reset() // a page's memo would only grow the map the next pages clear
	m.SetBudget(ce.cfg.Budget)
	if pg.Cluster != 0 && sh.ok {
		if a, ok := sh.apply(p, m, ce.cfg); ok {
			return prepared{a: a, applied: true}
		}
		pr.tried = true
	}
	pr.a = analyze(p, m, ce.cfg)
	return pr
}

// values is a.values, a.kind and, with learn, the shape a's cluster would
// learn from it (a.lesson), a panic failing the page alone (ErrPanic).
func values(a analysis, pageURL string, learn bool) (vals [][]value, kind string, kinds []string, lesson shape, err error) {
	defer func() {
		if v := recover(); v != nil {
			vals, kind, kinds, lesson, err = nil, "", nil, shape{}, fmt.Errorf("%w: %v", ErrPanic, v)
		}
	}()
	if learn {
		lesson = a.lesson()
	}
	vals, kinds = a.values(pageURL)
	return vals, a.kind(), kinds, lesson, nil
}

// finish lets the page's cluster learn from it and names its records.
func (ce *ClusterExtractor) finish(pg Page, pr prepared) (recs []crawl.Record, err error) {
	defer func() {
		if v := recover(); v != nil {
			recs, err = nil, fmt.Errorf("%w: %v", ErrPanic, v)
		}
	}()
	if pg.Cluster == 0 {
		return named(newColumns(), pr.vals, pg.URL, 0, pr.kind, pr.kinds), nil
	}
	l := ce.cluster(pg.Cluster)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.learnFrom(pr.lesson, pr.applied, pr.tried)
	return named(l.cols, pr.vals, pg.URL, pg.Cluster, pr.kind, pr.kinds), nil
}
