package redisfrontier_test

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/redis/go-redis/v9"
)

var parkURLs = flag.Int("park-urls", 100_000, "URLs queued by BenchmarkPark (the reported figures use 1000000)")

// onHosts spreads links over hosts hosts, round-robin: each link and its
// parent move to host h<i % hosts>.test, its path kept and made distinct.
func onHosts(links []crawl.Link, hosts int) []crawl.Link {
	out := make([]crawl.Link, len(links))
	rehost := func(u string, h int) string {
		rest := u[strings.Index(u, "://")+3:]
		path := "/"
		if k := strings.IndexAny(rest, "/?"); k >= 0 {
			path = rest[k:]
		}
		return "http://h" + strconv.Itoa(h) + ".test" + path
	}
	for i, l := range links {
		h := i % hosts
		l.URL = withV(rehost(l.URL, h), i/hosts+1)
		l.Parent = rehost(l.Parent, h)
		out[i] = l
	}
	return out
}

// BenchmarkPark: what opening a re-crawl costs when the crawl has a huge
// queue: the generation script parks every queued link (the links an
// earlier run left queued are set aside, phosts/px:<host>) and, when a
// normal run opens after it, queues them again. One op is a re-crawl
// process opening (park) and closing, then a normal process opening
// (unpark) and closing; park-ms and unpark-ms are the open calls (the
// scripts and New's few other round trips), longest-script-ms and
// median-script-ms the script calls Redis ran meanwhile (SLOWLOG: how
// long one call held Redis, every other client waiting; wall time, so a
// loaded machine stretches it), and MB the Redis memory
// (INFO used_memory) the queue takes, parked and queued. The queue is
// -park-urls real links (TestMemoryPerURL's), on their 450 real hosts
// or spread over hosts/10 hosts.
//
//	go test ./frontier/redisfrontier -run '^$' -bench Park -park-urls 1000000 -benchtime 3x
func BenchmarkPark(b *testing.B) {
	srv := redistest.Start(b, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	n := *parkURLs
	real := syntheticLinks(realLinks(b), n)
	for _, shape := range []struct {
		name  string
		links []crawl.Link
	}{
		{"450-hosts", real},
		{fmt.Sprintf("%d-hosts", n/10), onHosts(real, n/10)},
	} {
		b.Run(shape.name, func(b *testing.B) {
			name := fmt.Sprintf("park%d", crawlN.Add(1))
			before, err := redistest.UsedMemory(ctx, rdb)
			if err != nil {
				b.Fatal(err)
			}
			fill := newFrontier(b, rdb, redisfrontier.Config{Name: name, Frontier: frontier.Config{ExpectedURLs: uint(n)}})
			for start := 0; start < n; start += 5000 {
				if _, err := fill.Push(ctx, shape.links[start:min(start+5000, n)]); err != nil {
					b.Fatal(err)
				}
			}
			if err := fill.Close(); err != nil {
				b.Fatal(err)
			}
			queued, err := redistest.UsedMemory(ctx, rdb)
			if err != nil {
				b.Fatal(err)
			}
			var park, unpark time.Duration
			var calls []float64 // ms of each script call
			var parkedMem int64
			if err := rdb.ConfigSet(ctx, "slowlog-log-slower-than", "0").Err(); err != nil {
				b.Fatal(err)
			}
			rdb.ConfigSet(ctx, "slowlog-max-len", "100000")
			defer rdb.ConfigSet(ctx, "slowlog-log-slower-than", "10000")
			b.ReportAllocs()
			for b.Loop() {
				rdb.SlowLogReset(ctx)
				t0 := time.Now()
				r := newFrontier(b, rdb, redisfrontier.Config{Name: name, Recrawl: true})
				park += time.Since(t0)
				b.StopTimer() // the checks' reads are not the scripts'
				st, err := redisfrontier.ReadStatus(ctx, rdb, name)
				if err != nil || st.Parked != int64(n) || st.Queued != 0 {
					b.Fatalf("after parking: %+v, %v; want %d parked, none queued", st, err, n)
				}
				scriptTimes(b, rdb, &calls) // read and emptied: its entries take memory too
				if parkedMem, err = redistest.UsedMemory(ctx, rdb); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				r.Close()
				t0 = time.Now()
				q := newFrontier(b, rdb, redisfrontier.Config{Name: name})
				unpark += time.Since(t0)
				q.Close()
				b.StopTimer()
				scriptTimes(b, rdb, &calls)
				if st, err := redisfrontier.ReadStatus(ctx, rdb, name); err != nil || st.Parked != 0 || st.Queued != int64(n) {
					b.Fatalf("after unparking: %+v, %v; want %d queued, none parked", st, err, n)
				}
				b.StartTimer()
			}
			ops := float64(b.N)
			b.ReportMetric(float64(park.Milliseconds())/ops, "park-ms")
			b.ReportMetric(float64(unpark.Milliseconds())/ops, "unpark-ms")
			slices.Sort(calls)
			b.ReportMetric(calls[len(calls)-1], "longest-script-ms")
			b.ReportMetric(calls[len(calls)/2], "median-script-ms")
			b.ReportMetric(float64(queued-before)/1e6, "queued-MB")
			b.ReportMetric(float64(parkedMem-before)/1e6, "parked-MB")
			if _, err := redisfrontier.Clear(ctx, rdb, name); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// scriptTimes adds to ms the durations of the scripts (EVALSHA, EVAL) in
// Redis's slow log (every command is logged during BenchmarkPark), and
// empties the log.
func scriptTimes(b *testing.B, rdb *redis.Client, ms *[]float64) {
	logs, err := rdb.SlowLogGet(context.Background(), -1).Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range logs {
		if len(l.Args) > 0 && strings.HasPrefix(strings.ToLower(l.Args[0]), "eval") {
			*ms = append(*ms, float64(l.Duration.Microseconds())/1e3)
		}
	}
	rdb.SlowLogReset(context.Background())
}
