package redisshare_test

import (
	"context"
	"maps"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/classifiers/topic/redisshare"
	"github.com/crawl-project/crawl/internal/redistest"
)

// sums is a redisshare.Model that adds up what it is given.
type sums struct {
	mu          sync.Mutex
	space       string
	docs, folds int64
	df          map[uint32]int64
	sum         []float64
	rel         topic.RelHist
}

func newSums(space string) *sums {
	return &sums{space: space, df: map[uint32]int64{}, sum: make([]float64, 4)}
}

func (m *sums) Features() int { return len(m.sum) }
func (m *sums) Space() string { return m.space }
func (m *sums) AddStats(d topic.StatsDelta) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.docs += d.Docs
	m.folds += d.Folds
	for k, id := range d.Words {
		m.df[id] += d.Counts[k]
	}
	for i, x := range d.Sum {
		m.sum[i] += x
	}
	for _, c := range d.Rel {
		m.rel.Add(c.Epoch, c.Bin, c.N)
	}
	return nil
}

// relWith is m's relevance counts with own's added, non-zero ones only.
func (m *sums) relWith(own *sums) map[topic.RelCount]bool {
	var h topic.RelHist
	for _, s := range []*sums{m, own} {
		for _, c := range s.rel.Counts() {
			h.Add(c.Epoch, c.Bin, c.N)
		}
	}
	out := map[topic.RelCount]bool{}
	for _, c := range h.Counts() {
		out[c] = true
	}
	return out
}

// state is what m holds, with own's observations added, as text.
func (m *sums) with(own *sums) (docs, folds int64, df map[uint32]int64, sum []float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	df = map[uint32]int64{}
	for id, n := range m.df {
		df[id] += n
	}
	for id, n := range own.df {
		df[id] += n
	}
	sum = make([]float64, len(m.sum))
	for i := range sum {
		sum[i] = m.sum[i] + own.sum[i]
	}
	return m.docs + own.docs, m.folds + own.folds, df, sum
}

// observe has s observe page p of process i and records it in own.
func observe(s *redisshare.StatsShare, own *sums, i, p int) {
	words := []uint32{uint32(p % 7), uint32(100 + i), uint32(topic.WordSpace - 1 - p%3)}
	if s != nil {
		s.Observed(words)
	}
	own.AddStats(topic.StatsDelta{Docs: 1, Words: words, Counts: []int64{1, 1, 1}})
	// the relevance of page p, in epochs of 6 pages: 90 pages pass the window
	e, b := int64(p/6), p*37%topic.RelBins
	if s != nil {
		s.Judged(e, b)
	}
	own.AddStats(topic.StatsDelta{Rel: []topic.RelCount{{Epoch: e, Bin: b, N: 1}}})
	if p%4 == 0 {
		f := topic.Fold{Idx: []int32{int32(p % 4), 3}, Val: []float64{0.6, 0.8}}
		if s != nil {
			s.Folded(f)
		}
		sum := make([]float64, 4)
		sum[f.Idx[0]] += f.Val[0]
		sum[3] += f.Val[1]
		own.AddStats(topic.StatsDelta{Folds: 1, Sum: sum})
	}
}

