package redisfrontier_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
)

// TestHostQuotaShared: four processes pop the links of two hosts
// concurrently under MaxPagesPerHost 10; each link's fetch fails or
// succeeds at random and a fifth of the leases are given back (a process
// that stopped before storing them). Over the whole crawl exactly 10 links
// of each host are settled as counted, the rest are handed over as
// refused, and every link is popped to a final outcome once.
func TestHostQuotaShared(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	const quota, perHost = 10, 60
	var procs []*redisfrontier.Frontier
	for i := range 4 {
		f := newFrontier(t, rdb, redisfrontier.Config{Name: "quota", Owner: fmt.Sprint("p", i), MaxPagesPerHost: quota})
		defer f.Close()
		procs = append(procs, f)
	}
	var links []crawl.Link
	for i := range perHost {
		links = append(links, link("a.test", i, float64(i%7)), link("b.test", i, float64(i%5)))
	}
	if n, err := procs[0].Push(ctx, links); n != len(links) || err != nil {
		t.Fatalf("Push = %d, %v", n, err)
	}
	var mu sync.Mutex
	counted, refused, outcomes := map[string]int{}, map[string]int{}, map[string]int{}
	var wg sync.WaitGroup
	for i, f := range procs {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		wg.Go(func() {
			for {
				l, err := f.Pop(ctx, nil)
				var rf *redisfrontier.RefusedError
				switch {
				case errors.As(err, &rf):
					if err := f.Settle(ctx, nil, []string{rf.Link.URL}); err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					refused[crawl.HostKey(rf.Link.URL)]++
					outcomes[rf.Link.URL]++
					mu.Unlock()
				case errors.Is(err, frontier.ErrNotReady):
				case errors.Is(err, frontier.ErrEmpty):
					return
				case err != nil:
					t.Error(err)
					return
				case rng.IntN(5) == 0: // not stored: given back, its slot too
					if err := f.Release(ctx, []string{l.URL}); err != nil {
						t.Error(err)
						return
					}
				default:
					pages, failures := []string{l.URL}, []string(nil)
					if rng.IntN(3) == 0 {
						pages, failures = nil, pages // a failed fetch counts as well
					}
					if err := f.Settle(ctx, pages, failures); err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					counted[crawl.HostKey(l.URL)]++
					outcomes[l.URL]++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for _, h := range []string{"a.test", "b.test"} {
		if counted[h] != quota || refused[h] != perHost-quota {
			t.Errorf("host %s: %d links counted, %d refused over 4 processes; want %d and %d", h, counted[h], refused[h], quota, perHost-quota)
		}
	}
	for _, l := range links {
		if outcomes[l.URL] != 1 {
			t.Errorf("%s settled %d times", l.URL, outcomes[l.URL])
		}
	}
	// Once a host is spent, its new links are refused at Push.
	if n, _ := procs[1].Push(ctx, []crawl.Link{link("a.test", 1000, 1), link("c.test", 1, 1)}); n != 1 {
		t.Errorf("Push of a spent host's link and a new host's = %d, want 1", n)
	}
	if r := procs[1].Refused()[redisfrontier.RuleMaxPagesPerHost]; r != 1 {
		t.Errorf("Refused()[%s] = %d, want 1", redisfrontier.RuleMaxPagesPerHost, r)
	}
}

// TestLimitsShared: two processes push interleaved chunks of one endless
// calendar concurrently; the crawl admits exactly the caps between them
// (the sketches live in Redis), the same URLs a single frontier.Limiter
// would admit from the same URLs.
func TestLimitsShared(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	lim := frontier.Limits{MaxQueryVariants: 40, MaxURLsPerPattern: 70}
	a := newFrontier(t, rdb, redisfrontier.Config{Name: "lim", Frontier: frontier.Config{Limits: lim}})
	defer a.Close()
	b := newFrontier(t, rdb, redisfrontier.Config{Name: "lim", Frontier: frontier.Config{Limits: lim}})
	defer b.Close()
	var all []crawl.Link
	for i := range 300 {
		all = append(all,
			crawl.Link{URL: fmt.Sprintf("http://a.test/cal?d=%d", i)},
			crawl.Link{URL: fmt.Sprintf("http://a.test/day/%d/x", i)},
			crawl.Link{URL: fmt.Sprintf("http://a.test/art-%c%c", 'a'+i%26, 'a'+i/26)})
	}
	var added [2]int
	var wg sync.WaitGroup
	for k, f := range []*redisfrontier.Frontier{a, b} {
		wg.Go(func() {
			for i := k * 10; i < len(all); i += 20 {
				n, err := f.Push(ctx, all[i:min(i+10, len(all))])
				if err != nil {
					t.Error(err)
					return
				}
				added[k] += n
			}
		})
	}
	wg.Wait()
	if got, want := added[0]+added[1], 40+70+300; got != want {
		t.Errorf("two processes queued %d (%d + %d), want %d: the caps hold for the crawl", got, added[0], added[1], want)
	}
	ra, rb := a.Refused(), b.Refused()
	if v, p := ra[frontier.RuleQueryVariants]+rb[frontier.RuleQueryVariants], ra[frontier.RuleURLsPerPattern]+rb[frontier.RuleURLsPerPattern]; v != 260 || p != 230 {
		t.Errorf("refused %d query variants and %d pattern URLs, want 260 and 230", v, p)
	}
}
