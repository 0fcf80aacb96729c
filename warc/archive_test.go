package warc_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/warc"
)

// writeSite records the test site into dir and returns the closed file.
func writeSite(t *testing.T, dir string) string {
	t.Helper()
	srv := site(t)
	w, err := warc.New(warc.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fetchAll(t, srv, w, allPaths, nil)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.Files()[0]
}

// TestBadInputNamesFileAndOffset: truncated, non-gzip, mixed and non-WARC
// files each give an error naming the file and the offset of the bad
// record; the records before it and the good files are indexed.
func TestBadInputNamesFileAndOffset(t *testing.T) {
	dir := t.TempDir()
	good := writeSite(t, filepath.Join(dir, "good"))
	data, _ := os.ReadFile(good)
	own := readOwn(t, good)
	last := own[len(own)-1]

	var plain bytes.Buffer
	zr, _ := gzip.NewReader(bytes.NewReader(data))
	io.Copy(&plain, zr) // the whole file uncompressed: a valid uncompressed WARC

	files := map[string]struct {
		data      []byte
		offset    int64
		wantInErr string
	}{
		"truncated.warc.gz":  {data[:len(data)-10], last.Offset, "gzip"},
		"garbage.warc.gz":    {[]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 'x', 'y', 'z'}, 0, "gzip"},
		"mixed.warc.gz":      {append(append([]byte{}, data...), plain.Bytes()[:200]...), int64(len(data)), "mixes compressed and uncompressed"},
		"page.html":          {[]byte("<!doctype html><html><body>not an archive</body></html>\n"), 0, "not a WARC file"},
		"mixed-version.warc": {append(append([]byte{}, plain.Bytes()...), []byte("WARC/0.9\r\nContent-Length: 0\r\n\r\n\r\n\r\n")...), int64(plain.Len()), "not WARC/1.0 or WARC/1.1"},
	}
	var paths []string
	for name, f := range files {
		p := filepath.Join(dir, name)
		os.WriteFile(p, f.data, 0o644)
		paths = append(paths, p)
	}
	paths = append(paths, good)
	a, errs := warc.OpenArchive(paths)
	if a == nil {
		t.Fatalf("no archive: %v", errs)
	}
	if len(errs) != len(files) {
		t.Errorf("%d errors, want %d: %v", len(errs), len(files), errs)
	}
	for _, err := range errs {
		var we *warc.Error
		if !errors.As(err, &we) {
			t.Errorf("error %v is not a *warc.Error", err)
			continue
		}
		f := files[filepath.Base(we.File)]
		if we.Offset != f.offset || !strings.Contains(err.Error(), f.wantInErr) || !strings.Contains(err.Error(), we.File) {
			t.Errorf("%s: error %q at offset %d, want offset %d and %q", filepath.Base(we.File), err, we.Offset, f.offset, f.wantInErr)
		}
	}
	// every URL of the test site was indexed (from the good file, and
	// from what the bad ones held before their bad record)
	for _, p := range allPaths {
		found := false
		for _, u := range a.URLs() {
			if strings.HasSuffix(u, p) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s not indexed", p)
		}
	}
}

