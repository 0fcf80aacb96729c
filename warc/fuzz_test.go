package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/warc"
)

// FuzzReader: any bytes give records or an *warc.Error naming the file and
// an offset inside it; never a panic, never a record past the end.
func FuzzReader(f *testing.F) {
	plain := "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://a/\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, plain)
	zw.Close()
	f.Add([]byte(plain))
	f.Add(gz.Bytes())
	f.Add(append(gz.Bytes(), plain...))
	f.Add([]byte(plain + plain[:30]))
	f.Add([]byte("<html>not a warc</html>"))
	f.Add([]byte("WARC/1.1\r\nContent-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("WARC/1.1\r\n Folded: x\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	if cc, err := os.ReadFile(commonCrawlSample); err == nil {
		f.Add(cc) // real records of another crawler
	} else {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := warc.NewReader(bytes.NewReader(data), "fuzz.warc")
		for range 1000 {
			rec, err := r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				var we *warc.Error
				if !errors.As(err, &we) || we.File != "fuzz.warc" || we.Offset < 0 || we.Offset > int64(len(data)) {
					t.Fatalf("error %v does not name the file and an offset in it", err)
				}
				if _, err2 := r.Next(); err2 == nil {
					t.Fatal("Next after an error returned a record")
				}
				return
			}
			if rec.Offset < 0 || rec.Offset+rec.Size > int64(len(data)) || rec.Size <= 0 {
				t.Fatalf("record at %d size %d outside %d bytes", rec.Offset, rec.Size, len(data))
			}
			if cl := rec.Header.Get("Content-Length"); cl == "" {
				t.Fatal("record without Content-Length accepted")
			}
		}
	})
}

// FuzzReplay: any file given to OpenArchive and replayed gives responses or
// errors, never a panic; an error of a bad file names the file.
func FuzzReplay(f *testing.F) {
	resp := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello"
	rec := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://a.example/\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(resp), resp)
	f.Add([]byte(rec))
	f.Add([]byte(strings.Replace(rec, "Content-Length: 5", "Content-Length: 50", 1)))
	f.Add([]byte(strings.Replace(rec, "HTTP/1.1 200 OK", "HTTP/1.1 2x", 1)))
	f.Add([]byte(strings.Replace(rec, "Content-Type: text/html", "Content-Encoding: gzip", 1)))
	f.Add([]byte(strings.Replace(rec, "WARC-Type: response", "WARC-Type: revisit", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.warc")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		a, errs := warc.OpenArchive([]string{path})
		for _, err := range errs {
			if !strings.Contains(err.Error(), "warc:") {
				t.Fatalf("error %q does not say where it comes from", err)
			}
		}
		if a == nil {
			return
		}
		defer a.Close()
		client := &http.Client{Transport: warc.NewReplayer(a), CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		for _, u := range a.URLs() {
			req, err := http.NewRequest(http.MethodGet, u, nil)
			if err != nil {
				continue
			}
			resp, err := client.Do(req)
			if err != nil {
				continue
			}
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
			resp.Body.Close()
		}
	})
}
