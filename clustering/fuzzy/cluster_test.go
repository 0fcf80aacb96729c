package fuzzy_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/hooks"
)

var _ hooks.BatchHook = (*fuzzy.Hook)(nil)

var newsDocs = []fuzzy.Doc{
	{ID: 10, Title: "Dollar falls against euro", Keywords: "dollar, euro, currency", Description: "The dollar fell against the euro"},
	{ID: 11, Title: "Euro hits record against dollar", Keywords: "euro, dollar", Description: "Currency markets"},
	{ID: 12, Title: "Chelsea win league title", Keywords: "football, Chelsea", Description: "Chelsea won the league"},
	{ID: 13, Title: "Chelsea manager praises league win", Keywords: "football; Chelsea", Description: "The manager of Chelsea"},
	{ID: 14, Title: "", Keywords: "", Description: ""},
}

func TestCluster(t *testing.T) {
	tok := wordTokenizer{stop: map[string]bool{"the": true, "of": true, "against": true}}
	r, err := fuzzy.Cluster(context.Background(), newsDocs, fuzzy.Config{Threshold: 0.2, TopWords: 2}, fuzzy.WithTokenizer(tok))
	if err != nil {
		t.Fatal(err)
	}
	want := []fuzzy.Topic{
		{ID: 1, Pages: []int64{10, 11}, Words: []string{"dollar", "euro"}},
		{ID: 2, Pages: []int64{12, 13}, Words: []string{"chelsea", "league"}},
		{ID: 3, Pages: []int64{14}, Words: []string{}},
	}
	got := r.Topics()
	if len(got) != len(want) {
		t.Fatalf("Topics = %+v, want %+v", got, want)
	}
	for k := range want {
		if got[k].ID != want[k].ID || !slices.Equal(got[k].Pages, want[k].Pages) || !slices.Equal(got[k].Words, want[k].Words) {
			t.Errorf("topic %d = %+v, want %+v", k, got[k], want[k])
		}
	}
	wantA := map[int64]int64{10: 1, 11: 1, 12: 2, 13: 2} // 14 alone: unclustered
	if a := r.Assignments(); !maps.Equal(a, wantA) {
		t.Errorf("Assignments = %v, want %v", a, wantA)
	}
	if g, un := r.Grouped(); len(g) != 2 || !slices.Equal(un, []int64{14}) {
		t.Errorf("Grouped = %d topics, unclustered %v; want 2, [14]", len(g), un)
	}
	paper, err := fuzzy.Cluster(context.Background(), newsDocs, fuzzy.Config{Threshold: 0.2, TopWords: 2, Paper: true}, fuzzy.WithTokenizer(tok))
	if err != nil {
		t.Fatal(err)
	}
	wantP := map[int64]int64{10: 1, 11: 1, 12: 2, 13: 2, 14: 3}
	if a := paper.Assignments(); !maps.Equal(a, wantP) {
		t.Errorf("Paper: Assignments = %v, want %v", a, wantP)
	}
	if n := len(r.At(-1)); n != 3 {
		t.Errorf("At(-1): %d topics, want 3 (no shared word between the groups)", n)
	}
	if n := len(r.At(1)); n != 5 {
		t.Errorf("At(1): %d topics, want 5", n)
	}
	_, err = fuzzy.Cluster(context.Background(), append(newsDocs, fuzzy.Doc{ID: 10}), fuzzy.Config{}, fuzzy.WithTokenizer(tok))
	if !errors.Is(err, fuzzy.ErrDuplicateID) {
		t.Errorf("duplicate id: err = %v, want ErrDuplicateID", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	many := make([]fuzzy.Doc, 600)
	for i := range many {
		many[i] = fuzzy.Doc{ID: int64(i), Title: "same words"}
	}
	if _, err := fuzzy.Cluster(ctx, many, fuzzy.Config{}, fuzzy.WithTokenizer(tok)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
}

func TestHook(t *testing.T) {
	tok := wordTokenizer{stop: map[string]bool{"the": true, "of": true, "against": true}}
	h, err := fuzzy.NewHook(fuzzy.Config{Threshold: 0.2}, fuzzy.WithTokenizer(tok))
	if err != nil {
		t.Fatal(err)
	}
	page := func(d fuzzy.Doc) *crawl.Page {
		return &crawl.Page{Seq: d.ID, Title: d.Title, Keywords: d.Keywords, Description: d.Description}
	}
	ctx := context.Background()
	first := &crawl.Batch{Seq: 1, Pages: []*crawl.Page{page(newsDocs[0]), page(newsDocs[2]), page(fuzzy.Doc{ID: 11, Title: "to be replaced"})}}
	if err := h.OnBatch(ctx, first); err != nil {
		t.Fatal(err)
	}
	if h.Assignments() != nil || first.Pages[0].Topic != 0 {
		t.Fatalf("topics assigned before the final batch")
	}
	h.Add(newsDocs[4])
	mid, err := h.Cluster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(mid.IDs()); n != 4 {
		t.Errorf("Cluster before the final batch saw %d pages, want 4", n)
	}
	last := &crawl.Batch{Seq: 2, Final: true, Pages: []*crawl.Page{page(newsDocs[1]), page(newsDocs[3])}}
	if err := h.OnBatch(ctx, last); err != nil {
		t.Fatal(err)
	}
	want := map[int64]int64{10: 1, 12: 2, 11: 1, 13: 2} // 14 alone: unclustered
	if a := h.Assignments(); !maps.Equal(a, want) {
		t.Errorf("Assignments = %v, want %v", a, want)
	}
	if last.Pages[0].Topic != 1 || last.Pages[1].Topic != 2 {
		t.Errorf("final batch topics = %d, %d, want 1, 2", last.Pages[0].Topic, last.Pages[1].Topic)
	}
	if w := h.TopWords()[2]; len(w) == 0 || w[0] != "chelsea" {
		t.Errorf("TopWords[2] = %q, want chelsea first", w)
	}
}

func ExampleCluster() {
	docs := []fuzzy.Doc{
		{ID: 1, Title: "Dollar falls", Keywords: "dollar, euro", Description: "currency markets"},
		{ID: 2, Title: "Euro rises", Keywords: "euro, dollar", Description: "currency markets"},
		{ID: 3, Title: "Chelsea win", Keywords: "football", Description: "league title"},
	}
	r, err := fuzzy.Cluster(context.Background(), docs, fuzzy.Config{Threshold: 0.24, TopWords: 3}, fuzzy.WithTokenizer(wordTokenizer{}))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range r.Topics() {
		fmt.Println(t.ID, t.Pages, t.Words)
	}
	fmt.Printf("levels %.3f\n", r.Dendrogram.Levels())
	// Output:
	// 1 [1 2] [dollar euro falls]
	// 2 [3] [chelsea win football]
	// levels [0.311]
}
