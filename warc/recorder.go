package warc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
)

// ExchangeWriter takes recorded exchanges; *Writer is one. The Recorder
// reuses an exchange's buffers once WriteExchange has returned, so an
// implementation must not keep x.Request, x.Response or x.Body beyond the
// call.
type ExchangeWriter interface {
	WriteExchange(x Exchange) error
}

// Recorder is an http.RoundTripper that records every exchange passing
// through it. The body is recorded as it comes off the connection: with
// its content coding (gzip), without its transfer coding (chunked). The
// exchange goes to the ExchangeWriter when the caller reaches the end of
// the body, before the caller sees io.EOF, so nothing read from a response
// exists before its record (a Writer keeps it until its next Flush, which a
// crawl runs before storing anything); a body closed before its end is
// recorded as truncated, a body whose read failed as cut.
//
// A request without Accept-Encoding is sent asking for gzip and the body is
// decoded for the caller, as http.Transport does by itself: the caller sees
// what it would have seen without the Recorder, the archive the raw bytes.
type Recorder struct {
	next http.RoundTripper
	w    ExchangeWriter
	now  func() time.Time
	bufs sync.Pool // *exchangeBuf of recorded exchanges, reused across responses
}

// exchangeBuf holds the bytes of one recorded exchange: heads and body.
type exchangeBuf struct {
	heads bytes.Buffer // the request head, then the response head
	body  bytes.Buffer
}

// NewRecorder records the exchanges of next into w.
func NewRecorder(next http.RoundTripper, w ExchangeWriter) *Recorder {
	return &Recorder{next: next, w: w, now: time.Now}
}

// RoundTrip sends req through the wrapped transport and records it.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	decode := false
	if req.Header.Get("Accept-Encoding") == "" && req.Method != http.MethodHead && req.Header.Get("Range") == "" {
		req = req.Clone(req.Context())
		req.Header.Set("Accept-Encoding", "gzip")
		decode = true
	}
	var ip string
	var ipMu sync.Mutex
	trace := &httptrace.ClientTrace{GotConn: func(c httptrace.GotConnInfo) {
		if a, ok := c.Conn.RemoteAddr().(*net.TCPAddr); ok {
			ipMu.Lock()
			ip = a.IP.String()
			ipMu.Unlock()
		}
	}}
	sent := req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
	date := r.now()
	resp, err := r.next.RoundTrip(sent)
	if err != nil {
		return nil, err
	}
	xb, _ := r.bufs.Get().(*exchangeBuf)
	if xb == nil {
		xb = new(exchangeBuf)
	}
	xb.heads.Reset()
	writeRequestHead(&xb.heads, req)
	n := xb.heads.Len()
	writeResponseHead(&xb.heads, resp)
	heads := xb.heads.Bytes()
	ipMu.Lock()
	x := Exchange{URL: req.URL.String(), IP: ip, Date: date, Request: heads[:n:n], Response: heads[n:], NotModified: resp.StatusCode == http.StatusNotModified}
	ipMu.Unlock()
	body := &recordingBody{rc: resp.Body, w: r.w, x: x, pool: &r.bufs, ctx: sent.Context(), xb: xb, buf: &xb.body}
	body.buf.Reset()
	if resp.ContentLength > 0 && resp.ContentLength < 16<<20 {
		body.buf.Grow(int(resp.ContentLength))
	}
	resp.Body = body
	if decode && strings.EqualFold(strings.TrimSpace(resp.Header.Get("Content-Encoding")), "gzip") {
		resp.Body = &gunzipBody{src: body}
		resp.Header.Del("Content-Encoding")
		resp.Header.Del("Content-Length")
		resp.ContentLength = -1
		resp.Uncompressed = true
	}
	return resp, nil
}

