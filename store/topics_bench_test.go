package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// docsPages returns a store with n pages of 60 KB HTML of random words
// (≈ 18 KB gzipped, as the Python docs' pages).
func docsPages(b *testing.B, n int) *store.Store {
	ctx := context.Background()
	st := open(b, filepath.Join(b.TempDir(), "docs.db"))
	r := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("the a module function returns object class socket asyncio stream event loop " +
		"server client data bytes string list dict value key error raise exception timeout close open read write")
	for i := range n {
		p := page(int64(i+1), fmt.Sprintf("http://docs.test/p%d", i), 0)
		var html strings.Builder
		html.WriteString("<html><body>")
		for html.Len() < 60_000 {
			fmt.Fprintf(&html, "<p class=\"c%d\">%s %s %d</p>", r.IntN(50), words[r.IntN(len(words))], words[r.IntN(len(words))], r.IntN(100_000))
		}
		p.HTML = []byte(html.String() + "</body></html>")
		if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
			b.Fatal(err)
		}
	}
	return st
}

// BenchmarkMovePages moves 300 of 526 such pages to another cluster, as
// the final order-independent clustering pass does with the pages whose
// cluster it changed (one op alternates between two clusters).
func BenchmarkMovePages(b *testing.B) {
	ctx := context.Background()
	st := docsPages(b, 526)
	moves := map[int64]int64{}
	b.ReportAllocs()
	op := int64(0)
	for b.Loop() {
		op++
		for seq := int64(1); seq <= 300; seq++ {
			moves[seq] = op%2 + 1
		}
		if err := st.MovePages(ctx, moves, nil); err != nil {
			b.Fatal(err)
		}
	}
	var got int
	if err := st.PagesNoHTML(ctx, func(p *crawl.Page) error {
		if p.Cluster == op%2+1 {
			got++
		}
		return nil
	}); err != nil || got != 300 {
		b.Fatalf("%d of 300 pages moved (%v)", got, err)
	}
}

// BenchmarkSaveTopics stores the fuzzy topics of 526 pages of 60 KB of
// HTML (random words: ≈ 18 KB gzipped, as the Python docs' pages), as the
// topics built-in does at the end of a crawl: one op gives every page a
// topic, from none (as in a fresh crawl, where the final batch gives the
// stored pages their first topic).
func BenchmarkSaveTopics(b *testing.B) {
	ctx := context.Background()
	st := docsPages(b, 526)
	const n = 526
	words := []string{"the", "a", "module"}
	topics := map[int64]int64{}
	words40 := map[int64][]string{}
	b.ReportAllocs()
	op := int64(0)
	for b.Loop() {
		b.StopTimer()
		if err := st.SaveTopics(ctx, nil, nil); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		op++
		for seq := int64(1); seq <= n; seq++ {
			topics[seq] = (seq+op)%40 + 1
			words40[(seq+op)%40+1] = words[:3]
		}
		if err := st.SaveTopics(ctx, topics, words40); err != nil {
			b.Fatal(err)
		}
	}
	var got int
	if err := st.Pages(ctx, func(p *crawl.Page) error {
		if p.Topic == topics[p.Seq] {
			got++
		}
		return nil
	}); err != nil || got != n {
		b.Fatalf("%d of %d pages have their topic (%v)", got, n, err)
	}
}
