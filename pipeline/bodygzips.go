package pipeline

import (
	"crypto/sha256"
	"sync"
)

// bodyGzips carries the gzip of each body the WARC writer deflated to the
// store, which keeps the same bytes gzipped (warc.BodySink,
// store.UseCompressed): keyed by the body's SHA-256, so a page whose HTML
// is not the body received (re-encoded to UTF-8, content-coded) finds
// nothing and is compressed by the store. A body the store never takes
// (a failure, a duplicate, robots.txt) is dropped, oldest first, once the
// gzips held pass max bytes.
type bodyGzips struct {
	mu    sync.Mutex
	m     map[[sha256.Size]byte][]byte
	order [][sha256.Size]byte // keys by age; taken keys are skipped
	size  int
	max   int
}

func newBodyGzips(max int) *bodyGzips {
	return &bodyGzips{m: map[[sha256.Size]byte][]byte{}, max: max}
}

// PutBody implements warc.BodySink.
func (g *bodyGzips) PutBody(sum [sha256.Size]byte, gz []byte) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.m[sum]; ok {
		return
	}
	g.m[sum] = gz
	g.order = append(g.order, sum)
	g.size += len(gz)
	for g.size > g.max && len(g.order) > 0 {
		old := g.order[0]
		g.order = g.order[1:]
		if b, ok := g.m[old]; ok {
			delete(g.m, old)
			g.size -= len(b)
		}
	}
	if len(g.order) > 2*len(g.m)+1024 { // mostly taken keys: keep the live ones
		live := make([][sha256.Size]byte, 0, len(g.m))
		for _, k := range g.order {
			if _, ok := g.m[k]; ok {
				live = append(live, k)
			}
		}
		g.order = live
	}
}

// take returns and forgets the gzip of the body with digest sum, nil when
// there is none.
func (g *bodyGzips) take(sum [sha256.Size]byte) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	gz, ok := g.m[sum]
	if ok {
		delete(g.m, sum)
		g.size -= len(gz)
	}
	return gz
}

// bodyGzipBytes bounds the gzips waiting for the store: several batches
// of pages.
const bodyGzipBytes = 32 << 20
