package pipeline_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc/warctest"
)

// TestArchivedCrawlDeflatesOnce crawls a site of UTF-8 pages, one
// Latin-1 page and one gzip-coded page with warc.dir set: the store keeps
// every page's HTML exactly (read back through the standard library's
// gzip, a reader that is not ours), the UTF-8 pages' gzips are the
// archive's deflate of their bodies (the store compressed none of them
// itself), the other two are the store's own, and both WARC readers
// accept the spliced records with their digests.
func TestArchivedCrawlDeflatesOnce(t *testing.T) {
	const n = 30
	page := func(i int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "<html><head><title>Page %d</title></head><body><h1>Page %d é</h1>", i, i)
		for k := range 40 {
			fmt.Fprintf(&b, "<p>Paragraph %d of page %d, with words that repeat so deflate has work.</p>", k, i)
		}
		for j := range n {
			fmt.Fprintf(&b, `<a href="/p/%d">%d</a> `, j, j)
		}
		b.WriteString(`<a href="/latin1">l</a> <a href="/coded">c</a></body></html>`)
		return b.String()
	}
	latin1 := "<html><head><title>Caf\xe9</title></head><body><p>Caf\xe9 cr\xe8me</p></body></html>"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/latin1":
			w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
			io.WriteString(w, latin1)
		case r.URL.Path == "/coded":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			io.WriteString(zw, page(-1))
			zw.Close()
		case strings.HasPrefix(r.URL.Path, "/p/"):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			var i int
			fmt.Sscanf(r.URL.Path, "/p/%d", &i)
			io.WriteString(w, page(i))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	dir := t.TempDir()
	wdir := filepath.Join(dir, "warc")
	db := filepath.Join(dir, "d.db")
	cfg, err := config.Parse(strings.NewReader(`seeds: ["`+srv.URL+`/p/0"]
db: `+db+`
out: `+filepath.Join(dir, "out")+`
politeness: {no_delay: true, workers: 4, per_host_parallel: 4}
fetch: {retries: -1}
dedup: {enabled: false}
warc: {dir: `+wdir+`}
`), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := pipeline.Open(ctx, cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Run(ctx); err != nil {
		t.Fatal(err)
	}
	stored := map[string]string{}
	err = p.Store().Pages(ctx, func(pg *crawl.Page) error {
		stored[pg.URL] = string(pg.HTML)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if len(stored) != n+2 {
		t.Fatalf("%d pages stored, want %d", len(stored), n+2)
	}
	for i := range n {
		if u := fmt.Sprintf("%s/p/%d", srv.URL, i); stored[u] != page(i) {
			t.Errorf("%s stored %d bytes unlike the %d served", u, len(stored[u]), len(page(i)))
		}
	}
	if got := stored[srv.URL+"/latin1"]; !strings.Contains(got, "Café crème") {
		t.Errorf("the Latin-1 page is stored as %q", got)
	}
	if got := stored[srv.URL+"/coded"]; got != page(-1) {
		t.Errorf("the gzip-coded page is stored as %d bytes, want %d", len(got), len(page(-1)))
	}

	// Which gzips came from the archive: ours carry XFL 0 where the
	// store's own level-1 writer sets 4 (RFC 1952 §2.3.1).
	raw, err := sql.Open("sqlite3", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	rows, err := raw.Query(`SELECT url, html FROM pages JOIN page_html USING (seq)`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		var blob []byte
		if err := rows.Scan(&u, &blob); err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(blob))
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		if html, err := io.ReadAll(zr); err != nil || string(html) != stored[u] {
			t.Errorf("%s: the standard library inflates %d bytes (%v), the store read %d", u, len(html), err, len(stored[u]))
		}
		fromArchive := blob[8] == 0
		if own := strings.HasSuffix(u, "/latin1") || strings.HasSuffix(u, "/coded"); own == fromArchive {
			t.Errorf("%s: gzip from the archive %v, want %v", u, fromArchive, !own)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(wdir, "*.warc.gz"))
	types := warctest.Validate(t, files...)
	if types["response"] < n+2 {
		t.Errorf("record types %v, want %d responses at least", types, n+2)
	}
	warctest.NodeCheck(t, types, files...)
}
