package redisfrontier_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// dropper is a go-redis hook that loses one script call once armed: the
// reply of a call the server applied (lost answer), or the call itself
// before it is sent (lost write).
type dropper struct {
	reply, send atomic.Bool
}

var errDropped = errors.New("test: connection dropped")

func (d *dropper) DialHook(next redis.DialHook) redis.DialHook { return next }

func (d *dropper) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

func (d *dropper) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if !strings.HasPrefix(cmd.Name(), "eval") {
			return next(ctx, cmd)
		}
		if d.send.CompareAndSwap(true, false) {
			cmd.SetErr(errDropped)
			return errDropped
		}
		err := next(ctx, cmd)
		if err == nil && leases(cmd) && d.reply.CompareAndSwap(true, false) {
			cmd.SetErr(errDropped)
			return errDropped
		}
		return err
	}
}

// leases reports whether cmd is a pop script's call that leased a link.
func leases(cmd redis.Cmder) bool {
	c, ok := cmd.(*redis.Cmd)
	if !ok {
		return false
	}
	res, _ := c.Val().([]any)
	return len(res) > 0 && res[0] == "ok"
}

// TestLostAnswer: a lease whose answer its process never saw (a pop the
// server applied, a settle it never got) is neither held nor given back
// by that process while it lives; without care the other processes wait
// for it forever. The process's heartbeat finds such leases and settles
// (its store saved the link) or gives them back.
func TestLostAnswer(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	for _, tc := range []struct {
		name   string
		settle bool // lose the settle of a popped link, not the pop's answer
	}{
		{"pop answer lost", false},
		{"settle lost", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			var d dropper
			ra := redis.NewClient(&redis.Options{Addr: srv.Addr()})
			defer ra.Close()
			ra.AddHook(&d)
			name := "lost" + strings.ReplaceAll(tc.name, " ", "")
			const u = "http://x.test/p1"
			saved := func(_ context.Context, urls []string) (map[string]bool, map[string]bool, error) {
				pages := map[string]bool{}
				for _, v := range urls {
					pages[v] = tc.settle && v == u // stored only when its settle was lost
				}
				return pages, nil, nil
			}
			a := newFrontier(t, ra, redisfrontier.Config{Name: name, Lease: 400 * time.Millisecond, Saved: saved})
			defer a.Close()
			b := newFrontier(t, srv.Client(), redisfrontier.Config{Name: name, Lease: 400 * time.Millisecond})
			defer b.Close()
			if _, err := a.Push(ctx, []crawl.Link{{URL: u, Priority: 1}}); err != nil {
				t.Fatal(err)
			}
			if tc.settle {
				if _, err := a.Pop(ctx, nil); err != nil {
					t.Fatal(err)
				}
				d.send.Store(true)
				if err := a.Settle(ctx, []string{u}, nil); !errors.Is(err, errDropped) {
					t.Fatalf("a.Settle with the call lost = %v, want %v", err, errDropped)
				}
			} else {
				d.reply.Store(true)
				if _, err := a.Pop(ctx, nil); !errors.Is(err, errDropped) {
					t.Fatalf("a.Pop with the answer lost = %v, want %v", err, errDropped)
				}
			}
			if _, err := b.Pop(ctx, nil); !errors.Is(err, frontier.ErrNotReady) {
				t.Fatalf("b.Pop with a holding the link = %v, want ErrNotReady", err)
			}
			// a beats every 100 ms; 20 s is a bound, not a timing.
			var got string
			var err error
			for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
				var l crawl.Link
				if l, err = b.Pop(ctx, nil); !errors.Is(err, frontier.ErrNotReady) {
					got = l.URL
					break
				}
			}
			stored, _ := srv.Client().Get(ctx, redisfrontier.Prefix(name)+"n:stored").Int()
			leased, _ := srv.Client().Get(ctx, redisfrontier.Prefix(name)+"n:leased").Int()
			switch {
			case tc.settle && (!errors.Is(err, frontier.ErrEmpty) || stored != 1 || leased != 0):
				t.Errorf("b.Pop = %q, %v with %d stored, %d leased; want ErrEmpty, 1 stored (a's store saved it), 0 leased", got, err, stored, leased)
			case !tc.settle && (err != nil || got != u || stored != 0 || leased != 1):
				t.Errorf("b.Pop = %q, %v with %d stored, %d leased; want %s given back by a, 0 stored, 1 leased (b)", got, err, stored, leased, u)
			}
		})
	}
}