// writeRequestHead writes the request line and header block as
// http.Transport writes them (a request body, which a crawler never sends,
// is left out).
func writeRequestHead(b *bytes.Buffer, req *http.Request) {
	b.WriteString(req.Method)
	b.WriteByte(' ')
	b.WriteString(req.URL.RequestURI())
	b.WriteString(" HTTP/1.1\r\nHost: ")
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	b.WriteString(host)
	b.WriteString("\r\n")
	h := req.Header
	if h.Get("User-Agent") == "" {
		h = h.Clone()
		h.Set("User-Agent", "Go-http-client/1.1")
	}
	h.Write(b)
	b.WriteString("\r\n")
}

// writeResponseHead writes the status line and header block of resp.
// http.Transport removed the transfer coding from the body, so
// Transfer-Encoding is not written: the recorded body is not chunked.
func writeResponseHead(b *bytes.Buffer, resp *http.Response) {
	proto := resp.Proto
	if proto == "" {
		proto = fmt.Sprintf("HTTP/%d.%d", resp.ProtoMajor, resp.ProtoMinor)
	}
	status := resp.Status
	if status == "" {
		status = fmt.Sprintf("%d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	b.WriteString(proto)
	b.WriteByte(' ')
	b.WriteString(status)
	b.WriteString("\r\n")
	resp.Header.Write(b)
	b.WriteString("\r\n")
}

// recordingBody keeps what is read and writes the exchange at the end.
type recordingBody struct {
	rc   io.ReadCloser
	w    ExchangeWriter
	x    Exchange
	xb   *exchangeBuf  // from pool; back to it on Close
	buf  *bytes.Buffer // xb.body, nil once closed
	pool *sync.Pool
	ctx  context.Context // the request's: its deadline tells a timeout
	once sync.Once
	err  error
}

func (b *recordingBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if b.buf == nil { // read after Close: the exchange is written
		return n, err
	}
	b.buf.Write(p[:n])
	switch {
	case err == io.EOF:
		if werr := b.record(""); werr != nil {
			return n, werr
		}
	case err != nil:
		b.record(cutReason(b.ctx, err))
	}
	return n, err
}

// cutReason is the WARC-Truncated value of a body whose read failed with
// err: "time" for a timeout (the error says so, or the request's deadline
// passed: a client's timeout may reach the body as a plain cancellation),
// else "disconnect".
func cutReason(ctx context.Context, err error) string {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "time"
	}
	return "disconnect"
}

// Close records a body left before its end as truncated ("length": the
// reader stopped, as for a body over the size limit or an aborted fetch).
func (b *recordingBody) Close() error {
	werr := b.record("length")
	if b.buf != nil && b.buf.Cap() <= maxPooledBody {
		b.pool.Put(b.xb) // WriteExchange encoded the exchange: nothing refers to it
	}
	b.buf, b.xb = nil, nil
	return errors.Join(b.rc.Close(), werr)
}

// maxPooledBody bounds the buffers kept for reuse, so one huge body does
// not stay pinned.
const maxPooledBody = 1 << 20

func (b *recordingBody) record(truncated string) error {
	b.once.Do(func() {
		if b.buf != nil {
			b.x.Body = b.buf.Bytes()
		}
		b.x.Truncated = truncated
		if b.x.NotModified {
			b.x.Truncated = ""
		}
		if err := b.w.WriteExchange(b.x); err != nil {
			b.err = fmt.Errorf("warc: record %s: %w", b.x.URL, err)
		}
	})
	return b.err
}

// gunzipBody decodes a gzip body for a caller that did not ask for gzip.
type gunzipBody struct {
	src io.ReadCloser
	zr  *gzip.Reader
	err error
}

func (g *gunzipBody) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	if g.zr == nil {
		if g.zr, g.err = gzip.NewReader(g.src); g.err != nil {
			return 0, g.err
		}
	}
	n, err := g.zr.Read(p)
	if err == io.EOF {
		// read the source to its end so the exchange is recorded whole
		if _, derr := io.Copy(io.Discard, g.src); derr != nil {
			err = derr
		}
		g.err = err
	}
	return n, err
}

func (g *gunzipBody) Close() error { return g.src.Close() }
