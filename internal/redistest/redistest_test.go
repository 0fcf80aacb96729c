package redistest_test

import (
	"context"
	"testing"

	"github.com/crawl-project/crawl/internal/redistest"
)

// TestRestartKeepsAOF: a key written before a restart with AOF on is there after it.
func TestRestartKeepsAOF(t *testing.T) {
	s := redistest.Start(t, redistest.Options{AppendOnly: true})
	ctx := context.Background()
	c := s.Client()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	s.Restart()
	got, err := c.Get(ctx, "k").Result()
	if err != nil || got != "v" {
		t.Fatalf("after restart GET k = %q, %v; want v", got, err)
	}
	if n, err := redistest.UsedMemory(ctx, c); err != nil || n <= 0 {
		t.Fatalf("UsedMemory = %d, %v", n, err)
	}
}

// TestNoAOFForgets: without AOF (and an empty --save), a restart starts empty.
func TestNoAOFForgets(t *testing.T) {
	s := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	c := s.Client()
	c.Set(ctx, "k", "v", 0)
	s.Restart()
	if n, err := c.Exists(ctx, "k").Result(); err != nil || n != 0 {
		t.Fatalf("after restart without AOF EXISTS k = %d, %v; want 0", n, err)
	}
}
