package warc_test

import (
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/warc"
)

func TestSURT(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://www.Example.com/A/b?x=1", "com,example)/a/b?x=1"},
		{"https://news.example.co.uk", "uk,co,example,news)/"},
		{"http://127.0.0.1:8080/p/1", "1,0,0,127:8080)/p/1"},
		{"http://example.com:80/", "com,example)/"},
	} {
		if got := warc.SURT(tc.in); got != tc.want {
			t.Errorf("SURT(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCDXJBesideEachFile: the index written when a file closes has a line
// per response, sorted, each pointing at its record; re-indexing the file
// with IndexFile gives the same index.
func TestCDXJBesideEachFile(t *testing.T) {
	file := writeSite(t, t.TempDir())
	written, err := os.ReadFile(file + ".cdxj")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(written)), "\n")
	if len(lines) != len(allPaths) {
		t.Fatalf("%d index lines, want %d", len(lines), len(allPaths))
	}
	f, _ := os.Open(file)
	defer f.Close()
	prev := ""
	for _, l := range lines {
		if l < prev {
			t.Errorf("index not sorted at %q", l)
		}
		prev = l
		parts := strings.SplitN(l, " ", 3)
		var fields map[string]string
		if len(parts) != 3 || json.Unmarshal([]byte(parts[2]), &fields) != nil {
			t.Fatalf("bad line %q", l)
		}
		off, _ := strconv.ParseInt(fields["offset"], 10, 64)
		n, _ := strconv.ParseInt(fields["length"], 10, 64)
		rec, err := warc.NewReaderAt(io.NewSectionReader(f, off, n), file, off).Next()
		if err != nil {
			t.Fatalf("record at %d: %v", off, err)
		}
		if rec.TargetURI() != fields["url"] || rec.Size != n || rec.Type() != "response" || warc.SURT(fields["url"]) != parts[0] {
			t.Errorf("line %q points at %s %s size %d", l, rec.Type(), rec.TargetURI(), rec.Size)
		}
		if !strings.HasPrefix(string(rec.Block), "HTTP/1.1 "+fields["status"]) || !strings.HasPrefix(fields["digest"], "sha1:") {
			t.Errorf("line %q: status or digest do not match the record", l)
		}
	}
	if err := warc.IndexFile(file); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(file + ".cdxj")
	if string(again) != string(written) {
		t.Errorf("IndexFile differs from the index written at close:\n%s\nvs\n%s", again, written)
	}
}
