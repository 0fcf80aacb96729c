package store

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
)

// TestMigratePageHTML: a store of schema version 7 (the HTML in the pages
// row) opened by this version keeps every page's HTML, now in page_html,
// and its pages table has no html column left.
func TestMigratePageHTML(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v7.db")
	db := storeAtVersion(t, path, stepPageHTML-1)
	want := map[int64]string{
		1: "<html><body><p>one</p></body></html>",
		2: string(bytes.Repeat([]byte("<p>a long page, past SQLite's overflow threshold</p>"), 2000)),
		3: "", // stored without HTML (NULL)
	}
	for seq := int64(1); seq <= 3; seq++ {
		var blob []byte
		if h := want[seq]; h != "" {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write([]byte(h))
			zw.Close()
			blob = b.Bytes()
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO pages(seq, url, status, fetched_at, depth, html, label, cluster)
			VALUES(?, ?, 200, '', 0, ?, 'hub', 3)`, seq, fmt.Sprintf("http://a.test/%d", seq), blob); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	st, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open of a version %d store: %v", stepPageHTML-1, err)
	}
	defer st.Close()
	n := 0
	err = st.Pages(ctx, func(p *crawl.Page) error {
		n++
		if string(p.HTML) != want[p.Seq] || p.Label != "hub" || p.Cluster != 3 {
			t.Errorf("page %d after migration: %d bytes of HTML, label %q, cluster %d; want %d bytes, hub, 3",
				p.Seq, len(p.HTML), p.Label, p.Cluster, len(want[p.Seq]))
		}
		return nil
	})
	if err != nil || n != 3 {
		t.Fatalf("Pages after migration: %d pages, %v; want 3", n, err)
	}
	var cols int
	if err := st.r.QueryRowContext(ctx, "SELECT count(*) FROM pragma_table_info('pages') WHERE name = 'html'").Scan(&cols); err != nil || cols != 0 {
		t.Errorf("pages still has an html column (%d, %v)", cols, err)
	}
	var rows int
	if err := st.r.QueryRowContext(ctx, "SELECT count(*) FROM page_html").Scan(&rows); err != nil || rows != 3 {
		t.Errorf("page_html rows = %d, %v; want 3", rows, err)
	}
}

// TestUpdatePageReplacesHTML: a re-visited page's new HTML replaces the
// old one in page_html.
func TestUpdatePageReplacesHTML(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := &crawl.Page{Seq: 1, URL: "http://a.test/", Status: 200, HTML: []byte("<p>old</p>"), Relevance: -1}
	if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
		t.Fatal(err)
	}
	p.HTML = []byte("<p>new</p>")
	if err := st.UpdatePage(ctx, p); err != nil {
		t.Fatal(err)
	}
	got, err := st.PageBySeq(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.HTML) != "<p>new</p>" {
		t.Errorf("HTML after UpdatePage = %q; want <p>new</p>", got.HTML)
	}
}
