package crawler

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// noNovelty hides the memory frontier's Queues: a backend that cannot
// say whether a link is new.
type noNovelty struct{ frontier.Frontier }

// TestBetterCountsOnlyNewLinks checks the writer's rule for storing a
// group at once: an out-link counts only when the frontier would queue it
// (not seen, in scope) and it is above the priority dispatched last or the
// best queued one, whichever is lower (anything, with nothing queued); and
// every link above the priority dispatched last counts when the frontier
// cannot say, but one it said it drops (crawl.Link.FrontierDrops). A link
// the crawler refuses unfetched (crawl.Link.Refused) never counts.
func TestBetterCountsOnlyNewLinks(t *testing.T) {
	ctx := context.Background()
	newMem := func(queued ...crawl.Link) frontier.Frontier {
		mem, err := frontier.NewMemory(frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"a.test"}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := mem.Push(ctx, queued); err != nil {
			t.Fatal(err)
		}
		return mem
	}
	seenLow := crawl.Link{URL: "http://a.test/seen", Priority: 1}
	mem := newMem(seenLow) // best queued 1; dispatched 5 below
	empty := newMem()
	res := func(links ...crawl.Link) result { return result{push: links} }
	seen := crawl.Link{URL: "http://a.test/seen", Priority: 9}
	outside := crawl.Link{URL: "http://b.test/x", Priority: 9}
	fresh := crawl.Link{URL: "http://a.test/new", Priority: 9}
	aboveQueued := crawl.Link{URL: "http://a.test/mid", Priority: 2}
	low := crawl.Link{URL: "http://a.test/low", Priority: 0.5}
	dropped := crawl.Link{URL: "http://a.test/seen", Priority: 9, FrontierDrops: true} // as marked before the hooks ran
	refused := crawl.Link{URL: "http://a.test/_sources/new.rst.txt", Priority: 9, Refused: true}
	for _, tc := range []struct {
		name string
		fr   frontier.Frontier
		r    result
		want bool
	}{
		{"seen better link", mem, res(seen), false},
		{"out of scope better link", mem, res(outside, low), false},
		{"new link above the one dispatched", mem, res(seen, fresh), true},
		{"new link below the one dispatched, above the best queued", mem, res(aboveQueued), true},
		{"new link below both", mem, res(low), false},
		{"nothing queued: any new link", empty, res(low), true},
		{"nothing queued, seen link", empty, res(outside), false},
		{"frontier cannot say: seen link above the one dispatched", noNovelty{mem}, res(seen), true},
		{"frontier cannot say: link below the one dispatched", noNovelty{mem}, res(aboveQueued), false},
		{"frontier cannot say, but said it drops the link", noNovelty{mem}, res(dropped), false},
		{"a link the frontier drops, with a new one below both", mem, res(dropped, low), false},
		{"a new link the crawler refuses unfetched", mem, res(refused), false},
		{"frontier cannot say: a link the crawler refuses", noNovelty{mem}, res(refused), false},
		{"nothing queued: a link the crawler refuses", empty, res(refused), false},
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

// TestBetterGroupTakesWaitingResults: when a result brings a better link,
// the group is stored at once with the results already waiting (not
// waiting for more), at most CommitEvery, and the end of the stream is
// reported.
func TestBetterGroupTakesWaitingResults(t *testing.T) {
	mem, err := frontier.NewMemory(frontier.Config{})
	if err != nil {
		t.Fatal(err)
	}
	c := &Crawler{fr: mem, cfg: Config{CommitEvery: 4, CommitWait: time.Hour}, hungry: make(chan struct{}, 1)}
	c.dispatched.Store(math.Float64bits(5))
	page := func(i int, better bool) result {
		p := 0.5
		if better {
			p = 9
		}
		return result{link: crawl.Link{URL: "http://a.test/" + strconv.Itoa(i)},
			push: []crawl.Link{{URL: "http://a.test/out" + strconv.Itoa(i), Priority: p}}}
	}
	urls := func(g []result) string {
		var s []string
		for _, r := range g {
			s = append(s, r.link.URL[len("http://a.test/"):])
		}
		return strings.Join(s, " ")
	}
	for _, tc := range []struct {
		name      string
		first     []result // the group gather starts with
		waiting   []result
		close     bool
		want      string
		wantOpen  bool
		leftAfter int
	}{
		{"better read, two waiting", nil, []result{page(1, true), page(2, false), page(3, false)}, false, "1 2 3", true, 0},
		{"better in hand, waiting taken", []result{page(1, true)}, []result{page(2, false)}, false, "1 2", true, 0},
		{"at most CommitEvery", nil, []result{page(1, false), page(2, true), page(3, false), page(4, false), page(5, false)}, false, "1 2 3 4", true, 1},
		{"stream ended", nil, []result{page(1, true), page(2, false)}, true, "1 2", false, 0},
	} {
		w := &writer{c: c, results: make(chan result, 8)}
		for _, r := range tc.waiting {
			w.results <- r
		}
		if tc.close {
			close(w.results)
		}
		g, open := w.gather(tc.first)
		if urls(g) != tc.want || open != tc.wantOpen || len(w.results) != tc.leftAfter {
			t.Errorf("%s: group %q, open %v, %d left; want %q, %v, %d", tc.name, urls(g), open, len(w.results), tc.want, tc.wantOpen, tc.leftAfter)
		}
	}
}
