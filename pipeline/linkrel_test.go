package pipeline_test

import (
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/warc"
)

// TestLinksCSVRel crawls a page on loopback with a body link and a head
// link (<link rel=Appendix>) and a head link that repeats the body link:
// links.csv's rel column says "appendix" for the head link and "" for the
// body link (a URL the body links keeps its body anchor and no rel). A
// replay of the crawl's WARC, which parses the pages again, writes the
// same rows.
func TestLinksCSVRel(t *testing.T) {
	pages := map[string]string{
		"/": `<html><head><title>Home</title><link rel="stylesheet" href="/style.css">
<link title="Index of types" rel=Appendix href="/index_types.html"><link rel=next title="Next" href="/b.html">
</head><body><p>The home page.</p><a href="/b.html">Page B</a></body></html>`,
		"/b.html":           `<html><head><title>B</title></head><body><p>Page B, a page of its own.</p></body></html>`,
		"/index_types.html": `<html><head><title>Index of types</title></head><body><p>Types, listed.</p></body></html>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, h)
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfg := relConfig(t, srv.URL, filepath.Join(dir, "crawl"), `warc: {dir: `+filepath.Join(dir, "warc")+`}`)
	ctx := context.Background()
	if _, err := pipeline.Crawl(ctx, cfg, pipeline.Options{}, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{srv.URL + "/", "0", srv.URL + "/b.html", "Page B", ""},
		{srv.URL + "/", "1", srv.URL + "/index_types.html", "Index of types", "appendix"},
	}
	if got := homeLinks(t, cfg.Out); !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Errorf("links.csv rows of /: %q\nwant %q", got, want)
	}
	srv.Close()

	files, err := filepath.Glob(filepath.Join(dir, "warc", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no WARC files (%v)", err)
	}
	a, errs := warc.OpenArchive(files, warc.WithKey(pipeline.ArchiveKey))
	if a == nil {
		t.Fatalf("open archive: %v", errs)
	}
	defer a.Close()
	re := relConfig(t, srv.URL, filepath.Join(dir, "replay"), "")
	opts, err := pipeline.Replay(ctx, re, a, pipeline.OrderArchive, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Crawl(ctx, re, opts, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got := homeLinks(t, re.Out); !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Errorf("replayed links.csv rows of /: %q\nwant %q", got, want)
	}
}

func relConfig(t *testing.T, site, dir, extra string) *config.Config {
	t.Helper()
	cfg, err := config.Parse(strings.NewReader(`seeds: ["`+site+`/"]
db: `+filepath.Join(dir, "d.db")+`
out: `+filepath.Join(dir, "out")+`
exports: [links]
politeness: {no_delay: true, workers: 1, per_host_parallel: 1}
fetch: {retries: -1}
`+extra+"\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// homeLinks reads out/links.csv: its header must end in rel; it returns
// the rows of the seed page without from_seq.
func homeLinks(t *testing.T, out string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(out, "links.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 || strings.Join(rows[0], ",") != "from_seq,from_url,pos,to_url,anchor,rel" {
		t.Fatalf("links.csv header %q, want from_seq,from_url,pos,to_url,anchor,rel", rows)
	}
	var got [][]string
	for _, r := range rows[1:] {
		if strings.HasSuffix(r[1], "/") {
			got = append(got, r[1:])
		}
	}
	return got
}
