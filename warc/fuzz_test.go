package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
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
