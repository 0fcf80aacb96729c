package crawler

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

type countingBody struct {
	r      io.Reader
	read   int
	closed bool
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.read += n
	return n, err
}

func (b *countingBody) Close() error { b.closed = true; return nil }

type fixedResponse struct{ resp *http.Response }

func (f fixedResponse) RoundTrip(*http.Request) (*http.Response, error) { return f.resp, nil }

// TestDrainingBody: a body closed before its end is read on when it says
// it is at most drainLimit long or says nothing (then at most drainLimit
// bytes), never when it says it is longer; it is closed either way.
func TestDrainingBody(t *testing.T) {
	for _, c := range []struct {
		name           string
		size, declared int64
		wantRead       int
	}{
		{"short, Content-Length", 1000, 1000, 1000},
		{"short, length unknown", 1000, -1, 1000},
		{"at the limit", drainLimit, drainLimit, drainLimit},
		{"long, length unknown", 3 * drainLimit, -1, drainLimit},
		{"long, Content-Length", 3 * drainLimit, 3 * drainLimit, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := &countingBody{r: strings.NewReader(strings.Repeat("x", int(c.size)))}
			tr := drainingTransport{base: fixedResponse{&http.Response{Body: body, ContentLength: c.declared}}}
			resp, err := tr.RoundTrip(&http.Request{})
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if body.read != c.wantRead || !body.closed {
				t.Errorf("read %d bytes on close, closed %v; want %d, closed", body.read, body.closed, c.wantRead)
			}
		})
	}
}
