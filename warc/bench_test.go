package warc_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/warc"
)

// BenchmarkWriteExchange writes one exchange of a 16 KB HTML page: the
// cost a crawl pays per page for its archive.
//
//	go test ./warc -run '^$' -bench WriteExchange
func BenchmarkWriteExchange(b *testing.B) {
	var page strings.Builder
	for i := 0; page.Len() < 16<<10; i++ {
		fmt.Fprintf(&page, "<p><a href=\"/p/%d\">item %d</a> words about the page %d and its topic</p>\n", i, i, i*7)
	}
	x := warc.Exchange{
		URL: "http://127.0.0.1:8080/p/1", IP: "127.0.0.1", Date: time.Now(),
		Request:  []byte("GET /p/1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: crawl/1.0\r\nAccept-Encoding: gzip\r\n\r\n"),
		Response: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 16400\r\n\r\n"),
		Body:     []byte(page.String()),
	}
	w, err := warc.New(warc.Config{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(x.Body)))
	for b.Loop() {
		if err := w.WriteExchange(x); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(w.Files()[0])
	if err != nil || st.Size() == 0 {
		b.Fatalf("nothing written: %v", err)
	}
	b.ReportMetric(float64(st.Size())/float64(b.N)/float64(len(x.Body)), "file-bytes/body-byte")
}
