package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/hooks"
)

// needsHook is a batch hook declaring what it reads, recording what its
// batches' pages still held.
type needsHook struct {
	needs          hooks.Needs
	withDoc, pages int
	withHTML       int
	sizes          []int
	kept           int
}

type keyT struct{}

func (h *needsHook) BatchNeeds() hooks.Needs { return h.needs }

func (h *needsHook) OnBatch(_ context.Context, b *crawl.Batch) error {
	h.sizes = append(h.sizes, len(b.Pages))
	for _, p := range b.Pages {
		h.pages++
		if p.Doc != nil {
			h.withDoc++
		}
		if p.HTML != nil {
			h.withHTML++
		}
		if v, _ := p.Kept(keyT{}).(string); v == p.URL {
			h.kept++
		}
	}
	return nil
}

// TestBatchNeedsDropDOMAndBody crawls 11 pages with batch hooks declaring
// different needs: a page keeps its DOM and body for the batch only when
// some batch hook needs them (a hook declaring nothing needs both), and
// what an OnPage hook kept reaches OnBatch either way.
func TestBatchNeedsDropDOMAndBody(t *testing.T) {
	var links string
	routes := map[string]http.HandlerFunc{}
	for i := range 10 {
		links += fmt.Sprintf(`<a href="/p%d">p</a>`, i)
		routes[fmt.Sprintf("/p%d", i)] = html("page")
	}
	routes["/"] = html(links)
	s := newSite(t, routes)
	for _, tc := range []struct {
		name      string
		needs     []hooks.Needs
		undecl    bool // one more batch hook declaring nothing
		doc, body bool
	}{
		{"nothing", []hooks.Needs{{}}, false, false, false},
		{"dom", []hooks.Needs{{}, {DOM: true}}, false, true, false},
		{"html", []hooks.Needs{{HTML: true}}, false, false, true},
		{"undeclared", []hooks.Needs{{}}, true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, fr := env(t, t.TempDir())
			chain := &hooks.Chain{}
			chain.OnPage(hooks.PageFunc(func(_ context.Context, p *crawl.Page) error {
				p.Keep(keyT{}, p.URL)
				return nil
			}))
			var hs []*needsHook
			for _, n := range tc.needs {
				h := &needsHook{needs: n}
				hs = append(hs, h)
				chain.OnBatch(h)
			}
			if tc.undecl {
				chain.OnBatch(hooks.BatchFunc(func(context.Context, *crawl.Batch) error { return nil }))
			}
			c, err := crawler.New(fastConfig(), fr, st, crawler.WithHooks(chain))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Run(context.Background(), []string{s.URL + "/"}); err != nil {
				t.Fatal(err)
			}
			h := hs[0]
			if h.pages != 11 || h.kept != 11 {
				t.Fatalf("%d pages in batches, %d with what OnPage kept; want 11, 11", h.pages, h.kept)
			}
			if want := map[bool]int{true: 11}[tc.doc]; h.withDoc != want {
				t.Errorf("%d pages had their DOM in OnBatch, want %d", h.withDoc, want)
			}
			if want := map[bool]int{true: 11}[tc.body]; h.withHTML != want {
				t.Errorf("%d pages had their body in OnBatch, want %d", h.withHTML, want)
			}
		})
	}
}

// TestBatchBytes ends batches by the size of their pages' bodies: pages
// of 3,000 bytes with BatchBytes 10,000 make batches of 4 pages (the
// page that reaches the bound is the batch's last), the rest at the end.
func TestBatchBytes(t *testing.T) {
	var links string
	routes := map[string]http.HandlerFunc{}
	body := strings.Repeat("x", 3000)
	for i := range 12 {
		links += fmt.Sprintf(`<a href="/p%d">p</a>`, i)
		routes[fmt.Sprintf("/p%d", i)] = html(body)
	}
	routes["/"] = html(links + strings.Repeat(" ", 3000-len(links)))
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	cfg := fastConfig()
	cfg.BatchSize, cfg.BatchBytes = 1000, 10_000
	h := &needsHook{}
	chain := &hooks.Chain{}
	chain.OnBatch(h)
	c, err := crawler.New(cfg, fr, st, crawler.WithHooks(chain))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Run(context.Background(), []string{s.URL + "/"}); err != nil {
		t.Fatal(err)
	}
	if h.pages != 13 {
		t.Fatalf("%d pages in batches, want 13", h.pages)
	}
	for i, n := range h.sizes {
		if last := i == len(h.sizes)-1; n > 4 || !last && n != 4 {
			t.Fatalf("batches of %v pages, want 4 each (the last may hold fewer)", h.sizes)
		}
	}
}
