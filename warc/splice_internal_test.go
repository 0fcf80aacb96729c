package warc

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

// inflate reads one gzip member with the standard library's reader.
func inflate(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	zr.Multistream(false)
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if rest, _ := io.ReadAll(zr); len(rest) > 0 {
		t.Fatalf("%d bytes after the member", len(rest))
	}
	return out
}

// FuzzSplice: for any parts, the spliced member inflates (standard
// library, CRC and size checked) to head, block, body and the record's
// end, and the body's gzip of its own to the body.
func FuzzSplice(f *testing.F) {
	f.Add([]byte("WARC/1.1\r\n\r\n"), []byte("HTTP/1.1 200 OK\r\n\r\n"), []byte("<html>"+strings.Repeat("body ", 5000)+"</html>"))
	f.Add([]byte{}, []byte{}, []byte{0})
	f.Add([]byte("h"), []byte("b"), bytes.Repeat([]byte{0xff, 0, 1}, 70000))
	s := newSplicer()
	f.Fuzz(func(t *testing.T, head, block, body []byte) {
		var out bytes.Buffer
		out.WriteString("before")
		if err := s.spliced(&out, head, block, body); err != nil {
			t.Fatal(err)
		}
		want := bytes.Join([][]byte{head, block, body, endOfRecord}, nil)
		if got := inflate(t, out.Bytes()[len("before"):]); !bytes.Equal(got, want) {
			t.Fatalf("member inflates to %d bytes, want %d", len(got), len(want))
		}
		if got := inflate(t, s.bodyGzip(body)); !bytes.Equal(got, body) {
			t.Fatalf("body gzip inflates to %d bytes, want %d", len(got), len(body))
		}
	})
}

// BenchmarkSplice is the cost of a response member built by splicing, the
// body's gzip of its own included, against one gzip member of the same
// bytes (what a record cost before).
func BenchmarkSplice(b *testing.B) {
	head := []byte("WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 40000\r\n\r\n")
	block := []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n")
	var body []byte
	for i := 0; len(body) < 40000; i++ {
		body = append(body, "<tr><td>row "+strings.Repeat("x", i%7)+" of a table</td><td>value</td></tr>\n"...)
	}
	b.Run("spliced", func(b *testing.B) {
		s := newSplicer()
		var out bytes.Buffer
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			out.Reset()
			if err := s.spliced(&out, head, block, body); err != nil {
				b.Fatal(err)
			}
			_ = s.bodyGzip(body)
		}
	})
	b.Run("one-member", func(b *testing.B) {
		e := encoders.Get().(*encoder)
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			e.buf.Reset()
			if err := e.member(e.zw, head, block, body); err != nil {
				b.Fatal(err)
			}
		}
	})
}
