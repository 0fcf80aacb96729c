package hub_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
)

const tocURL = "http://docs.test/index.html"

func sectionURL(i int) string {
	return fmt.Sprintf("http://docs.test/ch%02ds%02d.html", i/10+1, i%10+1)
}

// tocPage lists n sections; sectionPage is an article of running text.
func tocPage(t testing.TB, n int) *crawl.Page {
	var b strings.Builder
	b.WriteString(`<html><body><h1>Contents</h1><ul class="toc">`)
	for i := range n {
		fmt.Fprintf(&b, `<li><a href="%s">%d.%d. Section</a></li>`, sectionURL(i)[len("http://docs.test/"):], i/10+1, i%10+1)
	}
	b.WriteString(`</ul></body></html>`)
	return parsedPage(t, tocURL, "", b.String())
}

func sectionPage(t testing.TB, i int) *crawl.Page {
	var b strings.Builder
	b.WriteString(`<html><body><h1>Section</h1>`)
	for p := range 5 {
		fmt.Fprintf(&b, "<p>%s</p>", strings.Repeat(fmt.Sprintf("word%d text%d ", i, p), 40))
	}
	b.WriteString(`<p><a href="index.html">Contents</a></p></body></html>`)
	p := parsedPage(t, sectionURL(i), tocURL, b.String())
	p.Anchor = fmt.Sprintf("%d.%d. Section", i/10+1, i%10+1)
	return p
}

func parsedPage(t testing.TB, u, parent, src string) *crawl.Page {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return &crawl.Page{URL: u, FinalURL: u, Parent: parent, Doc: doc, Depth: 1}
}

func linkHook(t testing.TB, perPage int) *hub.Hook {
	c, err := hub.Default()
	if err != nil {
		t.Fatal(err)
	}
	pm, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	h, err := hub.NewHook(c, hub.Policy{}, hub.WithPageModel(pm), hub.WithLinkModel(hub.LinkLearning{}, perPage))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// queueLinks runs OnURL on the page's links (its TOC entries).
func queueLinks(t testing.TB, h *hub.Hook, p *crawl.Page, n int) map[string]string {
	labels := map[string]string{}
	for i := range n {
		l := crawl.Link{URL: sectionURL(i), Anchor: fmt.Sprintf("%d.%d. Section", i/10+1, i%10+1), Parent: p.URL, Depth: 1}
		if err := h.OnURL(context.Background(), p, &l); err != nil {
			t.Fatal(err)
		}
		labels[l.URL] = l.Label
	}
	return labels
}

// The URL SVM calls the sections hubs; the sections fetched are topics by
// their page evidence; each fetched page revises at most perPage queued
// links, and in the end every queued link is labelled topic.
func TestLinkModelRevisesQueuedLinksBounded(t *testing.T) {
	const n, perPage = 60, 8
	ctx := context.Background()
	h := linkHook(t, perPage)
	toc := tocPage(t, n)
	if err := h.OnPage(ctx, toc); err != nil || toc.Label != crawl.LabelHub {
		t.Fatalf("table of contents labelled %q (err %v), want hub", toc.Label, err)
	}
	frontier := queueLinks(t, h, toc, n)
	for u, l := range frontier {
		if l != crawl.LabelHub {
			t.Fatalf("%s queued as %q; the test needs the SVM's hub", u, l)
		}
	}
	var buf []hub.LinkLabel
	for i := range 30 {
		p := sectionPage(t, i)
		if err := h.OnPage(ctx, p); err != nil || p.Label != crawl.LabelTopic {
			t.Fatalf("section %d labelled %q (err %v), want topic", i, p.Label, err)
		}
		delete(frontier, p.URL)
		buf = h.TakeRelabels(buf[:0])
		if len(buf) > perPage {
			t.Fatalf("page %d revised %d links, want ≤ %d", i, len(buf), perPage)
		}
		for _, r := range buf {
			if _, queued := frontier[r.URL]; queued {
				frontier[r.URL] = r.Label
			}
		}
	}
	for u, l := range frontier {
		if l != crawl.LabelTopic {
			t.Errorf("queued %s still %q after 30 topic pages of its host", u, l)
		}
	}
	if h.PendingRelabels() != 0 {
		t.Errorf("%d relabels left after taking them", h.PendingRelabels())
	}
}

// A revised label whose frontier row is missing is sent again on its next
// turn, and after two misses no more.
func TestLinkModelRelabelMissed(t *testing.T) {
	const n = 4
	ctx := context.Background()
	h := linkHook(t, n)
	toc := tocPage(t, n)
	if err := h.OnPage(ctx, toc); err != nil {
		t.Fatal(err)
	}
	queueLinks(t, h, toc, n)
	sent := map[string]int{}
	for i := 10; i < 40; i++ { // sections not among the queued links
		if err := h.OnPage(ctx, sectionPage(t, i)); err != nil {
			t.Fatal(err)
		}
		var missed []string
		for _, r := range h.TakeRelabels(nil) {
			sent[r.URL]++
			if r.URL == sectionURL(0) {
				missed = append(missed, r.URL)
			}
		}
		h.RelabelMissed(missed)
	}
	if sent[sectionURL(0)] != 2 {
		t.Errorf("a link whose row is missing was sent %d times, want 2", sent[sectionURL(0)])
	}
	if sent[sectionURL(1)] != 1 {
		t.Errorf("a link whose row took its label was sent %d times, want 1", sent[sectionURL(1)])
	}
}

func TestLinkModelNeedsPageModel(t *testing.T) {
	c, err := hub.Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hub.NewHook(c, hub.Policy{}, hub.WithLinkModel(hub.LinkLearning{}, 8)); err == nil {
		t.Error("a link model without a page model was accepted")
	}
}

// Workers label links and learn from pages at once while the outbox is
// drained (go test -race).
func TestLinkModelConcurrent(t *testing.T) {
	const n = 40
	ctx := context.Background()
	h := linkHook(t, 8)
	toc := tocPage(t, n)
	if err := h.OnPage(ctx, toc); err != nil {
		t.Fatal(err)
	}
	queueLinks(t, h, toc, n)
	pages := make([]*crawl.Page, n)
	for i := range pages {
		pages[i] = sectionPage(t, i) // built here: t.Fatal only in the test's goroutine
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 200 {
			var missed []string
			for _, r := range h.TakeRelabels(nil) {
				missed = append(missed, r.URL)
			}
			h.RelabelMissed(missed)
		}
	}()
	errs := make(chan error, 4)
	for w := range 4 {
		go func() {
			for i := w; i < n; i += 4 {
				p := pages[i]
				if err := h.OnPage(ctx, p); err != nil {
					errs <- err
					return
				}
				l := crawl.Link{URL: tocURL, Anchor: "Contents", Parent: p.URL, Depth: 2}
				if err := h.OnURL(ctx, p, &l); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	<-done
}
