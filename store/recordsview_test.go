package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// TestExportRecordsView: the records read through the store's buffers
// (ExportRecordsView), copied while fn runs, are those ExportRecordsNamed
// gives, over runs of several sizes, keyed fields and a namer.
func TestExportRecordsView(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	var pages []*crawl.Page
	var recs []crawl.Record
	for i := range 12 {
		p := page(int64(i+1), fmt.Sprintf("http://a.test/%d", i), 10)
		pages = append(pages, p)
		for k := range i * 7 % 40 {
			fs := []crawl.Field{{Name: "title", Value: fmt.Sprintf("t%d.%d", i, k), Key: "h2/text"}}
			for j := range k % 5 {
				fs = append(fs, crawl.Field{Name: "other", Value: strings.Repeat("v", j*k), Key: fmt.Sprintf("p.%d/text", j), Sparse: true})
			}
			recs = append(recs, crawl.Record{PageURL: p.URL, Index: k, Cluster: int64(1 + k%3), Kind: []string{"", "ul > li"}[k%2], Fields: fs})
		}
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: pages, Records: recs}); err != nil {
		t.Fatal(err)
	}
	name := func(seq, cluster int64, kind string, c store.KeyCount) string {
		return fmt.Sprintf("%s@%d%s", c.Key, cluster, kind)
	}
	read := func(export func(context.Context, store.FieldNamer, func(store.RecordRow) error) error) []store.RecordRow {
		var out []store.RecordRow
		if err := export(ctx, name, func(r store.RecordRow) error {
			fs := make([]crawl.Field, len(r.Fields))
			for i, f := range r.Fields {
				f.Name, f.Value, f.Key = strings.Clone(f.Name), strings.Clone(f.Value), strings.Clone(f.Key)
				fs[i] = f
			}
			r.Fields = fs
			out = append(out, r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	want, got := read(st.ExportRecordsNamed), read(st.ExportRecordsView)
	if len(want) != len(recs) || !reflect.DeepEqual(got, want) {
		t.Errorf("ExportRecordsView: %d records, differ from ExportRecordsNamed's %d (%d stored)", len(got), len(want), len(recs))
	}
}
