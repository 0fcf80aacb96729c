package pipeline

import (
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"sync"
)

// bodyGzips carries the gzip of each body the WARC writer deflated to the
// store, which keeps the same bytes gzipped (warc.BodySink,
// store.UseCompressed), so a page whose HTML is not the body received
// (re-encoded to UTF-8, content-coded) finds nothing and is compressed by
// the store. A gzip is found by its body's length and a 64-bit hash keyed
// by a seed random to each run (hash/maphash: a server cannot aim at a
// collision without it, and it costs a fraction of a SHA-256), and given
// only when its trailer's CRC-32 and size match the HTML's as well: a
// collision of both leaves a page's gzip to the store, it never stores
// another page's. A body the store never takes (a failure, a duplicate,
// robots.txt) is dropped, oldest first, once the gzips held pass max
// bytes.
type bodyGzips struct {
	seed  maphash.Seed
	mu    sync.Mutex
	m     map[bodyKey][]byte
	order []bodyKey // keys by age; taken keys are skipped
	size  int
	max   int
}

// bodyKey finds a body's gzip: its length and keyed hash.
type bodyKey struct {
	n    int
	hash uint64
}

func newBodyGzips(max int) *bodyGzips {
	return &bodyGzips{seed: maphash.MakeSeed(), m: map[bodyKey][]byte{}, max: max}
}

func (g *bodyGzips) key(body []byte) bodyKey {
	return bodyKey{len(body), maphash.Bytes(g.seed, body)}
}

// PutBody implements warc.BodySink.
func (g *bodyGzips) PutBody(body, gz []byte) {
	k := g.key(body)
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.m[k]; ok {
		return
	}
	g.m[k] = gz
	g.order = append(g.order, k)
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
		live := make([]bodyKey, 0, len(g.m))
		for _, k := range g.order {
			if _, ok := g.m[k]; ok {
				live = append(live, k)
			}
		}
		g.order = live
	}
}

// take returns and forgets the gzip of html, nil when there is none.
func (g *bodyGzips) take(html []byte) []byte {
	k := g.key(html)
	g.mu.Lock()
	gz, ok := g.m[k]
	if ok {
		delete(g.m, k)
		g.size -= len(gz)
	}
	g.mu.Unlock()
	if !ok || len(gz) < 8 {
		return nil
	}
	t := gz[len(gz)-8:]
	if binary.LittleEndian.Uint32(t) != crc32.ChecksumIEEE(html) || binary.LittleEndian.Uint32(t[4:]) != uint32(len(html)) {
		return nil
	}
	return gz
}

// bodyGzipBytes bounds the gzips waiting for the store: several batches
// of pages.
const bodyGzipBytes = 32 << 20
