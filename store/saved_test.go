package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

func TestSavedAmong(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := &crawl.Page{Seq: 1, URL: "http://a.test/p", Status: 200, FetchedAt: time.Now(), HTML: []byte("<p>x")}
	f := crawl.Failure{URL: "http://a.test/f", Kind: "http-404", At: time.Now()}
	if err := st.SaveResults(ctx, []*crawl.Page{p}, []crawl.Failure{f}); err != nil {
		t.Fatal(err)
	}
	pages, failures, err := st.SavedAmong(ctx, []string{"http://a.test/p", "http://a.test/f", "http://a.test/none"})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || !pages["http://a.test/p"] || len(failures) != 1 || !failures["http://a.test/f"] {
		t.Errorf("SavedAmong = %v, %v", pages, failures)
	}
}
