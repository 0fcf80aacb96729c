package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// Annotations become extra columns of the pages table, one per name,
// sorted, after the fixed columns; a page without one has "" there; a name
// that is a fixed column gets a prefix.
func TestPagesAnnotationColumns(t *testing.T) {
	ctx := context.Background()
	st := tempStore(t)
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	p1 := &crawl.Page{Seq: 1, URL: "http://a.example/", Status: 200, FetchedAt: at, Header: http.Header{}}
	p2 := &crawl.Page{Seq: 2, URL: "http://a.example/b", Status: 200, FetchedAt: at, Header: http.Header{}}
	p1.Annotate("words", 12)
	p1.Annotate("lang", "en")
	p2.Annotate("title", "clash")
	if err := st.SaveResults(ctx, []*crawl.Page{p1, p2}, nil); err != nil {
		t.Fatal(err)
	}
	p2.Annotate("ratio", 0.25) // set in OnBatch: stored with the batch
	if err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p1, p2}}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := export.Write(ctx, st, "pages", "csv", &buf); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes())
	head := strings.Join(rows[0], ",")
	if !strings.HasSuffix(head, ",fetched_at,lang,ratio,annotation:title,words") ||
		!strings.HasPrefix(head, "seq,url,final_url,status,depth,parent,score,label,label_score,") {
		t.Fatalf("header = %s", head)
	}
	n := len(rows[0])
	if got := strings.Join(rows[1][n-4:], "|"); got != "en|||12" {
		t.Errorf("page 1 annotations = %s; want en|||12", got)
	}
	if got := strings.Join(rows[2][n-4:], "|"); got != "|0.25|clash|" {
		t.Errorf("page 2 annotations = %s; want |0.25|clash|", got)
	}
	buf.Reset()
	if err := export.Write(ctx, st, "pages", "jsonl", &buf); err != nil {
		t.Fatal(err)
	}
	var first map[string]any
	if err := json.Unmarshal(bytes.SplitN(buf.Bytes(), []byte("\n"), 2)[0], &first); err != nil {
		t.Fatal(err)
	}
	if first["lang"] != "en" || first["words"] != "12" {
		t.Errorf("jsonl page 1 = %v; want lang en, words 12", first)
	}
}

// A merged pages table has a column for every annotation name of any of
// the stores, each page's from the store it was taken from.
func TestMergedPagesAnnotationColumns(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	open := func(notes map[string]map[string]string, urls ...string) *store.Store {
		st := tempStore(t)
		var ps []*crawl.Page
		for i, u := range urls {
			p := &crawl.Page{Seq: int64(i + 1), URL: u, Status: 200, FetchedAt: at, Header: http.Header{}}
			for k, v := range notes[u] {
				p.Annotate(k, v)
			}
			ps = append(ps, p)
		}
		if err := st.SaveResults(ctx, ps, nil); err != nil {
			t.Fatal(err)
		}
		return st
	}
	a := open(map[string]map[string]string{"http://a/1": {"lang": "en"}, "http://a/dup": {"lang": "fr"}}, "http://a/1", "http://a/dup")
	b := open(map[string]map[string]string{"http://a/dup": {"lang": "de", "words": "3"}, "http://b/1": {"words": "7", "status": "x"}},
		"http://a/dup", "http://b/1")
	var buf bytes.Buffer
	if err := export.WriteMerged(ctx, []*store.Store{a, b}, "pages", "csv", &buf); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes())
	if head := strings.Join(rows[0], ","); !strings.HasSuffix(head, ",fetched_at,lang,annotation:status,words") {
		t.Fatalf("header = %s", head)
	}
	var got []string
	for _, r := range rows[1:] {
		n := len(r)
		got = append(got, r[0]+" "+r[1]+" "+strings.Join(r[n-3:], "|"))
	}
	want := "1 http://a/1 en|||2 http://a/dup fr|||3 http://b/1 |x|7"
	if strings.Join(got, "|") != want {
		t.Errorf("merged pages = %q; want %q (a/dup from store a, which won)", strings.Join(got, "|"), want)
	}
}
