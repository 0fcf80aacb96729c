package extraction_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
	"golang.org/x/net/html"
)

// docPage is one real documentation page of internal/docsubset's Docs.
type docPage struct {
	name string
	url  string
	raw  []byte
	doc  *html.Node
}

func docPages(tb testing.TB) []docPage {
	tb.Helper()
	pages, err := docsubset.Read(docsubset.Docs)
	if err != nil || len(pages) == 0 {
		tb.Fatalf("no doc pages: %v", err)
	}
	var out []docPage
	for _, p := range pages {
		doc, err := htmldecode.Parse(p.Body, "text/html")
		if err != nil {
			tb.Fatal(err)
		}
		name := strings.TrimSuffix(p.Path, ".html")
		_, path, _ := strings.Cut(name, "-")
		url := "http://127.0.0.1:8000/" + strings.ReplaceAll(path, "library-", "library/") + ".html"
		out = append(out, docPage{name: name, url: url, raw: p.Body, doc: doc})
	}
	return out
}

// TestDocPages checks real documentation pages: API entries are records
// (signature as title, its anchor as an absolute link, the description as
// summary), no table is wider than MaxColumns, no permalink sign is glued
// to a title, and every page is extracted without error.
func TestDocPages(t *testing.T) {
	want := map[string]struct {
		min   int
		title string
		link  string
	}{
		"python-library-socket":       {40, "exception socket.error", "http://127.0.0.1:8000/library/socket.html#socket.error"},
		"python-library-asyncio-task": {12, "asyncio.create_task(coro, *, name=None, context=None)", "http://127.0.0.1:8000/library/asyncio-task.html#asyncio.create_task"},
		"python-library-os":           {40, "", ""},
		"postgresql-functions-info":   {20, "", ""},
	}
	for _, p := range docPages(t) {
		t.Run(p.name, func(t *testing.T) {
			ce := extraction.NewClusterExtractor(extraction.Config{})
			recs, err := ce.Extract(0, p.url, p.doc)
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]bool{}
			for _, r := range recs {
				for _, f := range r.Fields {
					names[f.Name] = true
					if strings.Contains(f.Value, "¶") {
						t.Errorf("record %d %s = %q holds a pilcrow", r.Index, f.Name, f.Value)
					}
				}
			}
			if len(names) > extraction.MaxColumns {
				t.Errorf("%d columns, want at most %d", len(names), extraction.MaxColumns)
			}
			w, ok := want[p.name]
			if !ok {
				return
			}
			if len(recs) < w.min {
				t.Fatalf("%d records, want at least %d", len(recs), w.min)
			}
			if w.title != "" && (value(recs[0], "title") != w.title || value(recs[0], "link") != w.link) {
				t.Errorf("record 0 = %s; want title %q, link %q", fieldString(recs[0]), w.title, w.link)
			}
		})
	}
}

func value(r crawl.Record, name string) string {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// BenchmarkDocPages extracts the records of the real documentation pages
// of internal/docsubset's Docs one after the other (ms/page = ns/op / pages), from
// parsed DOMs as the batch hook sees them; records per run are asserted.
func BenchmarkDocPages(b *testing.B) {
	pages := docPages(b)
	ce := extraction.NewClusterExtractor(extraction.Config{})
	want := 0
	size := 0
	for _, p := range pages {
		recs, err := ce.Extract(0, p.url, p.doc)
		if err != nil {
			b.Fatal(err)
		}
		want += len(recs)
		size += len(p.raw)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		got := 0
		for _, p := range pages {
			recs, _ := ce.Extract(0, p.url, p.doc)
			got += len(recs)
		}
		if got != want {
			b.Fatalf("%d records, want %d", got, want)
		}
	}
	b.ReportMetric(float64(len(pages)), "pages")
	b.ReportMetric(float64(want), "records")
}
