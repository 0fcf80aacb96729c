package redisfrontier_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
)

// TestParkInSteps: a re-crawl opens on a queue of 2,000 links over 500
// hosts and its opener leaves the move to the parked links unfinished
// (it died). Until the move ends no link is leased: a Pop answers not
// ready; while another process holds the move (its lock), Pop waits and
// moves nothing; once the lock has expired, a Push finishes the move and
// then queues its link, which is the only one Pop hands out; the 2,000
// are parked, none lost.
func TestParkInSteps(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	const hosts, n = 500, 2000
	var links []crawl.Link
	for i := range n {
		links = append(links, link(fmt.Sprintf("h%d.test", i%hosts), i, float64(i%7)))
	}
	fill := newFrontier(t, rdb, redisfrontier.Config{Name: "steps"})
	if k, err := fill.Push(ctx, links); k != n || err != nil {
		t.Fatalf("Push = %d, %v", k, err)
	}
	fill.Close()
	a := newFrontier(t, rdb, redisfrontier.Config{Name: "steps", Owner: "a", Lease: time.Second})
	defer a.Close()
	if err := redisfrontier.StartRecrawl(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := rdb.Set(ctx, redisfrontier.Prefix("steps")+"mv:lock", "gone", 300*time.Millisecond).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Pop(ctx, nil); !errors.Is(err, frontier.ErrNotReady) {
		t.Fatalf("Pop while the queue is moved = %v, want ErrNotReady", err)
	}
	if hosts, _ := rdb.ZCard(ctx, redisfrontier.Prefix("steps")+"hosts").Result(); hosts != 500 {
		t.Errorf("%d hosts left to move while another process holds the move: want all 500", hosts)
	}
	time.Sleep(400 * time.Millisecond) // the lock expires
	if k, err := a.Push(ctx, []crawl.Link{link("new.test", 1, 9)}); k != 1 || err != nil {
		t.Fatalf("Push after the mover died = %d, %v; want 1", k, err)
	}
	st, err := redisfrontier.ReadStatus(ctx, rdb, "steps")
	if err != nil || st.Parked != n || st.Queued != 1 {
		t.Fatalf("status after the move: %+v, %v; want %d parked, 1 queued", st, err, n)
	}
	l, err := a.Pop(ctx, nil)
	if err != nil || l.URL != "http://new.test/p1" {
		t.Fatalf("Pop = %s, %v; want the link pushed after the move", l.URL, err)
	}
	if err := a.Settle(ctx, []string{l.URL}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Pop(ctx, nil); !errors.Is(err, frontier.ErrEmpty) {
		t.Errorf("Pop with only parked links = %v, want ErrEmpty", err)
	}
}
