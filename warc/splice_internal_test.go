package warc

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
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
// end, the body's gzip of its own to the body, and the stored member of
// the same parts to the same bytes.
func FuzzSplice(f *testing.F) {
	f.Add([]byte("WARC/1.1\r\n\r\n"), []byte("HTTP/1.1 200 OK\r\n\r\n"), []byte("<html>"+strings.Repeat("body ", 5000)+"</html>"))
	f.Add([]byte{}, []byte{}, []byte{0})
	f.Add([]byte("h"), []byte("b"), bytes.Repeat([]byte{0xff, 0, 1}, 70000))
	f.Add(bytes.Repeat([]byte("h"), maxStored-1), []byte("bb"), []byte{})
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
		out.Reset()
		storedMember(&out, head, block, body)
		if got := inflate(t, out.Bytes()); !bytes.Equal(got, want) {
			t.Fatalf("stored member inflates to %d bytes, want %d", len(got), len(want))
		}
	})
}

// TestStoredBlocks: parts of any sizes, across the 65,535 bytes a stored
// block holds, inflate to their concatenation in as few blocks as fit.
func TestStoredBlocks(t *testing.T) {
	for _, sizes := range [][]int{{}, {0, 0}, {1}, {maxStored}, {maxStored + 1}, {maxStored - 1, 0, 2}, {3 * maxStored, 7, maxStored}} {
		t.Run(fmt.Sprint(sizes), func(t *testing.T) {
			var parts [][]byte
			total := 0
			for i, n := range sizes {
				parts = append(parts, bytes.Repeat([]byte{byte('a' + i)}, n))
				total += n
			}
			var out bytes.Buffer
			storedMember(&out, parts...)
			want := append(bytes.Join(parts, nil), endOfRecord...)
			if got := inflate(t, out.Bytes()); !bytes.Equal(got, want) {
				t.Fatalf("inflates to %d bytes, want %d", len(got), len(want))
			}
			blocks := (total + maxStored - 1) / maxStored
			if wantLen := len(gzipHeader) + 5*blocks + total + len(recordEnd) + 8; out.Len() != wantLen {
				t.Errorf("member of %d bytes, want %d (%d stored blocks)", out.Len(), wantLen, blocks)
			}
		})
	}
}

// BenchmarkSplice is the cost of a response member built by splicing, the
// body's gzip of its own included, against one gzip member of the same
// bytes at the same level (what a record cost before).
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
		var out bytes.Buffer
		zw, _ := kgzip.NewWriterLevel(&out, gzipLevel)
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			out.Reset()
			zw.Reset(&out)
			for _, p := range [][]byte{head, block, body, endOfRecord} {
				zw.Write(p)
			}
			if err := zw.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
