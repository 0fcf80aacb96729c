package crawler

import (
	"sync"

	"github.com/crawl-project/crawl"
)

// RuleMaxPagesPerHost names the per-host page limit in Stats.Refused.
const RuleMaxPagesPerHost = "max-pages-per-host"

// hostQuota counts the URLs dispatched per host (host:port) in this run
// against Config.MaxPagesPerHost. A nil quota limits nothing.
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
