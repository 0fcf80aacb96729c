package warc

import (
	"bytes"
	"crypto/sha1"
	"hash"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// encoder builds and gzips records into its buffer; pooled.
type encoder struct {
	buf      bytes.Buffer
	hb, hp   hash.Hash // block and payload digests
	hdr      []byte    // the records' header blocks
	reqHead  []byte    // the request record's header block, in hdr
	respHead []byte    // the response record's header block, in hdr
	payload  string    // the response's WARC-Payload-Digest ("" for a revisit)
	entry    CDXEntry  // the response's index entry, Offset relative to the buffer
	splicer            // deflates a response's body on its own (splice.go)
	spliced  bool      // the last response's body was deflated on its own
}

func newEncoder() *encoder {
	return &encoder{hb: sha1.New(), hp: sha1.New(), hdr: make([]byte, 0, 2<<10), splicer: newSplicer()}
}

// encoderPool keeps a Writer's encoders (their buffers and hash states)
// for reuse, as a stack: the encoder put back last is taken first, while
// its buffers are still in the CPU's cache; a queue would cycle through
// one encoder per worker, each cold when its turn comes. At most one
// encoder a core (GOMAXPROCS) is out at once: more goroutines cannot
// encode at the same time anyway, and those past the limit wait for a
// warm encoder rather than build one. (When each encoder kept a level-1
// deflater, 128 KB of table and a 320 KB window, the queue's cycling made
// deflating 1.7-2 times slower: BenchmarkDeflatersInTurn; bodies are now
// deflated statelessly, splice.go.) Unlike a sync.Pool it is not emptied
// by garbage collections.
type encoderPool struct {
	mu    sync.Mutex
	free  []*encoder
	slots chan struct{} // one token per encoder out of the pool
}

func newEncoderPool(n int) *encoderPool {
	return &encoderPool{slots: make(chan struct{}, max(n, 1))}
}

// get returns an encoder, waiting while as many as the pool allows are out.
func (p *encoderPool) get() *encoder {
	p.slots <- struct{}{}
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		e := p.free[n-1]
		p.free[n-1] = nil
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return e
	}
	p.mu.Unlock()
	return newEncoder()
}

// put gives e back. It is dropped if its buffers grew past what is worth
// keeping (one huge record should not stay pinned).
func (p *encoderPool) put(e *encoder) {
	if e.buf.Cap() <= maxPooledBody && e.zbody.Cap() <= maxPooledBody {
		p.mu.Lock()
		p.free = append(p.free, e)
		p.mu.Unlock()
	}
	<-p.slots
}

// gzipLevel is the level a body's deflate is measured against
// (BenchmarkSplice): level 1 of klauspost/compress, its cheapest with a
// kept deflater. Bodies are deflated statelessly (splicer).
const gzipLevel = gzip.BestSpeed

// exchange encodes the records of x into e.buf: the request record (none
// for a reconstructed exchange), then the response or revisit record. Only
// a response's body is compressed (splice.go): the rest of a record, a
// body without bytes and a content-coded body (gzip, br: it would not
// shrink again) are stored.
func (e *encoder) exchange(x Exchange, infoID string) error {
	body := x.Body
	if x.NotModified {
		body = nil
	}
	e.exchangeHeads(x, infoID, body)
	e.buf.Reset()
	if !x.Reconstructed {
		storedMember(&e.buf, e.reqHead, x.Request)
	}
	reqN := e.buf.Len()
	e.spliced = false
	if len(body) == 0 || contentCoded(x.Response) {
		storedMember(&e.buf, e.respHead, x.Response, body)
	} else {
		if err := e.splicer.spliced(&e.buf, e.respHead, x.Response, body); err != nil {
			return err
		}
		e.spliced = true
	}
	status, mime := statusAndType(x.Response)
	e.entry = CDXEntry{URL: x.URL, Time: x.Date, Status: status, MIME: mime,
		Digest: e.payload, Offset: int64(reqN), Length: int64(e.buf.Len() - reqN),
		revisit: x.NotModified}
	return nil
}
