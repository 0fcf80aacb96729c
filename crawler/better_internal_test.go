package crawler

import (
	"context"
	"math"
	"strconv"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// noNovelty hides the memory frontier's Queues: a backend that cannot
// say whether a link is new.
type noNovelty struct{ frontier.Frontier }

// TestBetterCountsOnlyNewLinks checks the writer's rule for storing a
// group at once: an out-link above the priority dispatched last counts
// only when the frontier would queue it (not seen, in scope), and every
// such link counts when the frontier cannot say.
func TestBetterCountsOnlyNewLinks(t *testing.T) {
	ctx := context.Background()
	mem, err := frontier.NewMemory(frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"a.test"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mem.Push(ctx, []crawl.Link{{URL: "http://a.test/seen", Priority: 1}}); err != nil {
		t.Fatal(err)
	}
	res := func(links ...crawl.Link) result { return result{push: links} }
	seen := crawl.Link{URL: "http://a.test/seen", Priority: 9}
	outside := crawl.Link{URL: "http://b.test/x", Priority: 9}
	fresh := crawl.Link{URL: "http://a.test/new", Priority: 9}
	low := crawl.Link{URL: "http://a.test/low", Priority: 2}
	for _, tc := range []struct {
		name string
		fr   frontier.Frontier
		r    result
		want bool
	}{
		{"seen better link", mem, res(seen), false},
		{"out of scope better link", mem, res(outside, low), false},
		{"new better link", mem, res(seen, fresh), true},
		{"new link not better", mem, res(low), false},
		{"seen better link, frontier cannot say", noNovelty{mem}, res(seen), true},
		{"no links", mem, res(), false},
	} {
		c := &Crawler{fr: tc.fr}
		c.dispatched.Store(math.Float64bits(5))
		w := &writer{c: c}
		if got := w.better(tc.r); got != tc.want {
			t.Errorf("%s: better = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// BenchmarkBetterSeenLinks is the writer's rule on a page of 100 links
// above the priority dispatched last, all seen before (the usual case on a
// site whose pages share their navigation): each is looked up in the
// frontier's seen set.
func BenchmarkBetterSeenLinks(b *testing.B) {
	mem, err := frontier.NewMemory(frontier.Config{})
	if err != nil {
		b.Fatal(err)
	}
	links := make([]crawl.Link, 100)
	for i := range links {
		links[i] = crawl.Link{URL: "http://a.test/docs/library/page" + strconv.Itoa(i) + ".html", Priority: 9}
	}
	if _, err := mem.Push(context.Background(), links); err != nil {
		b.Fatal(err)
	}
	c := &Crawler{fr: mem}
	c.dispatched.Store(math.Float64bits(5))
	w := &writer{c: c}
	r := result{push: links}
	b.ReportAllocs()
	for b.Loop() {
		if w.better(r) {
			b.Fatal("seen links counted as better")
		}
	}
}
