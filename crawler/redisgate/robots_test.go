package redisgate_test

import (
	"context"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler/redisgate"
	"github.com/crawl-project/crawl/internal/redistest"
)

func TestRobotsShare(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	a := redisgate.NewRobots(srv.Client(), "crawl:{r}:")
	b := redisgate.NewRobots(srv.Client(), "crawl:{r}:")
	if _, _, ok := b.Get(ctx, "http://h/robots.txt"); ok {
		t.Fatal("Get before any Put: found")
	}
	a.Put(ctx, "http://h/robots.txt", 200, []byte("User-agent: *\nDisallow: /x\n"), time.Minute)
	a.Put(ctx, "http://gone/robots.txt", 404, nil, 0) // no ttl: not kept
	status, body, ok := b.Get(ctx, "http://h/robots.txt")
	if !ok || status != 200 || string(body) != "User-agent: *\nDisallow: /x\n" {
		t.Errorf("Get = %d %q %v", status, body, ok)
	}
	if _, _, ok := b.Get(ctx, "http://gone/robots.txt"); ok {
		t.Error("an answer put with no ttl was kept")
	}
}
