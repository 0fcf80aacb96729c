package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
)

// TestMigrateLinkRel: a store of schema version 11 (links without rel)
// opened by this version reads its links with Rel "" (PageLinks and
// ExportLinks), and stores the rel of links saved after.
func TestMigrateLinkRel(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v11.db")
	db := storeAtVersion(t, path, stepLinkRel-1)
	if _, err := db.ExecContext(ctx, `INSERT INTO pages(seq, url, status, fetched_at, depth) VALUES(1, 'http://a.test/', 200, '', 0)`); err != nil {
		t.Fatal(err)
	}
	// The old DDL's insert, as the version before wrote it.
	if _, err := db.ExecContext(ctx, `INSERT INTO links(from_seq, pos, to_url, anchor)
		VALUES(1, 0, 'http://a.test/a', 'A'), (1, 1, 'http://a.test/b', 'B')`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	st, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open of a version %d store: %v", stepLinkRel-1, err)
	}
	defer st.Close()
	links, err := st.PageLinks(ctx, 1)
	if err != nil || len(links) != 2 {
		t.Fatalf("PageLinks after migration = %+v, %v; want 2 links", links, err)
	}
	for i, want := range []string{"http://a.test/a A", "http://a.test/b B"} {
		if l := links[i]; l.URL+" "+l.Anchor != want || l.Rel != "" {
			t.Errorf("link %d after migration: %s %s, Rel %q; want %s, Rel \"\"", i, l.URL, l.Anchor, l.Rel, want)
		}
	}
	var rows []LinkRow
	if err := st.ExportLinks(ctx, func(r LinkRow) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Rel != "" || rows[1].Rel != "" || rows[1].Anchor != "B" {
		t.Errorf("ExportLinks after migration = %+v; want 2 rows, Rel \"\"", rows)
	}
	p := &crawl.Page{Seq: 2, URL: "http://a.test/2", Status: 200, Links: []crawl.Link{
		{URL: "http://a.test/c", Anchor: "C"}, {URL: "http://a.test/d", Anchor: "D", Rel: "appendix"}}}
	if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
		t.Fatal(err)
	}
	links, err = st.PageLinks(ctx, 2)
	if err != nil || len(links) != 2 || links[0].Rel != "" || links[1].Rel != "appendix" {
		t.Errorf("PageLinks of a page saved after migration = %+v, %v; want Rel \"\", appendix", links, err)
	}
}

// TestLinkRelChunks: a page's links past one chunk (linkChunk rows a
// statement, the rest in power-of-two statements) keep their order, anchor
// and rel.
func TestLinkRelChunks(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "crawl.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const n = 2*linkChunk + 37 // 37 = 32 + 4 + 1
	p := &crawl.Page{Seq: 1, URL: "http://a.test/", Status: 200}
	for i := range n {
		l := crawl.Link{URL: fmt.Sprintf("http://a.test/%d", i), Anchor: fmt.Sprint("a", i)}
		if i%3 == 0 {
			l.Rel = fmt.Sprint("chapter", i)
		}
		p.Links = append(p.Links, l)
	}
	if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
		t.Fatal(err)
	}
	links, err := st.PageLinks(ctx, 1)
	if err != nil || len(links) != n {
		t.Fatalf("PageLinks = %d links, %v; want %d", len(links), err, n)
	}
	for i, l := range links {
		if w := p.Links[i]; l.URL != w.URL || l.Anchor != w.Anchor || l.Rel != w.Rel {
			t.Errorf("link %d = %s %q rel %q; want %s %q rel %q", i, l.URL, l.Anchor, l.Rel, w.URL, w.Anchor, w.Rel)
		}
	}
}
