package crawler

import (
	"io"
	"net/http"
)

// drainLimit is the most of a body left unread that is read to its end
// before the body is closed, so that its connection can carry the next
// request (a body closed before its end closes its connection).
const drainLimit = 64 << 10

// drainingTransport hands out response bodies that, closed before their
// end, read up to drainLimit bytes of what is left, then close: a body
// ended so is closed with its connection kept for the next request. The
// fetcher refuses a response on its headers (not HTML, too large) by
// closing the body unread: without this each refused file of a site cost
// a new connection (the CMake docs: 1,929 "Show Source" text files, 1,930
// connections for 3,880 requests; now 5). A body that says it is longer
// (Content-Length) is closed as it is, its connection let go as before;
// one of unknown length is read no further than drainLimit, within the
// request's timeout as any read of it.
type drainingTransport struct{ base http.RoundTripper }

func (t drainingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err == nil && resp.Body != nil && resp.Body != http.NoBody && resp.ContentLength <= drainLimit {
		resp.Body = &drainingBody{ReadCloser: resp.Body}
	}
	return resp, err
}

// drainingBody is a body read on to its end, at most drainLimit bytes
// more, when it is closed.
type drainingBody struct{ io.ReadCloser }

func (b *drainingBody) Close() error {
	io.CopyN(io.Discard, b.ReadCloser, drainLimit) // a read error or a longer body only loses the connection
	return b.ReadCloser.Close()
}
