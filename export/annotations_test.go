package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
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
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
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
