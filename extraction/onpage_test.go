package extraction_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// TestPrepareFinish holds Prepare then Finish, pages analysed
// concurrently and named in order, to ExtractBatch on pages of cluster 0
// (each page on its own) and, for a cluster, to its columns.
func TestPrepareFinish(t *testing.T) {
	var pages []extraction.Page
	for i := range 8 {
		pages = append(pages, extraction.Page{URL: fmt.Sprintf("http://a.example/%d", i), Doc: parse(t, listOf(3+i, ""))})
	}
	pages = append(pages, extraction.Page{URL: "http://a.example/none", Doc: parse(t, "<p>nothing</p>")})
	want, wantErrs := extraction.NewClusterExtractor(extraction.Config{}).ExtractBatch(context.Background(), pages, 1)
	ce := extraction.NewClusterExtractor(extraction.Config{})
	prep := make([]*extraction.Prepared, len(pages))
	var wg sync.WaitGroup
	for i, p := range pages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			prep[i] = ce.Prepare(context.Background(), p.URL, p.Doc)
		}()
	}
	wg.Wait()
	for i, p := range pages {
		got, err := ce.Finish(0, p.URL, prep[i])
		if err != wantErrs[i] || records(got) != records(want[i]) {
			t.Errorf("%s: Prepare+Finish = %s, %v; ExtractBatch = %s, %v", p.URL, records(got), err, records(want[i]), wantErrs[i])
		}
	}
	// a cluster's pages share its columns: the second page's extra field
	// gets a column after the first page's
	first, _ := ce.Finish(4, "http://a.example/c1", ce.Prepare(context.Background(), "http://a.example/c1", parse(t, listOf(5, ""))))
	second, _ := ce.Finish(4, "http://a.example/c2", ce.Prepare(context.Background(), "http://a.example/c2", parse(t, listOf(6, `<em class="new">new</em>`))))
	if len(first) != 5 || len(second) != 6 || second[0].Cluster != 4 || second[0].PageURL != "http://a.example/c2" {
		t.Fatalf("cluster pages: %d and %d records (%+v); want 5 and 6 of cluster 4", len(first), len(second), second)
	}
	if got, want := fieldString(second[0]), "link=http://a.example/p0 title=Product number 0 text=Snippet 0 of the product list. text_2=10 EUR new"; got != want {
		t.Errorf("cluster page 2 record 0 = %s, want %s", got, want)
	}
	if p := ce.Prepare(context.Background(), "x", nil); p.Err() == nil {
		t.Error("Prepare(nil doc) kept no error")
	}
	if _, err := ce.Finish(0, "x", nil); err == nil {
		t.Error("Finish(nil) gave no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if p := ce.Prepare(ctx, "x", pages[0].Doc); p.Err() == nil {
		t.Error("Prepare with a cancelled context kept no error")
	}
}

func records(recs []crawl.Record) string {
	var b strings.Builder
	for _, r := range recs {
		fmt.Fprintf(&b, "%d %s|", r.Index, fieldString(r))
	}
	return b.String()
}

// TestHookPageAnalysis runs the hook as a page and a batch hook: OnPage
// keeps each page's analysis, OnBatch needs no DOM and names the records
// per cluster; a page over MaxNodes fails alone, counted in OnBatch, not
// in OnPage; a page whose OnPage did not run is extracted from its DOM.
func TestHookPageAnalysis(t *testing.T) {
	var log strings.Builder
	h := extraction.NewHook(extraction.NewClusterExtractor(extraction.Config{MaxNodes: 1000}),
		extraction.WithHookLogger(slog.New(slog.NewTextHandler(&log, nil))), extraction.WithPageAnalysis())
	if h.NeedsDOM() {
		t.Error("NeedsDOM with WithPageAnalysis")
	}
	pages := []*crawl.Page{
		{URL: "http://a.example/1", Doc: parse(t, listOf(4, ""))},
		{URL: "http://a.example/big", Doc: parse(t, listOf(300, ""))}, // over MaxNodes
		{URL: "http://a.example/3", Doc: parse(t, "<p>nothing here</p>")},
	}
	for _, p := range pages {
		if err := h.OnPage(context.Background(), p); err != nil {
			t.Fatalf("OnPage(%s) = %v; want nil", p.URL, err)
		}
		p.Doc = nil // the engine lets the DOM go after OnPage
		p.Cluster = 2
	}
	late := &crawl.Page{URL: "http://a.example/late", Cluster: 2, Doc: parse(t, listOf(3, ""))}
	b := &crawl.Batch{Pages: append(pages, late)}
	if err := h.OnBatch(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, r := range b.Records {
		count[fmt.Sprintf("%s#%d", r.PageURL, r.Cluster)]++
	}
	want := map[string]int{"http://a.example/1#2": 4, "http://a.example/late#2": 3}
	if fmt.Sprint(count) != fmt.Sprint(want) {
		t.Errorf("records per page = %v, want %v", count, want)
	}
	if st := h.Stats(); st.Failed["too-large"] != 1 || st.Lists != 2 || st.None != 1 || st.Records != 7 {
		t.Errorf("stats = %+v; want 1 too-large, 2 lists of 7 records, 1 without", st)
	}
	if !strings.Contains(log.String(), "a.example/big") {
		t.Errorf("log does not name the failed page:\n%s", log.String())
	}
}

// TestHookPageFilter extracts only the pages the filter accepts, on the
// page-analysis path and on the batch path alike, counts the others as
// skipped, and keeps OnPage's decision when a later hook changes what the
// filter reads (the page's records are neither lost nor made up).
func TestHookPageFilter(t *testing.T) {
	relevant := func(p *crawl.Page) bool { return p.Relevant }
	for _, onPage := range []bool{true, false} {
		t.Run(fmt.Sprintf("onPage=%v", onPage), func(t *testing.T) {
			opts := []extraction.HookOption{extraction.WithPageFilter(relevant)}
			if onPage {
				opts = append(opts, extraction.WithPageAnalysis())
			}
			h := extraction.NewHook(extraction.NewClusterExtractor(extraction.Config{}), opts...)
			pages := []*crawl.Page{
				{URL: "http://a.example/on", Relevant: true, Doc: parse(t, listOf(4, ""))},
				{URL: "http://a.example/off", Doc: parse(t, listOf(5, ""))},
				{URL: "http://a.example/turned", Doc: parse(t, listOf(6, ""))},
			}
			for _, p := range pages {
				if onPage {
					if err := h.OnPage(context.Background(), p); err != nil {
						t.Fatal(err)
					}
					p.Doc = nil
				}
			}
			pages[2].Relevant = true // a later hook's change: OnPage's decision stands
			b := &crawl.Batch{Pages: pages}
			if err := h.OnBatch(context.Background(), b); err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			for _, r := range b.Records {
				count[r.PageURL]++
			}
			want := map[string]int{"http://a.example/on": 4}
			wantSkipped := 2
			if !onPage { // OnBatch reads the page as it is then
				want["http://a.example/turned"] = 6
				wantSkipped = 1
			}
			if fmt.Sprint(count) != fmt.Sprint(want) {
				t.Errorf("records per page = %v, want %v", count, want)
			}
			if st := h.Stats(); st.Skipped != wantSkipped || st.Lists != len(want) || st.None != 0 {
				t.Errorf("stats = %+v; want %d skipped, %d lists", st, wantSkipped, len(want))
			}
		})
	}
}