// TestStatsAddUpOverProcesses: three processes observe pages and fold
// some into their centroid; each ends with the crawl's totals (its own
// observations plus what it received), a process that joins later starts
// from them, one whose place in the stream was trimmed away reads the
// totals again and still ends with them, and a model of another space
// is refused.
func TestStatsAddUpOverProcesses(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	rdb := srv.Client()
	cfg := func(owner string) redisshare.StatsConfig {
		return redisshare.StatsConfig{Prefix: "crawl:{t}:topic:stats:", Owner: owner, Every: 10 * time.Millisecond}
	}
	const space = "abc-4"
	models, own := make([]*sums, 4), make([]*sums, 4)
	shares := make([]*redisshare.StatsShare, 4)
	for i := range 3 {
		models[i], own[i] = newSums(space), newSums(space)
		s, err := redisshare.NewStats(ctx, rdb, cfg(string(rune('a'+i))), models[i], nil)
		if err != nil {
			t.Fatal(err)
		}
		shares[i] = s
	}
	total := newSums(space)
	for p := range 60 {
		i := p % 3
		observe(shares[i], own[i], i, p)
		observe(nil, total, i, p)
		if p == 30 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	wantDocs, wantFolds, wantDF, wantSum := total.with(newSums(space))
	wantRel := total.relWith(newSums(space))
	agree := func(i int) string {
		docs, folds, df, sum := models[i].with(own[i])
		var bad []string
		if docs != wantDocs || folds != wantFolds || len(df) != len(wantDF) {
			bad = append(bad, "counts")
		}
		for id, n := range wantDF {
			if df[id] != n {
				bad = append(bad, "word")
				break
			}
		}
		for k := range sum {
			if math.Abs(sum[k]-wantSum[k]) > 1e-9 {
				bad = append(bad, "sum")
			}
		}
		if rel := models[i].relWith(own[i]); !maps.Equal(rel, wantRel) {
			bad = append(bad, "relevance")
		}
		return strings.Join(bad, ",")
	}
	waitAgree := func(n int) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for i := range n {
			for agree(i) != "" && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if bad := agree(i); bad != "" {
				d, f, _, _ := models[i].with(own[i])
				t.Fatalf("process %d: %s differ from the crawl's (%d pages, %d folded; want %d, %d)", i, bad, d, f, wantDocs, wantFolds)
			}
		}
	}
	waitAgree(3)
	// A process joining now starts from the totals.
	models[3], own[3] = newSums(space), newSums(space)
	late, err := redisshare.NewStats(ctx, rdb, cfg("d"), models[3], nil)
	if err != nil {
		t.Fatal(err)
	}
	shares[3] = late
	if bad := agree(3); bad != "" {
		t.Fatalf("a late process: %s differ from the crawl's right after it joined", bad)
	}
	// Process a restarts with a fresh model (its pages are in the totals),
	// an entry is lost (its number taken, nothing appended: every reader's
	// next entry is out of sequence) and the stream is trimmed while a is
	// down: every process reads the totals again and ends with them.
	shares[0].Close()
	models[0], own[0] = newSums(space), newSums(space)
	if err := rdb.HIncrBy(ctx, "crawl:{t}:topic:stats:meta", "seq", 1).Err(); err != nil {
		t.Fatal(err)
	}
	for p := 60; p < 90; p++ {
		i := 1 + p%3
		observe(shares[i], own[i], i, p)
		observe(nil, total, i, p)
	}
	time.Sleep(100 * time.Millisecond)
	if err := rdb.XTrimMaxLen(ctx, "crawl:{t}:topic:stats:log", 0).Err(); err != nil {
		t.Fatal(err)
	}
	wantDocs, wantFolds, wantDF, wantSum = total.with(newSums(space))
	wantRel = total.relWith(newSums(space))
	restarted, err := redisshare.NewStats(ctx, rdb, cfg("a"), models[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	shares[0] = restarted
	waitAgree(4)
	for i, s := range shares {
		s.Close()
		st := s.Stats()
		t.Logf("process %d: %+v", i, st)
		if i > 0 && st.Resyncs == 0 {
			t.Errorf("process %d: no resync after an entry was lost", i)
		}
		if st.Bad != 0 {
			t.Errorf("process %d: %d unreadable entries", i, st.Bad)
		}
	}
	// the totals hold the relevance counts of the window's epochs only
	keys, err := rdb.Keys(ctx, "crawl:{t}:topic:stats:rel:*").Result()
	if err != nil || len(keys) != topic.RelWindow || len(wantRel) == 0 {
		t.Errorf("relevance keys in Redis: %v (%v); want %d", keys, err, topic.RelWindow)
	}
	if _, err := redisshare.NewStats(ctx, rdb, cfg("e"), newSums("other-4"), nil); err == nil || !strings.Contains(err.Error(), "another model space") {
		t.Errorf("a model of another space joined: err = %v", err)
	}
}

// TestStatsTrimmedBeforeRead: a process that had not read another's
// entries when the stream was trimmed of them, and sees no entry after,
// reads the totals again (nothing would show it the gap otherwise: the
// crawl's last pages, every other process idle) and ends with the
// crawl's totals. The pumps do not tick (Every an hour): each exchange is
// made by the test, in this order.
func TestStatsTrimmedBeforeRead(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	rdb := srv.Client()
	const space, prefix = "abc-4", "crawl:{t}:topic:stats:"
	cfg := func(owner string) redisshare.StatsConfig {
		return redisshare.StatsConfig{Prefix: prefix, Owner: owner, Every: time.Hour}
	}
	models, own := []*sums{newSums(space), newSums(space)}, []*sums{newSums(space), newSums(space)}
	shares := make([]*redisshare.StatsShare, 2)
	for i := range shares {
		s, err := redisshare.NewStats(ctx, rdb, cfg(string(rune('a'+i))), models[i], nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		shares[i] = s
	}
	total := newSums(space)
	for p := range 12 {
		observe(shares[0], own[0], 0, p)
		observe(nil, total, 0, p)
	}
	if err := shares[0].Exchange(ctx); err != nil {
		t.Fatal(err)
	}
	if err := rdb.XTrimMaxLen(ctx, prefix+"log", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if err := shares[1].Exchange(ctx); err != nil {
		t.Fatal(err)
	}
	wantDocs, wantFolds, wantDF, _ := total.with(newSums(space))
	docs, folds, df, _ := models[1].with(own[1])
	if docs != wantDocs || folds != wantFolds || !maps.Equal(df, wantDF) {
		t.Errorf("process b after the trim: %d pages, %d folded, words %v; want %d, %d, %v", docs, folds, df, wantDocs, wantFolds, wantDF)
	}
	if st := shares[1].Stats(); st.Resyncs != 1 {
		t.Errorf("process b: %d resyncs, want 1", st.Resyncs)
	}
	// Caught up, it reads nothing more and does not resync again.
	if err := shares[1].Exchange(ctx); err != nil {
		t.Fatal(err)
	}
	if st := shares[1].Stats(); st.Resyncs != 1 {
		t.Errorf("process b, caught up: %d resyncs, want 1", st.Resyncs)
	}
}

// BenchmarkStatsObserved: what a distributed crawl's OnPage pays to share
// a page's words (300 distinct ids) with the other processes; the sends
// run in the background. Every page observed is sent by Close.
func BenchmarkStatsObserved(b *testing.B) {
	srv := redistest.Start(b, redistest.Options{})
	s, err := redisshare.NewStats(context.Background(), srv.Client(),
		redisshare.StatsConfig{Prefix: "crawl:{b}:topic:stats:", Owner: "a"}, newSums("abc-4"), nil)
	if err != nil {
		b.Fatal(err)
	}
	words := make([]uint32, 300)
	for i := range words {
		words[i] = uint32(i * 811 % topic.WordSpace)
	}
	n := int64(0)
	b.ReportAllocs()
	for b.Loop() {
		s.Observed(words)
		n++
	}
	b.StopTimer()
	s.Close()
	if st := s.Stats(); st.Sent != n {
		b.Fatalf("%d pages sent of %d observed", st.Sent, n)
	}
}
