package pipeline

import (
	"container/heap"
	"context"
	"fmt"
	"io"
	"math"
	"net/url"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/robots"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/warc"
)

// orderedFrontier replays the fetch order of an archive (Options.ArchiveOrder):
// of the links the crawl discovers, it hands out the one archived first,
// and only when no earlier archived URL can still be discovered (no popped
// link's result is unsaved); archived URLs that are never discovered
// (redirect targets, robots.txt) are passed over then. With one worker the
// hooks see the pages in archive order, which is the order the archiving
// crawl stored them when it ran with one worker, so the replay repeats it;
// with any worker count the replay is the same every time.
//
// The inner frontier persists the queue with the priorities the hooks gave
// (a page's score is what it was pushed with, as in the crawl); Pop takes
// every queued link from it and chooses by archive rank (a link not in
// the archive: see unarchived).
type orderedFrontier struct {
	inner frontier.Frontier
	rank  map[string]int // archive position of each archived URL

	mu      sync.Mutex
	held    rankHeap        // links taken from inner, lowest rank first
	next    int             // rank of the next archived URL to hand out
	pending map[string]bool // popped, result not saved yet
}

func newOrderedFrontier(inner frontier.Frontier, order []string) *orderedFrontier {
	f := &orderedFrontier{inner: inner, rank: make(map[string]int, len(order)), pending: map[string]bool{}}
	for i, u := range order {
		if _, ok := f.rank[u]; !ok {
			f.rank[u] = i
		}
	}
	return f
}

func (f *orderedFrontier) Push(ctx context.Context, links []crawl.Link) (int, error) {
	return f.inner.Push(ctx, links)
}

func (f *orderedFrontier) Pop(ctx context.Context, ready func(host string) bool) (crawl.Link, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for {
		l, err := f.inner.Pop(ctx, nil)
		if err == frontier.ErrEmpty || err == frontier.ErrNotReady {
			break
		}
		if err != nil {
			return crawl.Link{}, err
		}
		r, ok := f.rank[l.URL]
		if !ok {
			r = unarchived
		}
		heap.Push(&f.held, ranked{l, r})
	}
	if len(f.held) == 0 {
		if len(f.pending) > 0 {
			return crawl.Link{}, frontier.ErrNotReady
		}
		return crawl.Link{}, frontier.ErrEmpty
	}
	l, r := f.held[0].link, f.held[0].rank
	if (r > f.next || r == unarchived) && len(f.pending) > 0 {
		return crawl.Link{}, frontier.ErrNotReady // an earlier archived URL may still come
	}
	if ready != nil && !ready(hostOfURL(l.URL)) {
		return crawl.Link{}, frontier.ErrNotReady
	}
	heap.Pop(&f.held)
	if r != unarchived {
		f.next = r + 1
	}
	f.pending[l.URL] = true
	return l, nil
}

func (f *orderedFrontier) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inner.Len() + len(f.held)
}

func (f *orderedFrontier) Close() error { return f.inner.Close() }

// Drops is the inner frontier's (frontier.Dropper; none when it cannot
// say): Push is the inner frontier's, so a link it drops is dropped.
func (f *orderedFrontier) Drops(ctx context.Context, links []crawl.Link, drops []bool) error {
	if d, ok := f.inner.(frontier.Dropper); ok {
		return d.Drops(ctx, links, drops)
	}
	clear(drops)
	return nil
}

// saved marks the popped URLs whose results are stored.
func (f *orderedFrontier) saved(pages []*crawl.Page, failures []crawl.Failure) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range pages {
		delete(f.pending, p.URL)
	}
	for _, x := range failures {
		delete(f.pending, x.URL)
	}
}

func (f *orderedFrontier) done(url string) {
	f.mu.Lock()
	delete(f.pending, url)
	f.mu.Unlock()
}

// unarchived is the rank of a link the archive lacks (ArchivedOnly lets in
// those robots.txt refuses): such a link goes after every archived one.
// The crawl refused it without a fetch, leaving no record of when: a crawl
// that ran until its frontier was dry refused them all, and so does the
// replay; under a page budget the crawl may have refused some before the
// budget was spent, which the replay does not (see README).
const unarchived = math.MaxInt

// rankHeap orders links by archive rank, lowest first.
type ranked struct {
	link crawl.Link
	rank int
}

type rankHeap []ranked

