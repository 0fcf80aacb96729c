package extraction

import (
	"context"

	"github.com/crawl-project/crawl"
	"golang.org/x/net/html"
)

// Prepared is a page analysed on its own by Prepare: its records' values
// and what its template cluster may learn from it, without the DOM. It is
// what a crawl keeps of a page between its OnPage and its OnBatch, so that
// the page's DOM can go right after OnPage.
type Prepared struct {
	pr prepared
}

// Err is the page's extraction error (ErrNoDocument, ErrTooLarge,
// ErrPanic or ctx's), nil when the page was analysed.
func (p *Prepared) Err() error { return p.pr.err }

// Prepare analyses one page on its own (the per-page path of paper 004:
// region, records, their values with addresses resolved against pageURL)
// in the caller's goroutine, while its DOM is at hand: the crawl's fetch
// workers call it at OnPage, when the page's template cluster is not yet
// known. Finish then names the records along the cluster's columns. Safe
// for concurrent use; a failure is kept in the result (Err), never a
// panic.
func (ce *ClusterExtractor) Prepare(ctx context.Context, pageURL string, doc *html.Node) *Prepared {
	if ce.cfgErr != nil {
		return &Prepared{prepared{err: ce.cfgErr}}
	}
	w := getWorkspace()
	defer putWorkspace(w)
	pr := ce.prepare(ctx, &w.m, &w.p, Page{URL: pageURL, Doc: doc}, shape{})
	if pr.err == nil {
		// no lesson: a learned region is only tried by ExtractBatch
		pr.vals, pr.kind, pr.kinds, _, pr.err = values(pr.a, pageURL, false)
	}
	pr.a = analysis{} // the workspace's page is the next caller's
	w.p.release()
	return &Prepared{pr}
}

// Finish names the records of a page Prepare analysed along the columns
// of the given template cluster (0: the page on its own), like the last,
// sequential phase of ExtractBatch: calls for one cluster are serialised,
// and their order decides the columns. The cluster learns no region from
// such pages (ExtractBatch would try it first on the cluster's pages).
func (ce *ClusterExtractor) Finish(cluster int64, pageURL string, p *Prepared) ([]crawl.Record, error) {
	if p == nil {
		return nil, ErrNoDocument
	}
	if p.pr.err != nil {
		return nil, p.pr.err
	}
	return ce.finish(Page{Cluster: cluster, URL: pageURL}, p.pr)
}
