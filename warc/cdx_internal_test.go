package warc

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

// statusAndTypeRef is the reading of an HTTP head that statusAndType
// replaced (it copied the head and split it): the reference it must agree
// with.
func statusAndTypeRef(block []byte) (int, string) {
	head := string(block[:min(len(block), 8<<10)])
	if i := strings.Index(head, "\r\n\r\n"); i >= 0 {
		head = head[:i]
	}
	lines := strings.Split(head, "\r\n")
	status := 0
	if f := strings.Fields(lines[0]); len(f) > 1 && strings.HasPrefix(f[0], "HTTP/") {
		status, _ = strconv.Atoi(f[1])
	}
	for _, l := range lines[1:] {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "Content-Type") {
			mt, _, _ := strings.Cut(strings.TrimSpace(v), ";")
			return status, strings.TrimSpace(mt)
		}
	}
	return status, ""
}

// FuzzStatusAndType checks statusAndType against the reference on any
// bytes.
func FuzzStatusAndType(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 3\r\n\r\nabc",
		"HTTP/1.0  404\tNot Found\r\ncontent-type :  text/plain \r\n\r\n",
		"HTTP/1.1 304 Not Modified\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
		"HTTP/1.1\r\nContent-Type:\r\n",
		"\u00a0HTTP/1.1\u2003301 Moved\r\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		gs, gt := statusAndType(b)
		ws, wt := statusAndTypeRef(b)
		if gs != ws || gt != wt {
			t.Fatalf("statusAndType(%q) = %d %q, the reference %d %q", b, gs, gt, ws, wt)
		}
	})
}

// TestCDXLineAsMap checks that a CDXJ line's JSON is what marshalling the
// map of its fields gives (the format of the files written before).
func TestCDXLineAsMap(t *testing.T) {
	at := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	for _, e := range []CDXEntry{
		{URL: "http://127.0.0.1:8080/p?q=<a>&b=\"c\"", Time: at, Status: 200, MIME: "text/html", Digest: "sha1:ABC", Offset: 12, Length: 345, Filename: "crawl-1.warc.gz"},
		{URL: "http://example.com/", Time: at, Status: 304, Digest: "", Offset: 0, Length: 1, Filename: "f", revisit: true},
		{URL: "http://example.com/é\u2028", Time: at, Filename: ""},
	} {
		fields := map[string]string{"url": e.URL, "filename": e.Filename,
			"offset": strconv.FormatInt(e.Offset, 10), "length": strconv.FormatInt(e.Length, 10)}
		if e.Status != 0 {
			fields["status"] = strconv.Itoa(e.Status)
		}
		if e.MIME != "" {
			fields["mime"] = e.MIME
		}
		if e.Digest != "" {
			fields["digest"] = e.Digest
		}
		if e.revisit {
			fields["revisit"] = "true"
		}
		js, err := json.Marshal(fields)
		if err != nil {
			t.Fatal(err)
		}
		want := SURT(e.URL) + " 20261125100000 " + string(js)
		if got := e.line(); got != want {
			t.Errorf("line:\n got %s\nwant %s", got, want)
		}
	}
}

func TestContentCoded(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n", true},
		{"HTTP/1.1 200 OK\r\ncontent-encoding :br\r\nContent-Type: text/html\r\n\r\n", true},
		{"HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\n\r\n", false},
		{"HTTP/1.1 200 OK\r\nContent-Encoding:\r\n\r\n", false},
		{"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", false},
		{"Content-Encoding: gzip\r\n\r\n", false}, // a status line, not a field
		{"", false},
	} {
		t.Run(tc.head, func(t *testing.T) {
			if got := contentCoded([]byte(tc.head)); got != tc.want {
				t.Errorf("contentCoded = %v, want %v", got, tc.want)
			}
		})
	}
}
