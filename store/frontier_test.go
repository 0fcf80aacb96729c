package store_test

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

func TestFrontierRows(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	var es []crawl.FrontierEntry
	for i := range 10 {
		host := fmt.Sprintf("h%d.test", i%3)
		es = append(es, crawl.FrontierEntry{Host: host, Link: crawl.Link{
			URL: fmt.Sprintf("http://%s/%d", host, i), Priority: float64(i % 2), Tags: []string{"t"}, Depth: i}})
	}
	es = append(es, crawl.FrontierEntry{Host: "n.test", Link: crawl.Link{URL: "http://n.test/", Priority: math.NaN()}})
	n, err := st.AddFrontier(ctx, es)
	if err != nil || n != 11 {
		t.Fatalf("AddFrontier = %d, %v; want 11", n, err)
	}
	again := append([]crawl.FrontierEntry(nil), es[:3]...)
	again = append(again, crawl.FrontierEntry{Host: "new.test", Link: crawl.Link{URL: "http://new.test/"}})
	if n, err := st.AddFrontier(ctx, again); err != nil || n != 1 || again[0].Seq != 0 || again[3].Seq != 12 {
		t.Fatalf("AddFrontier again = %d, %v, seqs %d %d; want 1 new with seq 12", n, err, again[0].Seq, again[3].Seq)
	}
	// Best-first paging: priority 1 rows (odd i) by seq, then priority 0, then NaN (stored as -Inf).
	var order []string
	cur := store.FrontierCursor{}
	for {
		page, err := st.FrontierQueued(ctx, "", cur, 3, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range page {
			order = append(order, e.Link.URL)
		}
		if len(page) < 3 {
			break
		}
		last := page[len(page)-1]
		cur = store.FrontierCursor{Priority: last.Link.Priority, Seq: last.Seq}
	}
	want := "[http://h1.test/1 http://h0.test/3 http://h2.test/5 http://h1.test/7 http://h0.test/9 " +
		"http://h0.test/0 http://h2.test/2 http://h1.test/4 http://h0.test/6 http://h2.test/8 http://new.test/ http://n.test/]"
	if fmt.Sprint(order) != want {
		t.Errorf("paged order =\n%v\nwant\n%v", order, want)
	}
	hostRows, _ := st.FrontierQueued(ctx, "h0.test", store.FrontierCursor{}, 10, 0)
	if len(hostRows) != 4 || hostRows[0].Link.URL != "http://h0.test/3" || hostRows[0].Link.Tags[0] != "t" {
		t.Errorf("FrontierQueued(h0.test) = %+v", hostRows)
	}
	hosts, err := st.FrontierHosts(ctx, "", 100, 0)
	if err != nil || fmt.Sprint(hosts) != "[h0.test h1.test h2.test n.test new.test]" {
		t.Errorf("FrontierHosts = %v, %v", hosts, err)
	}
	if hosts, _ := st.FrontierHosts(ctx, "h1.test", 2, 0); fmt.Sprint(hosts) != "[h2.test n.test]" {
		t.Errorf("FrontierHosts(after h1.test, 2) = %v", hosts)
	}
	known, err := st.FrontierKnown(ctx, []string{"http://h0.test/0", "http://zz.test/", "http://h0.test/0"})
	if err != nil || fmt.Sprint(known) != "[true false true]" {
		t.Errorf("FrontierKnown = %v, %v", known, err)
	}
	// Saving a page marks its row done; queued lookups drop it.
	if err := st.SaveResults(ctx, []*crawl.Page{page(1, "http://h0.test/0", 10)}, nil); err != nil {
		t.Fatal(err)
	}
	still, _ := st.FrontierQueuedAmong(ctx, []string{"http://h0.test/0", "http://h0.test/3"})
	if still["http://h0.test/0"] || !still["http://h0.test/3"] {
		t.Errorf("FrontierQueuedAmong = %v", still)
	}
	q, total, _ := st.FrontierStats(ctx, 0)
	if q != 11 || total != 12 {
		t.Errorf("FrontierStats = %d, %d; want 11, 12", q, total)
	}
	var all int
	st.FrontierURLs(ctx, func(string) error { all++; return nil })
	if all != 12 {
		t.Errorf("FrontierURLs visited %d, want 12", all)
	}
}

// TestSetFrontierPriorities: new priorities reorder the queued rows; a
// length mismatch is an error that changes nothing.
func TestSetFrontierPriorities(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	es := []crawl.FrontierEntry{
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/1", Priority: 1}},
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/2", Priority: 0.5}},
	}
	if _, err := st.AddFrontier(ctx, es); err != nil {
		t.Fatal(err)
	}
	if err := st.SetFrontierPriorities(ctx, []int64{es[0].Seq}, nil); err == nil {
		t.Error("SetFrontierPriorities with 1 seq and 0 priorities = nil error")
	}
	if err := st.SetFrontierPriorities(ctx, []int64{es[0].Seq, es[1].Seq}, []float64{0.1, math.NaN()}); err != nil {
		t.Fatal(err)
	}
	rows, err := st.FrontierQueued(ctx, "", store.FrontierCursor{}, 10, 0)
	if err != nil || len(rows) != 2 || rows[0].Link.URL != "http://a.test/1" || rows[0].Link.Priority != 0.1 || !math.IsInf(rows[1].Link.Priority, -1) {
		t.Errorf("rows after SetFrontierPriorities = %+v, %v; want a.test/1 at 0.1, then a.test/2 at -Inf", rows, err)
	}
}

func TestSetFrontierLabels(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	es := []crawl.FrontierEntry{
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/1", Label: crawl.LabelHub, Score: 0.9}},
		{Host: "a.test", Link: crawl.Link{URL: "http://a.test/2", Label: crawl.LabelHub, Score: 0.8}},
	}
	if _, err := st.AddFrontier(ctx, es); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveResults(ctx, []*crawl.Page{{Seq: 1, URL: "http://a.test/2", FinalURL: "http://a.test/2", Status: 200}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetFrontierLabels(ctx, []string{"http://a.test/1"}, nil, nil); err == nil {
		t.Error("SetFrontierLabels with 1 URL and 0 labels = nil error")
	}
	found, err := st.SetFrontierLabels(ctx, []string{"http://a.test/1", "http://a.test/2", "http://a.test/none"},
		[]string{crawl.LabelTopic, crawl.LabelTopic, crawl.LabelTopic}, []float64{0.1, 0.2, 0.3})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(found) != "[true false false]" {
		t.Errorf("found %v, want [true false false] (queued, done, no row)", found)
	}
	rows, err := st.FrontierQueued(ctx, "", store.FrontierCursor{}, 10, 0)
	if err != nil || len(rows) != 1 || rows[0].Link.Label != crawl.LabelTopic || rows[0].Link.Score != 0.1 {
		t.Errorf("queued rows after SetFrontierLabels = %+v, %v; want a.test/1 topic at 0.1", rows, err)
	}
}
