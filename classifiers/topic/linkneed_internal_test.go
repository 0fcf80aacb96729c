package topic

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl"
)

// pageLinks lists the links of doc as the crawler hands them to hooks:
// absolute, without fragment, once each, with their anchor text.
func pageLinks(doc *html.Node, base string) []crawl.Link {
	b, _ := url.Parse(base)
	res := newHrefResolver(b)
	seen := map[string]bool{}
	var out []crawl.Link
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.A {
			continue
		}
		u := res.resolve(hrefOf(n))
		if u == "" || seen[u] {
			continue
		}
		seen[u] = true
		out = append(out, crawl.Link{URL: u, Anchor: collapsedText(n, maxContext)})
	}
	return out
}

// TestLinkContextsAsked: with a need, every link asked for reads
// (contextOf: its URL's context, else its anchor text's) what it reads in
// the whole page's contexts; the walks stop early and the anchor texts
// are filled only where a URL got no context, without changing that.
func TestLinkContextsAsked(t *testing.T) {
	const base = "http://docs.test/library/x.html"
	anchorsRead := 0
	for i, doc := range realDocs(t) {
		full := linkContexts(doc, base, 200, nil)
		links := pageLinks(doc, base)
		if len(links) < 4 {
			continue
		}
		for _, every := range []int{1, 2, 3, 7} { // ask for every every-th link
			need := newLinkNeed()
			for k, l := range links {
				if k%every == 0 {
					need.add(l.URL, l.Anchor)
				}
			}
			got := linkContexts(doc, base, len(links), need)
			for p := range need.pairs {
				if g, w := contextOf(got, p.url, p.anchor), contextOf(full, p.url, p.anchor); g != w {
					t.Errorf("page %d, every %d: context of %s (anchor %q) = %q, want %q", i, every, p.url, p.anchor, g, w)
				}
				if full[p.url] == "" && full["\x00"+p.anchor] != "" {
					anchorsRead++
				}
			}
			if every > 1 && len(got) >= len(full) {
				t.Errorf("page %d, every %d: %d contexts, the whole page has %d: the need asked for less", i, every, len(got), len(full))
			}
		}
		if got := linkContexts(doc, base, len(links), newLinkNeed()); got != nil {
			t.Errorf("page %d: nothing asked, got %d contexts", i, len(got))
		}
	}
	if anchorsRead == 0 {
		t.Error("no link read its anchor text's context: the second walk was not exercised")
	}
}

// TestLearnedContextFallback: a link learnPage did not ask the context of
// (it was scored before) but whose state is forgotten by the time OnURL
// scores it gets the whole page's contexts, so its priority is what it
// would be had all contexts been computed. Each page comes twice in a row
// (the second time every link was scored) and the scored links are
// forgotten after each OnPage; run A then puts the whole page's contexts
// in the page's state, run B leaves the fallback to find them.
func TestLearnedContextFallback(t *testing.T) {
	ctx := context.Background()
	const base = "http://docs.test/library/"
	docs := realDocs(t)
	run := func(full bool) (pr []float64, fallbacks int) {
		m, err := NewFromPages(Config{}, []SeedPage{{URL: base + "seed.html", Doc: docs[0]}})
		if err != nil {
			t.Fatal(err)
		}
		h, err := NewHook(m, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 * len(docs) {
			doc := docs[i/2]
			u := fmt.Sprintf("%sp%d.html", base, i)
			p := &crawl.Page{URL: u, FinalURL: u, Doc: doc, Links: pageLinks(doc, base+"x.html")}
			if err := h.OnPage(ctx, p); err != nil {
				t.Fatal(err)
			}
			pc := p.Kept(pageContextsKey{}).(*pageContexts)
			for _, l := range p.Links {
				if Followable(l.URL) && !pc.need.has(l.URL, l.Anchor) {
					fallbacks++
				}
			}
			if full {
				pc.ctx, pc.need = linkContexts(doc, u, len(p.Links), nil), nil
			}
			h.learner.pending.init(pendingLinks)
			for _, l := range p.Links {
				if err := h.OnURL(ctx, p, &l); err == nil {
					pr = append(pr, l.Priority)
				}
			}
		}
		return pr, fallbacks
	}
	all, _ := run(true)
	asked, fallbacks := run(false)
	if len(all) == 0 || len(all) != len(asked) {
		t.Fatalf("%d and %d priorities", len(all), len(asked))
	}
	if fallbacks == 0 {
		t.Fatal("every link was asked for: the fallback was not exercised")
	}
	for i := range all {
		if all[i] != asked[i] {
			t.Fatalf("priority %d: %v with every context computed, %v with the fallback (%d links fell back)", i, all[i], asked[i], fallbacks)
		}
	}
}

// TestFirstTextByte: the byte mayBeAnchor passes over a link by is the
// first byte of its anchor text, and a link it finds no word in has none.
func TestFirstTextByte(t *testing.T) {
	seen := [3]int{}
	docs := realDocs(t)
	for _, raw := range []string{`<a> <b> </b>&nbsp;x</a>`, "<a>\n <!-- c --> <i>  </i><span>é</span></a>", `<a><img alt="x"></a>`} {
		doc, err := html.Parse(strings.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	for i, doc := range docs {
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode || n.DataAtom != atom.A {
				continue
			}
			text := collapsedText(n, maxContext)
			b, st := firstTextByte(n)
			seen[st]++
			switch {
			case st == textNone && text != "":
				t.Errorf("doc %d: firstTextByte found no word in a link of text %q", i, text)
			case st == textByte && text != "" && text[0] != b:
				t.Errorf("doc %d: firstTextByte = %q, the link's text is %q", i, b, text)
			}
		}
	}
	if seen[textNone] == 0 || seen[textByte] == 0 || seen[textOther] == 0 {
		t.Errorf("cases met (none, byte, other) = %v: each should be", seen)
	}
}

// TestBodyLinksLeaveHeadNavigation: a page's list evidence counts the
// links of its body, not its head's navigation links (Link.Rel set).
func TestBodyLinksLeaveHeadNavigation(t *testing.T) {
	links := make([]crawl.Link, 0, 30)
	for i := range 30 {
		l := crawl.Link{URL: fmt.Sprintf("http://x.example/%d.html", i)}
		if i >= 5 {
			l.Rel = "chapter"
		}
		links = append(links, l)
	}
	if n := bodyLinks(links); n != 5 {
		t.Errorf("bodyLinks = %d, want 5", n)
	}
	if isList(10, bodyLinks(links)) {
		t.Error("5 body links and 25 head links make a list page")
	}
}
