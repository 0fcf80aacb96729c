package redisshare_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/classifiers/topic/redisshare"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// collector gathers the judgements a Share hands over.
type collector struct {
	mu  sync.Mutex
	got []topic.Judgement
}

func (c *collector) learn(j topic.Judgement) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got = append(c.got, j)
}

func (c *collector) urls() map[string]bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]bool{}
	for _, j := range c.got {
		out[j.URL] = true
	}
	return out
}

// TestJudgementsReachTheOtherProcesses: three processes share one stream;
// each gets the judgements of the other two, none of its own, and one
// that joins after they were sent reads them from the stream's start.
// Entries that are not judgements are counted as bad and skipped.
func TestJudgementsReachTheOtherProcesses(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	rdb := srv.Client()
	key := "crawl:{t}:topic:judged"
	cfg := func(owner string) redisshare.Config {
		return redisshare.Config{Key: key, Owner: owner, Every: 20 * time.Millisecond}
	}
	var cs [3]collector
	var shares [3]*redisshare.Share
	for i, o := range []string{"a", "b", "c"} {
		s, err := redisshare.New(rdb, cfg(o), cs[i].learn, nil)
		if err != nil {
			t.Fatal(err)
		}
		shares[i] = s
	}
	if err := rdb.XAdd(ctx, &redis.XAddArgs{Stream: key, Values: []any{"o", "x", "j", "not a judgement"}}).Err(); err != nil {
		t.Fatal(err)
	}
	for i, s := range shares {
		for k := range 50 {
			s.Publish(topic.Judgement{URL: url(i, k), Parent: "http://h/", Rel: float64(k) / 50, Relevant: k%2 == 0})
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && (len(cs[0].urls()) < 100 || len(cs[1].urls()) < 100 || len(cs[2].urls()) < 100) {
		time.Sleep(20 * time.Millisecond)
	}
	for i := range shares {
		got := cs[i].urls()
		for p := range 3 {
			for k := range 50 {
				if got[url(p, k)] != (p != i) {
					t.Fatalf("process %d: has %s = %v, want %v", i, url(p, k), got[url(p, k)], p != i)
				}
			}
		}
	}
	late := &collector{}
	s, err := redisshare.New(rdb, cfg("d"), late.learn, nil)
	if err != nil {
		t.Fatal(err)
	}
	for time.Now().Before(deadline) && len(late.urls()) < 150 {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(late.urls()); n != 150 {
		t.Errorf("a late process read %d judgements, want 150", n)
	}
	s.Close()
	for i, sh := range shares {
		sh.Close()
		if st := sh.Stats(); st.Sent != 50 || st.Received != 100 || st.Bad != 1 || st.Dropped != 0 {
			t.Errorf("process %d: stats %+v, want 50 sent, 100 received, 1 bad", i, st)
		}
	}
}

func url(p, k int) string {
	return "http://h/" + string(rune('a'+p)) + "/" + string(rune('0'+k/10)) + string(rune('0'+k%10))
}
