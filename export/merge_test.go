package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// shard opens a store holding pages (url → its out-links) and failures.
func shard(t *testing.T, pages map[string][]string, order []string, failures ...string) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := tempStore(t)
	var ps []*crawl.Page
	for i, u := range order {
		p := &crawl.Page{Seq: int64(i + 1), URL: u, Status: 200, FetchedAt: time.Unix(int64(i), 0), HTML: []byte("<p>x"), Title: "t " + u}
		for _, l := range pages[u] {
			p.Links = append(p.Links, crawl.Link{URL: l})
		}
		ps = append(ps, p)
	}
	var fs []crawl.Failure
	for _, u := range failures {
		fs = append(fs, crawl.Failure{URL: u, Kind: "http-404", At: time.Unix(9, 0)})
	}
	if err := st.SaveResults(ctx, ps, fs); err != nil {
		t.Fatal(err)
	}
	return st
}

func mergedCSV(t *testing.T, stores []*store.Store, what string) [][]string {
	t.Helper()
	var b bytes.Buffer
	if err := export.WriteMerged(context.Background(), stores, what, "csv", &b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// TestWriteMerged: a URL stored by two shards comes out once, from the
// first store given; pages are numbered again and links follow their page;
// a failure of a URL another shard stored as a page is left out.
func TestWriteMerged(t *testing.T) {
	a := shard(t, map[string][]string{"http://a/1": {"http://a/2"}, "http://a/dup": {"http://a/x"}},
		[]string{"http://a/1", "http://a/dup"}, "http://a/404", "http://b/1")
	b := shard(t, map[string][]string{"http://b/1": {"http://b/2", "http://b/3"}, "http://a/dup": {"http://a/y"}},
		[]string{"http://a/dup", "http://b/1"}, "http://a/404")
	stores := []*store.Store{a, b}
	pages := mergedCSV(t, stores, "pages")
	var got []string
	for _, r := range pages {
		got = append(got, r[0]+" "+r[1])
	}
	if want := "1 http://a/1|2 http://a/dup|3 http://b/1"; strings.Join(got, "|") != want {
		t.Errorf("merged pages = %v, want %s", got, want)
	}
	got = nil
	for _, r := range mergedCSV(t, stores, "links") {
		got = append(got, r[0]+" "+r[3])
	}
	if want := "1 http://a/2|2 http://a/x|3 http://b/2|3 http://b/3"; strings.Join(got, "|") != want {
		t.Errorf("merged links = %v, want %s (a/dup's links from store a, which won)", got, want)
	}
	got = nil
	for _, r := range mergedCSV(t, stores, "failures") {
		got = append(got, r[0])
	}
	if want := "http://a/404"; strings.Join(got, "|") != want {
		t.Errorf("merged failures = %v, want %s (once; b/1 is a page in store b)", got, want)
	}
	if err := export.WriteMerged(context.Background(), stores, "clusters", "csv", &bytes.Buffer{}); err == nil {
		t.Error("merged clusters: no error")
	}
}

// TestWriteMergedTakesLatestCopy: of a URL two shards hold, the copy
// fetched last is taken, wherever its store is in the order given (a
// process that died in a re-crawl keeps an older copy of a page another
// process fetched again); on a tie the first store's.
func TestWriteMergedTakesLatestCopy(t *testing.T) {
	a := shard(t, map[string][]string{"http://x/u": {"http://x/from-a"}, "http://x/tie": {"http://x/tie-a"}},
		[]string{"http://x/1", "http://x/u", "http://x/tie"})
	b := shard(t, map[string][]string{"http://x/u": {"http://x/from-b"}, "http://x/tie": {"http://x/tie-b"}},
		[]string{"http://y/0", "http://y/1", "http://x/tie", "http://x/u"})
	stores := []*store.Store{a, b}
	var got []string
	for _, r := range mergedCSV(t, stores, "pages") {
		got = append(got, r[0]+" "+r[1])
	}
	if want := "1 http://x/1|2 http://x/tie|3 http://y/0|4 http://y/1|5 http://x/u"; strings.Join(got, "|") != want {
		t.Errorf("merged pages = %v, want %s", got, want)
	}
	got = nil
	for _, r := range mergedCSV(t, stores, "links") {
		got = append(got, r[0]+" "+r[3])
	}
	if want := "2 http://x/tie-a|5 http://x/from-b"; strings.Join(got, "|") != want {
		t.Errorf("merged links = %v, want %s (x/u's from store b, fetched last; x/tie's from a, the first)", got, want)
	}
}
