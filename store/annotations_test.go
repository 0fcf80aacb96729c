package store_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
)

// Annotations set before a page is stored, and changed by a batch, are
// read back by every page reader, and after reopening.
func TestAnnotationsRoundTrip(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crawl.db")
	st := open(t, path)
	p := page(1, "http://a.test/", 10)
	q := page(2, "http://a.test/q", 10)
	p.Annotate("lang", "de")
	p.Annotate("n", 3)
	if err := st.SaveResults(ctx, []*crawl.Page{p, q}, nil); err != nil {
		t.Fatal(err)
	}
	un, err := st.UnbatchedPages(ctx)
	if err != nil || len(un) != 2 || un[0].Annotations["lang"] != "de" || un[0].Annotations["n"] != "3" || un[1].Annotations != nil {
		t.Fatalf("UnbatchedPages = %v, %v; want page 1 annotated lang=de n=3, page 2 not", un, err)
	}
	p.Annotate("n", 4)
	q.Annotate("ok", true)
	if err := st.SaveBatch(ctx, &crawl.Batch{Seq: 1, Pages: []*crawl.Page{p, q}}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	st = open(t, path)
	var got []string
	err = st.PagesNoHTML(ctx, func(p *crawl.Page) error {
		got = append(got, p.Annotations["lang"]+","+p.Annotations["n"]+","+p.Annotations["ok"])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.Join(got, "|"); s != "de,4,|,,true" {
		t.Fatalf("annotations after the batch = %s; want de,4,|,,true", s)
	}
	names, err := st.AnnotationNames(ctx)
	if err != nil || strings.Join(names, ",") != "lang,n,ok" {
		t.Fatalf("AnnotationNames = %v, %v; want lang,n,ok", names, err)
	}
	bad := page(3, "http://a.test/bad", 10)
	bad.Annotate("", "x")
	if err := st.SaveResults(ctx, []*crawl.Page{bad}, nil); err == nil || !strings.Contains(err.Error(), "empty name") {
		t.Fatalf("SaveResults with an unnamed annotation = %v; want an error", err)
	}
}
