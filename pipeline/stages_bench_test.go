package pipeline_test

import (
	"context"
	"net/url"
	"slices"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// stagePage is one real page for BenchmarkBuiltinStages.
type stagePage struct {
	url  string
	raw  []byte
	doc  *html.Node
	link []crawl.Link
}

func stagePages(b testing.TB, file, base string) []stagePage {
	pages := readSubset(b, file)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range pages {
			if !yield(n) {
				return
			}
		}
	})
	out := make([]stagePage, 0, len(names))
	for _, n := range names {
		doc, err := htmldecode.Parse(pages[n], "text/html; charset=utf-8")
		if err != nil {
			b.Fatal(err)
		}
		p := stagePage{url: base + n, raw: pages[n], doc: doc}
		pu, _ := url.Parse(p.url)
		seen := map[string]bool{} // the crawler gives hooks each page's links once
		for a := range doc.Descendants() {
			if a.Type != html.ElementNode || a.DataAtom != atom.A {
				continue
			}
			for _, at := range a.Attr {
				if at.Key == "href" {
					if u, err := pu.Parse(at.Val); err == nil {
						u.Fragment = ""
						if s := u.String(); !seen[s] {
							seen[s] = true
							p.link = append(p.link, crawl.Link{URL: s, Parent: p.url})
						}
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkBuiltinStages is what each built-in costs per page against the
// crawl's own dominant per-page work (parsing the HTML), on the Python
// 3.11 documentation subset: one op is every page of the subset through
// that stage. parse: htmldecode.Parse (the crawl parses every page once,
// built-ins on or off); walk: a bare walk of every element and text node;
// hub: the page evidence and label (OnPage) and the out-links' labels
// (OnURL); topic: relevance, the learned link model and the out-links'
// priorities (OnPage, OnURL), the pages without their links (topic-links:
// with them, as a crawl gives them); fpc: the template features;
// extraction: the records of every page as one template cluster.
//
//	go test ./pipeline -run '^$' -bench BuiltinStages
func BenchmarkBuiltinStages(b *testing.B) {
	const base = "http://docs.test/"
	pages := stagePages(b, docsubset.Python311, base)
	ctx := context.Background()
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				if _, err := htmldecode.Parse(p.raw, "text/html; charset=utf-8"); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	// walk: a bare walk of every element and text node, the floor of any
	// built-in's walk: what walking the page once for all of them, instead
	// of once each, could save at most.
	b.Run("walk", func(b *testing.B) {
		b.ReportAllocs()
		nodes := 0
		for b.Loop() {
			nodes = 0
			for _, p := range pages {
				nodes += bareWalk(p.doc)
			}
		}
		if nodes < len(pages) {
			b.Fatalf("%d nodes in %d pages", nodes, len(pages))
		}
	})
	b.Run("hub", func(b *testing.B) {
		c, err := hub.Default()
		if err != nil {
			b.Fatal(err)
		}
		pm, err := hub.DefaultPageModel()
		if err != nil {
			b.Fatal(err)
		}
		h, err := hub.NewHook(c, hub.Policy{}, hub.WithPageModel(pm), hub.WithHostCalibration(20))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		hubs := 0
		for b.Loop() {
			hubs = 0
			for _, p := range pages {
				cp := crawl.Page{URL: p.url, FinalURL: p.url, Doc: p.doc}
				if err := h.OnPage(ctx, &cp); err != nil {
					b.Fatal(err)
				}
				if cp.Label == crawl.LabelHub {
					hubs++
				}
				for _, l := range p.link {
					if err := h.OnURL(ctx, &cp, &l); err != nil && err.Error() == "" {
						b.Fatal(err)
					}
				}
			}
		}
		if hubs == 0 || hubs == len(pages) {
			b.Fatalf("%d of %d pages labelled hub: the page evidence told nothing apart", hubs, len(pages))
		}
	})
	// topic leaves each page's Links empty, so the learned strategy reads
	// every page's link contexts whole (the fallback of a link learnPage
	// did not ask for); topic-links gives the pages their links, as the
	// crawler does, and the hook reads only the contexts of the links it
	// has not scored before.
	for _, withLinks := range []bool{false, true} {
		name := "topic"
		if withLinks {
			name = "topic-links"
		}
		b.Run(name, func(b *testing.B) { benchTopicStage(b, pages, withLinks) })
	}
	b.Run("fpc", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				if f := fpc.Extract(p.doc); f == nil {
					b.Fatal("no features")
				}
			}
		}
	})
	b.Run("extraction", func(b *testing.B) {
		in := make([]extraction.Page, len(pages))
		for i, p := range pages {
			in[i] = extraction.Page{Cluster: 1, URL: p.url, Doc: p.doc}
		}
		b.ReportAllocs()
		records := 0
		for b.Loop() {
			ce := extraction.NewClusterExtractor(extraction.Config{})
			recs, errs := ce.ExtractBatch(ctx, in, 1)
			records = 0
			for i := range recs {
				if errs[i] != nil {
					b.Fatal(errs[i])
				}
				records += len(recs[i])
			}
		}
		if records == 0 {
			b.Fatal("no records")
		}
	})
}

// benchTopicStage is BenchmarkBuiltinStages' topic stage: relevance, the
// learned link model and the out-links' priorities of every page, each
// page given its links (page.Links) when withLinks is set.
func benchTopicStage(b *testing.B, pages []stagePage, withLinks bool) {
	ctx := context.Background()
	var seeds []topic.SeedPage
	for _, p := range pages[:3] {
		seeds = append(seeds, topic.SeedPage{URL: p.url, Doc: p.doc})
	}
	b.ReportAllocs()
	relevant := 0
	for b.Loop() {
		m, err := topic.NewFromPages(topic.Config{}, seeds)
		if err != nil {
			b.Fatal(err)
		}
		h, err := topic.NewHook(m, nil)
		if err != nil {
			b.Fatal(err)
		}
		relevant = 0
		for _, p := range pages {
			cp := crawl.Page{URL: p.url, FinalURL: p.url, Doc: p.doc}
			if withLinks {
				cp.Links = p.link
			}
			if err := h.OnPage(ctx, &cp); err != nil {
				b.Fatal(err)
			}
			if cp.Relevant {
				relevant++
			}
			for _, l := range p.link {
				h.OnURL(ctx, &cp, &l)
			}
		}
	}
	if relevant == 0 {
		b.Fatal("no page relevant, not even the seeds")
	}
}

// bareWalk counts n and its element and text descendants, visiting each.
func bareWalk(n *html.Node) int {
	c := 1
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.ElementNode || k.Type == html.TextNode {
			c += bareWalk(k)
		}
	}
	return c
}
