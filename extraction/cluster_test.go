package extraction_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// listOf renders a list page of n records on one template.
func listOf(n int, extra string) string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="top"><a href="/">Home</a></div><div id="main"><ul class="results">`)
	for i := range n {
		fmt.Fprintf(&b, `<li class="r"><a href="/p%d">Product number %d</a><p class="snip">Snippet %d of the product list.</p><span class="price">%d EUR</span>%s</li>`, i, i, i, 10+i, extra)
	}
	b.WriteString(`</ul></div></body></html>`)
	return b.String()
}

func TestClusterExtractorReuses(t *testing.T) {
	ce := extraction.NewClusterExtractor(extraction.Config{})
	first, err := ce.Extract(7, "http://a.example/1", parse(t, listOf(5, "")))
	if err != nil || len(first) != 5 {
		t.Fatalf("first page: %d records, %v; want 5", len(first), err)
	}
	second, err := ce.Extract(7, "http://a.example/2", parse(t, listOf(8, `<em class="new">new</em>`)))
	if err != nil || len(second) != 8 {
		t.Fatalf("second page: %d records, %v; want 8", len(second), err)
	}
	if reused, fallback := ce.Stats(7); reused != 1 || fallback != 0 {
		t.Errorf("Stats = %d reused, %d fallback; want 1, 0", reused, fallback)
	}
	// columns named by role, links absolute; the names a cluster gave stay
	want := "link=http://a.example/p0 title=Product number 0 text=Snippet 0 of the product list. price=10 EUR"
	if got := fieldString(first[0]); got != want {
		t.Errorf("page 1 record 0 = %s, want %s", got, want)
	}
	want = "link=http://a.example/p0 title=Product number 0 text=Snippet 0 of the product list. text_2=10 EUR new"
	if got := fieldString(second[0]); got != want {
		t.Errorf("page 2 record 0 = %s, want %s", got, want)
	}
	if r := second[3]; r.Cluster != 7 || r.PageURL != "http://a.example/2" || r.Index != 3 {
		t.Errorf("record = %+v", r)
	}
	// a page of the cluster where the learned region is absent falls back
	other := `<html><body><table><tr><td><a href="/x">X one</a></td><td>1</td></tr><tr><td><a href="/y">Y two</a></td><td>2</td></tr><tr><td><a href="/z">Z three</a></td><td>3</td></tr></table></body></html>`
	recs, err := ce.Extract(7, "http://a.example/3", parse(t, other))
	if err != nil || len(recs) != 3 {
		t.Errorf("fallback page: %d records, %v; want 3", len(recs), err)
	}
	if _, fallback := ce.Stats(7); fallback != 1 {
		t.Errorf("fallback count = %d, want 1", fallback)
	}
	if _, err := ce.Extract(7, "x", nil); err == nil {
		t.Error("Extract(nil doc) gave no error")
	}
}

func TestHook(t *testing.T) {
	h := extraction.NewHook(extraction.NewClusterExtractor(extraction.Config{}))
	b := &crawl.Batch{Pages: []*crawl.Page{
		{URL: "http://a.example/1", Cluster: 3, Doc: parse(t, listOf(4, ""))},
		{URL: "http://a.example/2", Cluster: 3},                                       // no DOM: skipped
		{URL: "http://a.example/3", Cluster: 0, Doc: parse(t, listOf(3, ""))},         // unclustered: per page
		{URL: "http://a.example/4", Cluster: 3, Doc: parse(t, "<p>nothing here</p>")}, // no records
	}}
	if err := h.OnBatch(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, r := range b.Records {
		count[fmt.Sprintf("%s#%d", r.PageURL, r.Cluster)]++
	}
	want := map[string]int{"http://a.example/1#3": 4, "http://a.example/3#0": 3}
	if fmt.Sprint(count) != fmt.Sprint(want) {
		t.Errorf("records per page = %v, want %v", count, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := h.OnBatch(ctx, b); err == nil {
		t.Error("OnBatch with a cancelled context gave no error")
	}
}

func fieldString(r crawl.Record) string {
	var parts []string
	for _, f := range r.Fields {
		parts = append(parts, f.Name+"="+f.Value)
	}
	return strings.Join(parts, " ")
}

// TestExtractBatch checks that a batch extracted on several goroutines
// gives the records one goroutine gives, that a bad page fails alone and
// that the cluster learns from the batch.
func TestExtractBatch(t *testing.T) {
	var pages []extraction.Page
	for i := range 12 {
		pages = append(pages, extraction.Page{Cluster: int64(1 + i%2), URL: fmt.Sprintf("http://a.example/%d", i), Doc: parse(t, listOf(3+i, ""))})
	}
	pages[5].Doc = nil
	run := func(workers int) string {
		ce := extraction.NewClusterExtractor(extraction.Config{})
		var b strings.Builder
		for round := range 2 { // the second round applies what the first learned
			recs, errs := ce.ExtractBatch(context.Background(), pages, workers)
			for i := range pages {
				fmt.Fprintf(&b, "%d %d %v:", round, i, errs[i])
				for _, r := range recs[i] {
					b.WriteString(" " + fieldString(r))
				}
				b.WriteByte('\n')
			}
		}
		if reused, _ := ce.Stats(1); reused != 6 {
			t.Errorf("cluster 1 reused its shape on %d pages, want its 6 pages of round 2", reused)
		}
		return b.String()
	}
	one, four := run(1), run(4)
	if one != four {
		t.Errorf("4 workers:\n%s\n1 worker:\n%s", four, one)
	}
	if !strings.Contains(one, "0 5 extraction: no document:") || !strings.Contains(one, "0 4 <nil>: link=http://a.example/p0") {
		t.Errorf("batch result:\n%s", one)
	}
}

// A page whose extraction fails is counted by kind and logged; the other
// pages of the batch still get their records.
func TestHookFailedPageGoesOn(t *testing.T) {
	var log strings.Builder
	h := extraction.NewHook(extraction.NewClusterExtractor(extraction.Config{MaxNodes: 200}),
		extraction.WithHookLogger(slog.New(slog.NewTextHandler(&log, nil))))
	b := &crawl.Batch{Pages: []*crawl.Page{
		{URL: "http://a.example/big", Doc: parse(t, listOf(300, ""))}, // over MaxNodes
		{URL: "http://a.example/ok", Doc: parse(t, listOf(4, ""))},
	}}
	if err := h.OnBatch(context.Background(), b); err != nil {
		t.Fatalf("OnBatch = %v; want the failed page counted, not an error", err)
	}
	st := h.Stats()
	if st.Failed["too-large"] != 1 || st.Lists != 1 || st.Records != 4 {
		t.Errorf("stats = %+v; want 1 too-large, 1 list of 4 records", st)
	}
	if len(b.Records) != 4 || b.Records[0].PageURL != "http://a.example/ok" {
		t.Errorf("records = %d (first %+v); want the 4 of the good page", len(b.Records), b.Records)
	}
	if !strings.Contains(log.String(), "a.example/big") || !strings.Contains(log.String(), "too-large") {
		t.Errorf("log does not name the failed page and its kind:\n%s", log.String())
	}
}
