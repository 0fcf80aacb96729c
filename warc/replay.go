package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzip"
)

// Replayer is an http.RoundTripper that answers from an Archive, never
// from the network: a GET of an archived URL gets the archived response
// (status, headers and body as recorded: chunked bodies de-chunked, gzip
// bodies decoded when the request did not ask for gzip, as http.Transport
// does; a body the crawl could not read whole, WARC-Truncated time or
// disconnect, fails after its archived bytes, a timeout for time); a
// robots.txt the archive lacks is answered 404; any other URL fails with
// ErrNotArchived.
type Replayer struct {
	a *Archive
}

// NewReplayer replays a.
func NewReplayer(a *Archive) *Replayer { return &Replayer{a: a} }

// RoundTrip answers req from the archive.
func (p *Replayer) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		req.Body.Close()
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	rec, err := p.a.Lookup(req.URL.String())
	if errors.Is(err, ErrNotArchived) && req.URL.Path == "/robots.txt" {
		return notFound(req), nil
	}
	if err != nil {
		return nil, err
	}
	resp, err := ParseResponse(rec, req)
	if err != nil {
		return nil, err
	}
	if cut := rec.Header.Get("WARC-Truncated"); cut == "time" || cut == "disconnect" {
		// the transfer failed in the crawl: the archived bytes, then the failure again
		resp.Body = readCloser{cutBody{resp.Body, cutError{cut}}, resp.Body}
	}
	if req.Header.Get("Accept-Encoding") == "" && strings.EqualFold(strings.TrimSpace(resp.Header.Get("Content-Encoding")), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, fmt.Errorf("warc: replay %s: gzip body: %w", req.URL, err)
		}
		resp.Body = readCloser{zr, resp.Body}
		resp.Header.Del("Content-Encoding")
		resp.Header.Del("Content-Length")
		resp.ContentLength = -1
		resp.Uncompressed = true
	}
	return resp, nil
}

// notFound answers a robots.txt the archive lacks (an archive exported from
// a store, or a partial one): 404, so robots allows everything, as what is
// archived was fetched under the original crawl's rules.
func notFound(req *http.Request) *http.Response {
	return &http.Response{
		Status: "404 Not Found", StatusCode: http.StatusNotFound, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"text/plain"}}, Body: http.NoBody, Request: req,
	}
}

// cutError is the read error of a body the crawl did not receive whole
// (WARC-Truncated time or disconnect): a timeout for "time", as the
// crawler's own fetch reported it.
type cutError struct{ reason string }

func (e cutError) Error() string {
	return "warc: the archived body was cut (WARC-Truncated: " + e.reason + ")"
}
func (e cutError) Timeout() bool   { return e.reason == "time" }
func (e cutError) Temporary() bool { return false }

// cutBody reads the archived part of a cut body, then fails with err
// where it ends (the head's Content-Length may promise more).
type cutBody struct {
	r   io.Reader
	err error
}

func (c cutBody) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = c.err
	}
	return n, err
}

type readCloser struct {
	io.Reader
	io.Closer
}

// ParseResponse parses the HTTP response in a response or revisit record.
// A revisit record holds the head only: its body is empty.
func ParseResponse(rec *Record, req *http.Request) (*http.Response, error) {
	block := rec.Block
	if rec.Type() == "revisit" {
		if i := bytes.Index(block, []byte("\r\n\r\n")); i >= 0 {
			block = block[:i+4]
		}
	}
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(block)), req)
	if err != nil {
		return nil, fmt.Errorf("warc: %s at %d: HTTP response of %s: %w", rec.file, rec.Offset, rec.TargetURI(), err)
	}
	if rec.Type() == "revisit" {
		resp.Body = http.NoBody
		resp.ContentLength = 0
	}
	return resp, nil
}
