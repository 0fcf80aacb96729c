package crawler

import (
	"context"
	"fmt"
	"sync"

	"github.com/crawl-project/crawl"
)

// RuleMaxPagesPerHost names the per-host page limit in Stats.Refused.
const RuleMaxPagesPerHost = "max-pages-per-host"

// hostQuota counts the URLs dispatched per host (host:port) against
// Config.MaxPagesPerHost: fetched pages and failures, of this run and
// (restored on resume) of the earlier runs of the store. A link that was
// dispatched but not settled (held for its host's robots.txt, abandoned
// at a stop) gives its slot back. A nil quota limits nothing.
type hostQuota struct {
	max int
	mu  sync.Mutex
	n   map[string]int
}

func newHostQuota(max int) *hostQuota {
	if max <= 0 {
		return nil
	}
	return &hostQuota{max: max, n: map[string]int{}}
}

// take counts one fetch of host and reports whether it is within the quota.
func (q *hostQuota) take(host string) bool {
	if q == nil {
		return true
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.n[host] >= q.max {
		return false
	}
	q.n[host]++
	return true
}

// giveBack returns the slot of a dispatched link whose result is not
// stored (it is dispatched again later).
func (q *hostQuota) giveBack(host string) {
	if q == nil {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.n[host] > 0 {
		q.n[host]--
	}
}

// filter drops the links to hosts whose quota is spent and returns how
// many it dropped.
func (q *hostQuota) filter(links []crawl.Link) ([]crawl.Link, int) {
	if q == nil || len(links) == 0 {
		return links, 0
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	keep := links[:0]
	for _, l := range links {
		if q.n[crawl.HostKey(l.URL)] < q.max {
			keep = append(keep, l)
		}
	}
	return keep, len(links) - len(keep)
}

// fetchedLister is a store that lists the URLs earlier runs dispatched
// (*store.Store): stored pages and failures, refusals excluded.
type fetchedLister interface {
	FetchedURLs(ctx context.Context, skipKinds []string, fn func(url string) error) error
}

// refusalKinds are the failure kinds of links refused unfetched: they
// took no slot.
var refusalKinds = []string{RuleMaxPagesPerHost, RuleDuplicatePattern}

// restore counts what the store's earlier runs dispatched per host, so
// that a resumed crawl keeps its counts.
func (q *hostQuota) restore(ctx context.Context, st Store) error {
	fl, ok := st.(fetchedLister)
	if q == nil || !ok {
		return nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return fl.FetchedURLs(ctx, refusalKinds, func(u string) error {
		q.n[crawl.HostKey(u)]++
		return nil
	})
}

// hostQuotaKeeper is a frontier that applies Config.MaxPagesPerHost
// itself, for every process that shares it (redisfrontier with
// Config.MaxPagesPerHost): its Pop refuses the links of a spent host (a
// refusal error), its Push drops them, and the engine counts nothing.
type hostQuotaKeeper interface {
	MaxPagesPerHost() int
}

// refusal is the error of a Pop that hands over a link the frontier
// refused by one of its limit rules (redisfrontier.RefusedError): the
// engine records it as refused, unfetched, like its own refusals.
type refusal interface {
	RefusedLink() (crawl.Link, string)
}

// refusedResult is the result of a link refused unfetched by rule.
func refusedResult(link crawl.Link, rule string) result {
	return result{link: link, refused: rule, failure: &FetchError{Kind: rule, Err: fmt.Errorf("%s: refused by %s", link.URL, rule)}}
}
