package extraction

import (
	"sync"

	"github.com/crawl-project/crawl/extraction/stm"
)

// workspace is what a page's analysis reuses from page to page: the STM
// matcher (DP matrices, memo) and the page (compact tree, measures,
// segment names).
type workspace struct {
	m stm.Matcher
	p page
}

// workspaces keeps the workspaces of a ClusterExtractor between pages
// (Prepare's callers, ExtractBatch's workers). Unlike a sync.Pool it
// does not drop them at every garbage collection: in a crawl, which
// collects every few pages, a dropped workspace's tree and measures were
// allocated again for the next page. It keeps at most maxFree, and none
// grown past keepNodes (a huge page's buffers go to the collector).
type workspaces struct {
	mu   sync.Mutex
	free []*workspace
}

// maxFree is the most workspaces kept between pages (a crawl's fetch
// workers, ExtractBatch's GOMAXPROCS goroutines).
const maxFree = 16

// keepNodes is the most nodes a kept workspace's page was sized for
// (about 70 bytes a node: 2.2 MB).
const keepNodes = 1 << 15

func (ws *workspaces) get() *workspace {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if n := len(ws.free); n > 0 {
		w := ws.free[n-1]
		ws.free[n-1] = nil
		ws.free = ws.free[:n-1]
		return w
	}
	return &workspace{}
}

func (ws *workspaces) put(w *workspace) {
	if cap(w.p.text) > keepNodes {
		return
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if len(ws.free) < maxFree {
		ws.free = append(ws.free, w)
	}
}
