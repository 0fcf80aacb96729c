package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// relStore holds one page with a body link and a head link (Rel set).
func relStore(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := tempStore(t)
	p := &crawl.Page{Seq: 1, URL: "http://a.example/", Status: 200, FetchedAt: time.Unix(0, 0), HTML: []byte("<p>x"),
		Links: []crawl.Link{{URL: "http://a.example/b", Anchor: "body"}, {URL: "http://a.example/ap", Anchor: "Appendix A", Rel: "appendix"}}}
	if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestExportLinksRel: the links table's last column is rel, the head
// link's rel and "" for the body link, in CSV, JSONL and merged CSV; the
// columns before it are those of the exports before it.
func TestExportLinksRel(t *testing.T) {
	st := relStore(t)
	var b bytes.Buffer
	if err := export.Write(context.Background(), st, "links", "csv", &b); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"from_seq", "from_url", "pos", "to_url", "anchor", "rel"},
		{"1", "http://a.example/", "0", "http://a.example/b", "body", ""},
		{"1", "http://a.example/", "1", "http://a.example/ap", "Appendix A", "appendix"},
	}
	if got := readCSV(t, b.Bytes()); !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Errorf("links.csv = %q, want %q", got, want)
	}
	if got := mergedCSV(t, []*store.Store{st}, "links"); !slices.EqualFunc(got, want[1:], slices.Equal[[]string]) {
		t.Errorf("merged links = %q, want %q", got, want[1:])
	}
	b.Reset()
	if err := export.Write(context.Background(), st, "links", "jsonl", &b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("links jsonl has %d lines, want 2:\n%s", len(lines), b.String())
	}
	for i, rel := range []string{"", "appendix"} {
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &m); err != nil || m["rel"] != rel {
			t.Errorf("links jsonl line %d = %s (%v); want rel %q", i, lines[i], err, rel)
		}
	}
}