// TestReplayerAnswersAsRecorded: the replayed responses carry the status,
// headers and bodies the recorder's caller saw.
func TestReplayerAnswersAsRecorded(t *testing.T) {
	srv := site(t)
	dir := t.TempDir()
	w, err := warc.New(warc.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	live := fetchAll(t, srv, w, allPaths, nil)
	w.Close()
	a, errs := warc.OpenArchive(w.Files())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	client := &http.Client{Transport: warc.NewReplayer(a), CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, p := range allPaths {
		resp, err := client.Get(srv.URL + p)
		if err != nil {
			t.Fatalf("replay %s: %v", p, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != live[p] {
			t.Errorf("replay %s: body %.40q, live %.40q", p, b, live[p])
		}
	}
	srv.Close() // the replay never needed it
	if _, err := client.Get(srv.URL + "/never-fetched"); !errors.Is(err, warc.ErrNotArchived) {
		t.Errorf("a URL not archived: %v, want ErrNotArchived", err)
	}
}

// TestArchiveUsesIndex: an archive opened through the CDXJ indexes beside
// the files equals one opened by reading them; a file cut short after its
// index was written is read whole, and its bad record reported.
func TestArchiveUsesIndex(t *testing.T) {
	file := writeSite(t, t.TempDir())
	indexed, errs := warc.OpenArchive([]string{file})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer indexed.Close()
	data, _ := os.ReadFile(file)
	plainDir := t.TempDir()
	plain := filepath.Join(plainDir, filepath.Base(file))
	os.WriteFile(plain, data, 0o644) // no .cdxj beside it
	scanned, errs := warc.OpenArchive([]string{plain})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer scanned.Close()
	if a, b := strings.Join(indexed.URLs(), " "), strings.Join(scanned.URLs(), " "); a != b {
		t.Errorf("URLs indexed %s, scanned %s", a, b)
	}
	for _, u := range scanned.URLs() {
		r1, err1 := indexed.Lookup(u)
		r2, err2 := scanned.Lookup(u)
		if err1 != nil || err2 != nil || string(r1.Block) != string(r2.Block) || r1.Offset != r2.Offset {
			t.Errorf("Lookup(%s) differs: %v %v", u, err1, err2)
		}
	}
	if indexed.InfoField("software") == "" {
		t.Error("the warcinfo record was not read with the index")
	}
	// cut the file after its index was written
	cdx, _ := os.ReadFile(file + ".cdxj")
	os.WriteFile(plain, data[:len(data)-20], 0o644)
	os.WriteFile(plain+".cdxj", cdx, 0o644)
	a, errs := warc.OpenArchive([]string{plain})
	if a == nil || len(errs) != 1 || !strings.Contains(errs[0].Error(), plain) {
		t.Errorf("a file cut short under a stale index: errors %v", errs)
	}
}

// TestCutBodyReplaysAsCut: a body whose read failed in the crawl (its
// deadline passed: WARC-Truncated time; the server dropped the connection:
// disconnect) is replayed as its archived bytes followed by a failure (a
// timeout for time), so the replay fails the fetch as the crawl did
// instead of taking the cut body for a whole page.
func TestCutBodyReplaysAsCut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", "1000")
		io.WriteString(w, "<html><body>the first part")
		w.(http.Flusher).Flush()
		if r.URL.Path == "/drop" {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		<-r.Context().Done() // the rest never comes
	}))
	defer srv.Close()
	for _, c := range []struct{ path, cut string }{{"/slow", "time"}, {"/drop", "disconnect"}} {
		t.Run(c.cut, func(t *testing.T) {
			dir := t.TempDir()
			w, err := warc.New(warc.Config{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+c.path, nil)
			resp, err := (&http.Client{Transport: warc.NewRecorder(http.DefaultTransport.(*http.Transport).Clone(), w)}).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, liveErr := io.ReadAll(resp.Body)
			resp.Body.Close()
			if liveErr == nil {
				t.Fatal("the live read did not fail")
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			recs := readOwn(t, w.Files()[0])
			if last := recs[len(recs)-1]; last.Type() != "response" || last.Header.Get("WARC-Truncated") != c.cut {
				t.Fatalf("last record %s, WARC-Truncated %q, want a response cut for %s (live: %v)", last.Type(), last.Header.Get("WARC-Truncated"), c.cut, liveErr)
			}
			a, errs := warc.OpenArchive(w.Files())
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			defer a.Close()
			resp, err = (&http.Client{Transport: warc.NewReplayer(a)}).Get(srv.URL + c.path)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			var ne net.Error
			if !errors.As(err, &ne) || ne.Timeout() != (c.cut == "time") || string(body) != "<html><body>the first part" {
				t.Errorf("replayed: %q, %v; want the first part, then a failure (a timeout: %v)", body, err, c.cut == "time")
			}
		})
	}
}
