package hub_test

import (
	"context"
	"net/url"
	"sort"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/frontier"
)

// subsetPages are the 109 pages of the two report-site subsets as fetched
// pages (URL, DOM, out-links resolved as the crawler does).
func subsetPages(b *testing.B) []*crawl.Page {
	var pages []*crawl.Page
	for _, a := range []string{"python311-subset.tar.gz", "octave-subset.tar.gz"} {
		docs, _ := siteSubset(b, a, "python311.tsv")
		paths := make([]string, 0, len(docs))
		for p := range docs {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			u := "http://" + a[:6] + ".test/" + p
			base, _ := url.Parse(u)
			pg := &crawl.Page{URL: u, FinalURL: u, Doc: docs[p], Depth: 1}
			seen := map[string]bool{}
			var walk func(*html.Node)
			walk = func(n *html.Node) {
				if n.Type == html.ElementNode && n.Data == "a" {
					for _, at := range n.Attr {
						if at.Key == "href" {
							if l, err := frontier.Normalize(at.Val, base); err == nil && !seen[l] {
								seen[l] = true
								pg.Links = append(pg.Links, crawl.Link{URL: l, Anchor: "entry", Parent: u, Depth: 2})
							}
						}
					}
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					walk(c)
				}
			}
			walk(docs[p])
			pages = append(pages, pg)
		}
	}
	return pages
}

// BenchmarkLinkModelHook is the hook's work on the subset pages as a crawl
// does it: OnPage on each page, then OnURL on each of its out-links; the
// URL SVM alone ("svm": page evidence, links by the SVM), with today's
// per-host calibration, and with the per-host link model ("online":
// learning, revising 64 queued links per page, the link contexts walk on
// pages with new links). ns/op is the 109 pages with their links, each
// op with a new hook.
func BenchmarkLinkModelHook(b *testing.B) {
	pages := subsetPages(b)
	links := 0
	for _, p := range pages {
		links += len(p.Links)
	}
	c, err := hub.Default()
	if err != nil {
		b.Fatal(err)
	}
	pm, err := hub.DefaultPageModel()
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range []struct {
		name string
		opt  []hub.HookOption
	}{
		{"svm", nil},
		{"calibration", []hub.HookOption{hub.WithHostCalibration(20)}},
		{"online", []hub.HookOption{hub.WithLinkModel(hub.LinkLearning{}, 64)}},
	} {
		b.Run(m.name, func(b *testing.B) {
			ctx := context.Background()
			var buf []hub.LinkLabel
			hubs := 0
			b.ReportAllocs()
			for b.Loop() {
				// a fresh hook: a crawl of these pages, every link new once
				h, err := hub.NewHook(c, hub.Policy{}, append([]hub.HookOption{hub.WithPageModel(pm)}, m.opt...)...)
				if err != nil {
					b.Fatal(err)
				}
				hubs = 0
				for _, p := range pages {
					pg := *p
					if err := h.OnPage(ctx, &pg); err != nil {
						b.Fatal(err)
					}
					for _, l := range pg.Links {
						if err := h.OnURL(ctx, &pg, &l); err != nil {
							b.Fatal(err)
						}
						if hub.IsHub(l.Label) {
							hubs++
						}
					}
					buf = h.TakeRelabels(buf[:0])
				}
			}
			if hubs == 0 || hubs == links {
				b.Fatalf("%d of %d links labelled hub", hubs, links)
			}
			b.ReportMetric(float64(links), "links/op")
		})
	}
}

// BenchmarkLinkContexts is the link model's walk of each fetched page (the
// links' list level, classes, region) beside the page-evidence walk the
// hook does anyway (MeasurePageAt), on the 109 subset pages, same run:
// the ratio of their ns/op is the added per-page cost.
func BenchmarkLinkContexts(b *testing.B) {
	pages := subsetPages(b)
	b.Run("contexts", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n = 0
			for _, p := range pages {
				n += hub.MeasureLinkContexts(p.Doc, p.URL, len(p.Links))
			}
		}
		if n == 0 {
			b.Fatal("no link contexts")
		}
	})
	b.Run("evidence", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n = 0
			for _, p := range pages {
				n += hub.MeasurePageAt(p.Doc, p.URL).Links
			}
		}
		if n == 0 {
			b.Fatal("no links measured")
		}
	})
}

// BenchmarkOnURL is the hook's OnURL alone, with the per-host link model
// as a crawl has it: the 109 subset pages went through OnPage once (their
// host fetched, its model learning), then each op labels every out-link of
// every page, from its page (4,051 links; the SVM's decisions are
// remembered after the first op, as a crawl's repeated links are).
func BenchmarkOnURL(b *testing.B) { benchOnURL(b, false) }

// BenchmarkOnURLDropped is BenchmarkOnURL with every link one the frontier
// drops (crawl.Link.FrontierDrops: seen before), most links of a crawl:
// the link model only asks whether it would keep the link (after the
// first op, it keeps none: each is queued).
func BenchmarkOnURLDropped(b *testing.B) { benchOnURL(b, true) }

func benchOnURL(b *testing.B, drops bool) {
	pages := subsetPages(b)
	c, err := hub.Default()
	if err != nil {
		b.Fatal(err)
	}
	pm, err := hub.DefaultPageModel()
	if err != nil {
		b.Fatal(err)
	}
	h, err := hub.NewHook(c, hub.Policy{}, hub.WithPageModel(pm), hub.WithLinkModel(hub.LinkLearning{}, 64))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	done := make([]crawl.Page, len(pages))
	links := 0
	for i, p := range pages {
		done[i] = *p
		if err := h.OnPage(ctx, &done[i]); err != nil {
			b.Fatal(err)
		}
		links += len(p.Links)
	}
	b.ReportAllocs()
	hubs := 0
	for b.Loop() {
		hubs = 0
		for i := range done {
			for _, l := range done[i].Links {
				l.FrontierDrops = drops
				if err := h.OnURL(ctx, &done[i], &l); err != nil {
					b.Fatal(err)
				}
				if hub.IsHub(l.Label) {
					hubs++
				}
			}
		}
	}
	if !drops && (hubs == 0 || hubs == links) {
		b.Fatalf("%d of %d links labelled hub", hubs, links)
	}
	b.ReportMetric(float64(links), "links/op")
}
