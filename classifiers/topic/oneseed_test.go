package topic_test

import (
	"context"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// TestOneSeedPage: a topic given by one seed page (a crawl whose topic is
// its one seed URL) calibrates a threshold pages other than the seed can
// reach. Over the Python 3.11 subset (59 real pages, in name order) with
// library/asyncio-future.html as the seed, its sibling asyncio-sync.html
// is relevant and most pages are not, and the first pages get a relevance.
// Before, the seed's cosine to itself (1) stood in for its leave-one-out
// cosine, the threshold stayed at 1 and no page but the seed was relevant;
// and every seed word had IDF 0 until the first refresh, 10 pages in.
func TestOneSeedPage(t *testing.T) {
	docs, err := docsubset.Read(docsubset.Python311)
	if err != nil {
		t.Fatal(err)
	}
	const base = "http://docs.test/"
	pages := make([]crawl.Page, len(docs))
	var seed topic.SeedPage
	for i, d := range docs {
		doc, err := htmldecode.Parse(d.Body, "text/html; charset=utf-8")
		if err != nil {
			t.Fatal(err)
		}
		u := base + strings.TrimPrefix(d.Path, "./")
		pages[i] = crawl.Page{URL: u, FinalURL: u, Doc: doc}
		if strings.HasSuffix(u, "library/asyncio-future.html") {
			seed = topic.SeedPage{URL: u, Doc: doc}
		}
	}
	if seed.Doc == nil {
		t.Fatal("the subset has no library/asyncio-future.html")
	}
	m, err := topic.NewFromPages(topic.Config{}, []topic.SeedPage{seed})
	if err != nil {
		t.Fatal(err)
	}
	h, err := topic.NewHook(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pages {
		if err := h.OnPage(context.Background(), &pages[i]); err != nil {
			t.Fatal(err)
		}
	}
	early := 0 // pages judged before the schedule's first refresh with a relevance at all
	for _, p := range pages[:9] {
		if p.Relevance > 0 {
			early++
		}
	}
	if early < 5 {
		t.Errorf("%d of the first 9 pages have a relevance above 0: the seed's words weighed nothing until the first refresh", early)
	}
	th := m.Threshold()
	relevant := map[string]bool{}
	for _, p := range pages {
		if p.Relevance >= th {
			relevant[strings.TrimPrefix(p.URL, base)] = true
		}
	}
	t.Logf("threshold %.3f, %d of %d pages at or above it: %v", th, len(relevant), len(pages), relevant)
	if th >= 1 {
		t.Fatalf("threshold %.3f: no page but the seed can be relevant", th)
	}
	if !relevant["library/asyncio-sync.html"] {
		t.Error("library/asyncio-sync.html, the seed's sibling, is not relevant")
	}
	if len(relevant) > len(pages)/4 {
		t.Errorf("%d of %d pages relevant: the threshold tells nothing apart", len(relevant), len(pages))
	}
}
