package warc_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/warc"
	"github.com/crawl-project/crawl/warc/warctest"
)

// TestWriterConcurrent writes exchanges from several goroutines while
// another flushes and fsyncs, into files small enough to rotate often:
// every record must be in a file, whole (both readers, every digest), and
// every response must be found by its file's CDXJ index. Run with -race.
func TestWriterConcurrent(t *testing.T) {
	const writers, each = 4, 40
	dir := t.TempDir()
	w, err := warc.New(warc.Config{Dir: dir, MaxSize: 20 << 10})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	flushed := make(chan error, 1)
	go func() {
		var err error
		for err == nil {
			select {
			case <-stop:
				flushed <- nil
				return
			default:
			}
			err = w.Flush()
			if err == nil {
				err = w.Sync()
			}
		}
		flushed <- err
	}()
	bodies := map[string][]byte{}
	for g := range writers {
		for i := range each {
			url := fmt.Sprintf("http://127.0.0.1:8080/g%d/p%d", g, i)
			bodies[url] = []byte(strings.Repeat(fmt.Sprintf("<p>page %d of writer %d</p>\n", i, g), 20+i))
		}
	}
	for g := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				url := fmt.Sprintf("http://127.0.0.1:8080/g%d/p%d", g, i)
				body := bodies[url]
				x := warc.Exchange{URL: url, IP: "127.0.0.1", Date: time.Now(),
					Request:  []byte("GET /p HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"),
					Response: fmt.Appendf(nil, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n", len(body)),
					Body:     body}
				if err := w.WriteExchange(x); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	if err := <-flushed; err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	if len(files) < 3 {
		t.Fatalf("%d files: want rotations", len(files))
	}
	types := warctest.Validate(t, files...)
	want := map[string]int{"warcinfo": len(files), "request": writers * each, "response": writers * each}
	for k, v := range want {
		if types[k] != v {
			t.Errorf("%s records = %d, want %d", k, types[k], v)
		}
	}
	warctest.NodeCheck(t, want, files...)
	a, errs := warc.OpenArchive(files)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer a.Close()
	for url, body := range bodies {
		rec, err := a.Lookup(url)
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		if _, got, _ := bytes.Cut(rec.Block, []byte("\r\n\r\n")); !bytes.Equal(got, body) {
			t.Errorf("%s: body of %d bytes, want %d", url, len(got), len(body))
		}
	}
}
