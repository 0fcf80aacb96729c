package store_test

import (
	"bytes"
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

func page(seq int64, url string, htmlSize int) *crawl.Page {
	html := []byte("<html><head><title>T</title></head><body>")
	for len(html) < htmlSize {
		html = append(html, fmt.Sprintf("<p>paragraph %d of page %s, with some text 漢字</p>", len(html), url)...)
	}
	html = append(html, "</body></html>"...)
	return &crawl.Page{
		Seq: seq, URL: url, FinalURL: url + "?final", Redirects: []string{url + "?r1"}, Status: 200,
		FetchedAt: time.Date(2026, 11, 22, 10, 0, int(seq), 123456789, time.UTC), Depth: int(seq % 5),
		Parent: "http://a.test/", Anchor: "anchor " + url,
		Header:      http.Header{"Etag": {`"e` + fmt.Sprint(seq) + `"`}, "Last-Modified": {"Mon, 02 Jan 2006 15:04:05 GMT"}},
		ContentType: "text/html", Charset: "utf-8", HTML: html, Size: len(html),
		Title: "Title " + url, Keywords: "k1,k2", Description: "desc",
		Links:     []crawl.Link{{URL: url + "/x", Anchor: "x"}, {URL: url + "/y", Anchor: "y"}},
		Relevance: -1,
	}
}

func TestSaveResultsRoundTripAndReplay(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	_, err := st.AddFrontier(ctx, []crawl.FrontierEntry{
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/1", Priority: 2}},
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/2", Priority: 1}},
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/bad"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	pages := []*crawl.Page{page(1, "http://a.test/1", 20000), page(2, "http://a.test/2", 100)}
	fails := []crawl.Failure{{URL: "http://a.test/bad", Kind: "http", Status: 404, Message: "not found", At: time.Now()}}
	for i := range 3 { // the second and third calls are replays
		if err := st.SaveResults(ctx, pages, fails); err != nil {
			t.Fatalf("SaveResults #%d: %v", i, err)
		}
	}
	c, err := st.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := st.LinkCount(ctx); n != 4 {
		t.Errorf("LinkCount = %d, want 4", n)
	}
	if c.Pages != 2 || c.Failures != 1 || c.FailuresByKind["http"] != 1 || c.Queued != 0 {
		t.Errorf("Counts = %+v; want 2 pages, 1 http failure, 0 queued", c)
	}
	if n, _ := st.MaxSeq(ctx); n != 2 {
		t.Errorf("MaxSeq = %d, want 2", n)
	}
	got, err := st.PageBySeq(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := pages[0]
	if !bytes.Equal(got.HTML, want.HTML) {
		t.Errorf("HTML round trip differs: got %d bytes, want %d", len(got.HTML), len(want.HTML))
	}
	checks := []struct{ name, got, want string }{
		{"URL", got.URL, want.URL}, {"FinalURL", got.FinalURL, want.FinalURL},
		{"Redirects", fmt.Sprint(got.Redirects), fmt.Sprint(want.Redirects)},
		{"FetchedAt", got.FetchedAt.String(), want.FetchedAt.String()},
		{"ETag", got.Header.Get("ETag"), `"e1"`}, {"Title", got.Title, want.Title},
		{"Charset", got.Charset, "utf-8"}, {"Anchor", got.Anchor, want.Anchor},
		{"Size", fmt.Sprint(got.Size), fmt.Sprint(want.Size)}, {"Relevance", fmt.Sprint(got.Relevance), "-1"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("page 1 %s = %q, want %q", c.name, c.got, c.want)
		}
	}
	links, err := st.PageLinks(ctx, 1)
	if err != nil || len(links) != 2 || links[1].URL != "http://a.test/1/y" {
		t.Errorf("PageLinks(1) = %v, %v", links, err)
	}
	if _, err := st.PageBySeq(ctx, 99); err == nil {
		t.Errorf("PageBySeq(99) found a page")
	}
}

func TestSaveResultsRejectsMissingSeq(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	err := st.SaveResults(context.Background(), []*crawl.Page{{URL: "http://a.test/"}}, nil)
	if err == nil || !strings.Contains(err.Error(), "no seq") {
		t.Errorf("SaveResults(seq 0) = %v; want an error about the seq", err)
	}
}

func TestCompressionShrinksHTML(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crawl.db")
	st := open(t, path)
	var pages []*crawl.Page
	for i := range 50 {
		pages = append(pages, page(int64(i+1), fmt.Sprintf("http://a.test/%d", i), 20000))
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()
	fi, err := filepathSize(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi > 50*20000/2 {
		t.Errorf("database is %d bytes for 1 MB of repetitive HTML; compression is not working", fi)
	}
}

func TestUnbatchedAndSaveBatch(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	var pages []*crawl.Page
	for i := range 5 {
		pages = append(pages, page(int64(i+1), fmt.Sprintf("http://a.test/%d", i), 500))
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	un, err := st.UnbatchedPages(ctx)
	if err != nil || len(un) != 5 || un[0].Seq != 1 || un[4].Seq != 5 || !bytes.Equal(un[2].HTML, pages[2].HTML) {
		t.Fatalf("UnbatchedPages = %d pages, %v", len(un), err)
	}
	b := &crawl.Batch{Seq: 1, Pages: pages[:3]}
	for _, p := range b.Pages {
		p.Label, p.Score, p.Relevance, p.Relevant, p.Cluster = crawl.LabelHub, 0.5, 0.8, true, 10
	}
	b.Records = []crawl.Record{
		{PageURL: pages[0].URL, Cluster: 10, Index: 0, Fields: []crawl.Field{{Name: "title", Value: "a"}}},
		{PageURL: pages[0].URL, Cluster: 10, Index: 1, Fields: []crawl.Field{{Name: "title", Value: "b"}}},
		{PageURL: pages[4].URL, Cluster: 10, Index: 0}, // a page of another batch: looked up
	}
	clusters := []store.ClusterRow{
		{ID: 10, Size: 3, Centre: []byte{1, 2, 3}, Fingerprints: fps(1)},
		{ID: 11, Size: 1, Centre: []byte{4}, Fingerprints: fps(100)},
	}
	for i := range 2 { // replay stores nothing twice
		if err := st.SaveBatch(ctx, store.SetClusters(b, clusters)); err != nil {
			t.Fatalf("SaveBatch #%d: %v", i, err)
		}
	}
	un, _ = st.UnbatchedPages(ctx)
	if len(un) != 2 || un[0].Seq != 4 {
		t.Errorf("after batch 1, unbatched = %d pages; want 2 from seq 4", len(un))
	}
	c, _ := st.Counts(ctx)
	if c.Records != 3 || c.Clusters != 2 || c.Batches != 1 {
		t.Errorf("Counts = %+v; want 3 records, 2 clusters, batch 1", c)
	}
	p, _ := st.PageBySeq(ctx, 2)
	if p.Label != crawl.LabelHub || p.Score != 0.5 || p.Relevance != 0.8 || !p.Relevant || p.Cluster != 10 {
		t.Errorf("page 2 hook fields = %q %v %v %v %v", p.Label, p.Score, p.Relevance, p.Relevant, p.Cluster)
	}
	cand, err := st.ClusterCandidates(ctx, fps(100))
	if err != nil || fmt.Sprint(cand) != "[11]" {
		t.Errorf("ClusterCandidates(fps 100) = %v, %v; want [11]", cand, err)
	}
	// Merge 10 into 11 in batch 2.
	b2 := &crawl.Batch{Seq: 2, Pages: pages[3:]}
	if err := st.SaveBatch(ctx, store.SetClusters(b2, []store.ClusterRow{{ID: 10, MergedInto: 11}, {ID: 11, Size: 4, Fingerprints: fps(7)}})); err != nil {
		t.Fatal(err)
	}
	cs, err := st.Clusters(ctx)
	if err != nil || len(cs) != 1 || cs[0].ID != 11 || cs[0].Size != 4 || cs[0].Fingerprints != fps(7) {
		t.Fatalf("Clusters after merge = %+v, %v", cs, err)
	}
	if cand, _ := st.ClusterCandidates(ctx, fps(1)); len(cand) != 0 {
		t.Errorf("fingerprints of merged cluster 10 still indexed: %v", cand)
	}
	p, _ = st.PageBySeq(ctx, 1)
	if p.Cluster != 11 {
		t.Errorf("page 1 cluster after merge = %d, want 11", p.Cluster)
	}
	var recs []store.RecordRow
	st.ExportRecords(ctx, func(r store.RecordRow) error { recs = append(recs, r); return nil })
	if len(recs) != 3 || recs[0].Cluster != 11 || recs[1].Fields[0].Value != "b" || recs[2].PageSeq != 5 {
		t.Errorf("records after merge = %+v", recs)
	}
}

func TestSaveBatchUnknownRecordPage(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	p := page(1, "http://a.test/", 10)
	st.SaveResults(ctx, []*crawl.Page{p}, nil)
	err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p},
		Records: []crawl.Record{{PageURL: "http://nowhere.test/"}}})
	if err == nil || !strings.Contains(err.Error(), "nowhere.test") {
		t.Fatalf("SaveBatch with a record of an unknown page = %v; want an error naming it", err)
	}
	// Nothing of the failed batch was stored.
	if un, _ := st.UnbatchedPages(ctx); len(un) != 1 {
		t.Errorf("failed SaveBatch marked pages as batched")
	}
}

func fps(base uint16) [store.Fingerprints]uint16 {
	var f [store.Fingerprints]uint16
	for i := range f {
		f[i] = base + uint16(i)
	}
	return f
}

func TestTopicsAndExports(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	p1, p2 := page(1, "http://a.test/1", 10), page(2, "http://a.test/2", 10)
	p1.Label = crawl.LabelHub
	p2.Links[1].Rel = "appendix"
	st.AddFrontier(ctx, []crawl.FrontierEntry{{Host: "a.test", Link: crawl.Link{URL: p1.URL, Priority: 3.5}}})
	if err := st.SaveResults(ctx, []*crawl.Page{p1, p2}, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveTopics(ctx, map[int64]int64{1: 3, 2: 4}, map[int64][]string{3: {"a", "b"}, 4: {"c"}}); err != nil {
		t.Fatal(err)
	}
	words, err := st.TopicWords(ctx)
	if err != nil || fmt.Sprint(words[3]) != "[a b]" {
		t.Errorf("TopicWords = %v, %v", words, err)
	}
	var rows []store.PageRow
	if err := st.ExportPages(ctx, func(r store.PageRow) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Priority != 3.5 || rows[0].Topic != 3 || rows[1].Topic != 4 || rows[0].Label != crawl.LabelHub {
		t.Errorf("ExportPages = %+v", rows)
	}
	var links []store.LinkRow
	st.ExportLinks(ctx, func(r store.LinkRow) error { links = append(links, r); return nil })
	if len(links) != 4 || links[0].FromURL != p1.URL || links[3].ToURL != p2.URL+"/y" || links[3].Rel != "appendix" || links[2].Rel != "" {
		t.Errorf("ExportLinks = %+v", links)
	}
	hubs, err := st.HubPages(ctx)
	if err != nil || len(hubs) != 1 || hubs[0].URL != p1.URL || hubs[0].ETag != `"e1"` {
		t.Errorf("HubPages = %+v, %v", hubs, err)
	}
	var n int
	wantErr := fmt.Errorf("stop")
	if err := st.Pages(ctx, func(*crawl.Page) error { n++; return wantErr }); err != wantErr || n != 1 {
		t.Errorf("Pages with a failing fn = %v after %d pages; want the fn's error after 1", err, n)
	}
	n = 0
	st.PagesNoHTML(ctx, func(p *crawl.Page) error {
		if p.HTML != nil {
			t.Errorf("PagesNoHTML returned HTML")
		}
		n++
		return nil
	})
	if n != 2 {
		t.Errorf("PagesNoHTML visited %d pages, want 2", n)
	}
}

func TestRevisit(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	p := page(1, "http://a.test/hub", 100)
	st.AddFrontier(ctx, []crawl.FrontierEntry{{Host: "a.test", Link: crawl.Link{URL: p.URL}}})
	st.SaveResults(ctx, []*crawl.Page{p}, nil)
	st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p}})
	if n, err := st.ReopenFrontier(ctx, []string{p.URL, "http://unknown.test/"}, 5); n != 1 || err != nil {
		t.Fatalf("ReopenFrontier = %d, %v; want 1", n, err)
	}
	if c, _ := st.Counts(ctx); c.Queued != 1 {
		t.Fatalf("queued after reopen = %d, want 1", c.Queued)
	}
	if err := st.SetValidators(ctx, p.URL, `"new"`, ""); err != nil {
		t.Fatal(err)
	}
	if c, _ := st.Counts(ctx); c.Queued != 0 {
		t.Errorf("SetValidators did not mark the frontier row done")
	}
	re := page(99, p.URL, 300)
	re.Title = "changed"
	re.Links = []crawl.Link{re.Links[0], {URL: "http://a.test/hub/next", Rel: "next"}}
	if err := st.UpdatePage(ctx, re); err != nil {
		t.Fatal(err)
	}
	if re.Seq != 1 {
		t.Errorf("UpdatePage set Seq %d, want the stored 1", re.Seq)
	}
	got, _ := st.PageBySeq(ctx, 1)
	links, _ := st.PageLinks(ctx, 1)
	un, _ := st.UnbatchedPages(ctx)
	if got.Title != "changed" || !bytes.Equal(got.HTML, re.HTML) || len(links) != 2 || links[1].Rel != "next" || len(un) != 1 {
		t.Errorf("after UpdatePage: title %q, %d links, %d unbatched", got.Title, len(links), len(un))
	}
	if err := st.UpdatePage(ctx, page(5, "http://a.test/none", 1)); err == nil {
		t.Errorf("UpdatePage of an unknown URL succeeded")
	}
}

func TestDeleteClustersAndFailures(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	p := page(1, "http://a.test/", 10)
	st.SaveResults(ctx, []*crawl.Page{p}, []crawl.Failure{{URL: "http://a.test/x", Kind: "timeout", Depth: 2}})
	p.Cluster = 5
	err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: 1, Pages: []*crawl.Page{p}}, []store.ClusterRow{{ID: 5, Size: 1}, {ID: 6, Size: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteClusters(ctx, []int64{5}); err != nil {
		t.Fatal(err)
	}
	cs, _ := st.Clusters(ctx)
	got, _ := st.PageBySeq(ctx, 1)
	if len(cs) != 1 || cs[0].ID != 6 || got.Cluster != 0 {
		t.Errorf("after DeleteClusters(5): clusters %+v, page cluster %d", cs, got.Cluster)
	}
	if err := st.DeleteClusters(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if cs, _ := st.Clusters(ctx); len(cs) != 0 {
		t.Errorf("DeleteClusters(nil) left %d clusters", len(cs))
	}
	var fs []crawl.Failure
	st.ExportFailures(ctx, func(f crawl.Failure) error { fs = append(fs, f); return nil })
	if len(fs) != 1 || fs[0].Kind != "timeout" || fs[0].Depth != 2 {
		t.Errorf("ExportFailures = %+v", fs)
	}
}

func TestRecordsOfAPageAreReplaced(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	p := page(1, "http://a.test/list", 10)
	st.SaveResults(ctx, []*crawl.Page{p}, nil)
	rec := func(i int, v string) crawl.Record {
		return crawl.Record{PageURL: p.URL, Index: i, Fields: []crawl.Field{{Name: "f", Value: v}}}
	}
	b := &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p}, Records: []crawl.Record{rec(0, "a"), rec(1, "b"), rec(2, "c")}}
	if err := st.SaveBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	b = &crawl.Batch{Seq: 2, Pages: []*crawl.Page{p}, Records: []crawl.Record{rec(0, "x")}}
	if err := st.SaveBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	var got []string
	st.ExportRecords(ctx, func(r store.RecordRow) error { got = append(got, r.Fields[0].Value); return nil })
	if fmt.Sprint(got) != "[x]" {
		t.Errorf("records after re-extraction = %v, want [x]", got)
	}
}