func (h rankHeap) Len() int           { return len(h) }
func (h rankHeap) Less(i, j int) bool { return h[i].rank < h[j].rank }
func (h rankHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *rankHeap) Push(x any)        { *h = append(*h, x.(ranked)) }
func (h *rankHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// orderedStore tells the orderedFrontier which popped links are stored.
// The crawler stores through the plain path (Push, then SaveResults): the
// orderedFrontier does not offer the SQLite frontier's one-transaction push.
type orderedStore struct {
	crawler.Store
	st *store.Store // fingerprints
	fr *orderedFrontier
}

func (s orderedStore) SaveResults(ctx context.Context, pages []*crawl.Page, failures []crawl.Failure) error {
	err := s.Store.SaveResults(ctx, pages, failures)
	if err == nil {
		s.fr.saved(pages, failures)
	}
	return err
}

func (s orderedStore) UpdatePage(ctx context.Context, p *crawl.Page) error {
	err := s.Store.UpdatePage(ctx, p)
	if err == nil {
		s.fr.done(p.URL)
	}
	return err
}

func (s orderedStore) SetValidators(ctx context.Context, url, etag, lastModified string) error {
	err := s.Store.SetValidators(ctx, url, etag, lastModified)
	if err == nil {
		s.fr.done(url)
	}
	return err
}

func (s orderedStore) SaveFingerprints(ctx context.Context, fps []crawl.Fingerprint) error {
	return s.st.SaveFingerprints(ctx, fps)
}

func (s orderedStore) Fingerprints(ctx context.Context, fn func(crawl.Fingerprint) error) error {
	return s.st.Fingerprints(ctx, fn)
}

func hostOfURL(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return pu.Host
}

// ArchivedOnly is the OnURL hook of a replay: a link enters the frontier
// when the archive has its response, or when the archived robots.txt of
// its host disallows it (the archiving crawl refused it without a fetch,
// and so does the replay: it is recorded as a robots failure again).
// Other links are dropped (ErrSkip): the replay cannot fetch them.
func ArchivedOnly(cfg *config.Config, a *warc.Archive) hooks.URLHook {
	agent := cfg.Politeness.RobotsAgent // the replay's crawler decides with it
	if agent == "" {
		ua := cfg.Fetch.UserAgent
		if ua == "" {
			ua = crawler.DefaultConfig().UserAgent
		}
		agent = robots.ProductToken(ua)
	}
	obey := cfg.Politeness.Robots == nil || *cfg.Politeness.Robots
	f := &archivedOnly{a: a, agent: agent, obey: obey && agent != "", rules: map[string]*robots.Robots{}}
	return hooks.URLFunc(f.onURL)
}

type archivedOnly struct {
	a     *warc.Archive
	agent string
	obey  bool
	mu    sync.Mutex
	rules map[string]*robots.Robots // by scheme://host
}

func (f *archivedOnly) onURL(_ context.Context, _ *crawl.Page, l *crawl.Link) error {
	if f.a.Has(l.URL) || (f.obey && !f.allowed(l.URL)) {
		return nil
	}
	return hooks.ErrSkip
}

// allowed applies the archived robots.txt of u's host (none archived:
// everything is allowed, as the Replayer answers 404).
func (f *archivedOnly) allowed(u string) bool {
	pu, err := url.Parse(u)
	if err != nil {
		return true
	}
	site := pu.Scheme + "://" + pu.Host
	f.mu.Lock()
	r, ok := f.rules[site]
	f.mu.Unlock()
	if !ok {
		r = robots.Parse(nil)
		if rec, err := f.a.Lookup(site + "/robots.txt"); err == nil {
			if resp, err := warc.ParseResponse(rec, nil); err == nil {
				body, _ := io.ReadAll(io.LimitReader(resp.Body, robots.MaxSize))
				resp.Body.Close()
				r = robots.FromResponse(site+"/robots.txt", resp.StatusCode, body)
			}
		}
		f.mu.Lock()
		f.rules[site] = r
		f.mu.Unlock()
	}
	return r.Unavailable() || r.Allowed(f.agent, u)
}

// Replay orders: how a replay chooses what to fetch (see README).
const (
	OrderFrontier = "frontier" // from the seeds, best first, over the archived URLs
	OrderArchive  = "archive"  // from the seeds, the archive's fetch order, one worker
	OrderRecords  = "records"  // every archived page a seed, in archive order
)

// Replay readies a crawl of cfg over the archive a in the given order: cfg
// is changed for a replay (no WARC written again, no politeness delay, no
// retries except in archive order, where a retry meets the archived retry
// as the crawl did; in records order the archived pages are the seeds),
// the store at cfg.DB is prepared (PrepareReplay), and opts is returned
// with the replaying transport, ArchivedOnly and, in archive order, the
// archive's order.
func Replay(ctx context.Context, cfg *config.Config, a *warc.Archive, order string, opts Options) (Options, error) {
	switch order {
	case OrderFrontier, OrderArchive, OrderRecords:
	default:
		return opts, fmt.Errorf("pipeline: replay order %q (want frontier, archive or records)", order)
	}
	cfg.WARC.Dir = "" // a replay does not archive again
	// Nothing to be polite to, and an archive answers the same each time.
	cfg.Politeness.NoDelay = true
	cfg.Politeness.MaxCrawlDelay = 1
	if order != OrderArchive {
		cfg.Fetch.Retries = -1
	}
	if order == OrderRecords {
		cfg.Seeds = archivedPages(a)
	}
	if err := PrepareReplay(ctx, cfg, a); err != nil {
		return opts, err
	}
	opts.Transport = warc.NewReplayer(a)
	onlyArchived := ArchivedOnly(cfg, a) // the others cannot be fetched
	user := opts.Hooks
	opts.Hooks = func(c *hooks.Chain) {
		c.OnURL(onlyArchived)
		if user != nil {
			user(c)
		}
	}
	if order == OrderArchive {
		opts.ArchiveOrder = a.URLs()
	}
	return opts, nil
}

// ArchiveKey indexes archived URLs as the frontier normalises them, so a
// WARC written by another tool answers the crawler's requests: give it to
// warc.OpenArchive (warc.WithKey).
func ArchiveKey(u string) string {
	n, err := frontier.Normalize(u, nil)
	if err != nil {
		return ""
	}
	return n
}

// archivedPages are the archived URLs a crawl would fetch, robots.txt left out.
func archivedPages(a *warc.Archive) []string {
	var out []string
	for _, u := range a.URLs() {
		if pu, err := url.Parse(u); err == nil && pu.Path != "/robots.txt" {
			out = append(out, u)
		}
	}
	return out
}
