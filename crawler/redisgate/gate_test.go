package redisgate_test

import (
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler/redisgate"
	"github.com/crawl-project/crawl/internal/redistest"
)

// TestSharedLimits: requests of two gates (two processes) to one host never
// overlap with PerHost 1, and each starts at least the delay after the one
// before ended. Times are taken after Acquire returns and before release
// is called, so the check is causal: it holds however loaded the machine.
func TestSharedLimits(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	const delay = 30 * time.Millisecond
	var gates []*redisgate.Gate
	for _, owner := range []string{"a", "b"} {
		g, err := redisgate.New(rdb, redisgate.Config{Prefix: "crawl:{gate}:", PerHost: 1, Owner: owner})
		if err != nil {
			t.Fatal(err)
		}
		gates = append(gates, g)
	}
	type span struct{ start, end time.Time }
	var mu sync.Mutex
	var spans []span
	var wg sync.WaitGroup
	for w := range 6 {
		g := gates[w%2]
		wg.Go(func() {
			for range 4 {
				release, err := g.Acquire(nil, "h.test:80", delay)
				if err != nil {
					t.Error(err)
					return
				}
				s := span{start: time.Now()}
				time.Sleep(2 * time.Millisecond)
				s.end = time.Now()
				release()
				mu.Lock()
				spans = append(spans, s)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(spans) != 24 {
		t.Fatalf("%d requests, want 24", len(spans))
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start.Before(spans[j].start) })
	for i := 1; i < len(spans); i++ {
		if gap := spans[i].start.Sub(spans[i-1].end); gap < delay {
			t.Errorf("request %d started %v after request %d ended, want ≥ %v", i, gap, i-1, delay)
		}
	}
}

// TestPerHostParallel: with PerHost 2 and no delay, two requests may be in
// flight at once and a third waits for one to end.
func TestPerHostParallel(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	g, _ := redisgate.New(srv.Client(), redisgate.Config{Prefix: "crawl:{par}:", PerHost: 2, Owner: "a"})
	r1, err1 := g.Acquire(nil, "h", 0)
	r2, err2 := g.Acquire(nil, "h", 0)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	got := make(chan struct{})
	go func() {
		r3, err := g.Acquire(nil, "h", 0)
		if err == nil {
			r3()
		}
		close(got)
	}()
	select {
	case <-got:
		t.Fatal("a third request started while two were in flight with PerHost 2")
	case <-time.After(100 * time.Millisecond):
	}
	r1()
	<-got
	r2()
	stop := make(chan struct{})
	close(stop)
	r4, _ := g.Acquire(nil, "h", 0)
	r5, _ := g.Acquire(nil, "h", 0)
	if _, err := g.Acquire(stop, "h", 0); err == nil {
		t.Error("Acquire on a full host with stop closed returned no error")
	}
	r4()
	r5()
}
