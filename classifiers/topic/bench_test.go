package topic_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
)

// text20KB is 20 KB of real article text (the BBC testdata, repeated).
func text20KB(b *testing.B) string {
	var sb strings.Builder
	for sb.Len() < 20<<10 {
		for _, text := range articles(b, "") {
			sb.WriteString(text)
			sb.WriteByte('\n')
		}
	}
	return sb.String()[:20<<10]
}

// BenchmarkScorePage measures scoring one page: tokenise its content, build
// its vector, cosine to the current centroid. "text-20KB" starts from 20 KB
// of content text; "html/…" from a parsed real page (ExtractContent
// included), as OnPage does.
func BenchmarkScorePage(b *testing.B) {
	m := sportModel(b, topic.Config{})
	b.Run("text-20KB", func(b *testing.B) {
		s := text20KB(b)
		b.SetBytes(int64(len(s)))
		b.ReportAllocs()
		var score float64
		for b.Loop() {
			score = m.Score(m.Vector(s))
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
		if score <= 0 || score > 1 {
			b.Fatalf("score %v out of (0, 1]", score)
		}
	})
	files, _ := filepath.Glob(filepath.Join("testdata", "html", "*.html"))
	for _, f := range files {
		b.Run("html/"+filepath.Base(f), func(b *testing.B) {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			doc := parse(b, string(data))
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var score float64
			for b.Loop() {
				score = m.Score(m.Vector(topic.ExtractContent(doc).Text))
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
			if score < 0 || score > 1 {
				b.Fatalf("score %v out of [0, 1]", score)
			}
		})
	}
}

// BenchmarkLinkPriority measures OnURL with the link-context extension
// (weight 0.75, URL words): the tokenising and cosine of one link's anchor
// text and URL path, the cost a link pays over the paper's priority.
func BenchmarkLinkPriority(b *testing.B) {
	h, err := topic.NewHook(sportModel(b, topic.Config{LinkContext: 0.75, URLWords: true}), nil)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	parent := page(b, "http://demo/sport/p", "sport-003")
	if err := h.OnPage(ctx, parent); err != nil {
		b.Fatal(err)
	}
	l := crawl.Link{URL: "http://demo/sport/2005/02/12/man-city-0-2-man-utd-101.html", Anchor: "Man City 0-2 Man Utd"}
	b.ReportAllocs()
	for b.Loop() {
		if err := h.OnURL(ctx, parent, &l); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "links/s")
	if l.Priority <= 0 {
		b.Fatalf("priority %v, want > 0", l.Priority)
	}
}

// BenchmarkLearnedOnURL measures the learned strategy's OnURL for a link
// seen before from the same parent: scored, and marked FrontierDrops (the
// crawler's mark for a link the frontier will drop), which records its
// parent as the scored one does and skips the score.
func BenchmarkLearnedOnURL(b *testing.B) {
	ctx := context.Background()
	for _, drops := range []bool{false, true} {
		name := map[bool]string{false: "scored", true: "frontier-drops"}[drops]
		b.Run(name, func(b *testing.B) {
			h, err := topic.NewHook(sportModel(b, topic.Config{Relevance: 0.3}), nil)
			if err != nil {
				b.Fatal(err)
			}
			parent := page(b, "http://demo/sport/p", "sport-003")
			if err := h.OnPage(ctx, parent); err != nil {
				b.Fatal(err)
			}
			links := make([]crawl.Link, 64)
			for i := range links {
				links[i] = crawl.Link{URL: fmt.Sprintf("http://demo/sport/2005/02/%d/match-%d.html", i%28, i), Anchor: "Man City 0-2 Man Utd"}
				if err := h.OnURL(ctx, parent, &links[i]); err != nil {
					b.Fatal(err)
				}
				links[i].Priority, links[i].FrontierDrops = -1, drops
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := h.OnURL(ctx, parent, &links[i%len(links)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			if p := links[0].Priority; (p == -1) != drops {
				b.Fatalf("priority %v with FrontierDrops %v", p, drops)
			}
		})
	}
}

// BenchmarkOnPage measures the default hook's OnPage on parsed real pages:
// content extraction, the page's vector and word bag, its relevance (and
// counting its words among the pages seen), the adaptive centroid's
// update and the learned strategy's page state (link contexts).
func BenchmarkOnPage(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "html", "*.html"))
	for _, f := range files {
		b.Run(filepath.Base(f), func(b *testing.B) {
			h, err := topic.NewHook(sportModel(b, topic.Config{}), nil)
			if err != nil {
				b.Fatal(err)
			}
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			p := &crawl.Page{URL: "http://demo/p", FinalURL: "http://demo/p", Doc: parse(b, string(data))}
			ctx := context.Background()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := h.OnPage(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
			if p.Relevance < 0 || p.Relevance > 1 {
				b.Fatalf("relevance %v out of [0, 1]", p.Relevance)
			}
		})
	}
}
