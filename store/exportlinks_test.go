package store_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// TestExportLinksPageURLs: each link comes with its own page's URL, in
// page and position order, when pages without links lie between pages
// with links and the pages were stored out of seq order.
func TestExportLinksPageURLs(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Date(2026, 12, 8, 0, 0, 0, 0, time.UTC)
	page := func(seq int64, links int) *crawl.Page {
		u := fmt.Sprintf("http://a.test/p%d", seq)
		p := &crawl.Page{Seq: seq, URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}}
		for i := range links {
			p.Links = append(p.Links, crawl.Link{URL: fmt.Sprintf("%s/l%d", u, i)})
		}
		return p
	}
	if err := st.SaveResults(ctx, []*crawl.Page{page(5, 2), page(2, 0), page(1, 1), page(3, 0), page(4, 3)}, nil); err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := st.ExportLinks(ctx, func(r store.LinkRow) error {
		got = append(got, fmt.Sprintf("%d %s %d %s", r.FromSeq, r.FromURL, r.Pos, r.ToURL))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1 http://a.test/p1 0 http://a.test/p1/l0",
		"4 http://a.test/p4 0 http://a.test/p4/l0",
		"4 http://a.test/p4 1 http://a.test/p4/l1",
		"4 http://a.test/p4 2 http://a.test/p4/l2",
		"5 http://a.test/p5 0 http://a.test/p5/l0",
		"5 http://a.test/p5 1 http://a.test/p5/l1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ExportLinks =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	stop := fmt.Errorf("stop")
	n := 0
	if err := st.ExportLinks(ctx, func(store.LinkRow) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("ExportLinks with a failing fn = %v after %d links; want the fn's error after 1", err, n)
	}
}
