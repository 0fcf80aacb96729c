package topic_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
)

// wire is a Sharer that encodes each judgement as the Redis side does.
type wire struct {
	mu  sync.Mutex
	buf []byte
	n   int
}

func (w *wire) Publish(j topic.Judgement) {
	w.mu.Lock()
	defer w.mu.Unlock()
	b, err := j.AppendBinary(w.buf)
	if err != nil {
		panic(err)
	}
	w.buf, w.n = b, w.n+1
}

// deliver decodes every judgement published so far into h.Learn.
func (w *wire) deliver(t *testing.T, h *topic.Hook) int {
	t.Helper()
	w.mu.Lock()
	b := w.buf
	w.buf = nil
	w.mu.Unlock()
	n := 0
	for len(b) > 0 {
		j, rest, err := topic.ReadJudgement(b)
		if err != nil {
			t.Fatal(err)
		}
		h.Learn(j)
		b, n = rest, n+1
	}
	return n
}

// TestSharedJudgementsTrainTheOtherProcess: process A fetches the pages
// behind "match" and "market" links and shares its judgements; process B,
// which fetched none of them, learns from them (the examples that came
// with them) and ranks an unseen match link above a market link as A
// does. A link B scored itself is learned with B's own features, and a
// page judged twice is learned once.
func TestSharedJudgementsTrainTheOtherProcess(t *testing.T) {
	ctx := context.Background()
	newHook := func() *topic.Hook {
		h, err := topic.NewHook(sportModel(t, topic.Config{Retrain: 5, Relevance: 0.3}), nil)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	a, b, c := newHook(), newHook(), newHook()
	w, wb := &wire{}, &wire{}
	a.ShareWith(w)
	b.ShareWith(wb)
	parent := page(t, "http://demo/hub", "sport-101")
	for _, h := range []*topic.Hook{a, b, c} {
		if err := h.OnPage(ctx, parent); err != nil {
			t.Fatal(err)
		}
	}
	own := crawl.Link{URL: "http://demo/match/own", Anchor: "match story"}
	if err := b.OnURL(ctx, parent, &own); err != nil { // B scored it, A fetches it
		t.Fatal(err)
	}
	sport := []string{"sport-001", "sport-002", "sport-003", "sport-004", "sport-005", "sport-006", "sport-400", "sport-450"}
	biz := []string{"business-001", "business-002", "business-003", "tech-002", "tech-003", "politics-001", "entertainment-001", "entertainment-002"}
	for i := range sport {
		for _, c := range []struct{ word, name string }{{"match", sport[i]}, {"market", biz[i]}} {
			u := fmt.Sprintf("http://demo/%s/%d", c.word, i)
			l := crawl.Link{URL: u, Anchor: c.word + " story"}
			if err := a.OnURL(ctx, parent, &l); err != nil {
				t.Fatal(err)
			}
			p := page(t, u, c.name)
			p.Parent = parent.URL
			if err := a.OnPage(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	p := page(t, own.URL, "sport-500")
	p.Parent = parent.URL
	if err := a.OnPage(ctx, p); err != nil {
		t.Fatal(err)
	}
	pub := w.buf
	if got := w.deliver(t, b); got != 2*len(sport)+2 {
		t.Fatalf("A published %d judgements, want %d (the parent, the pages)", got, 2*len(sport)+2)
	}
	w.buf = pub
	w.deliver(t, c)
	_, apos, aneg := a.LinkModelStats()
	n, pos, neg := b.LinkModelStats()
	if n == 0 || pos+neg != apos+aneg+1 {
		t.Fatalf("B trained %d times on %d/%d examples, want A's %d/%d and its own link's", n, pos, neg, apos, aneg)
	}
	// B scored the link to own.URL, whose judgement came without an
	// example: B publishes its example, and C, which scored no link to
	// it, learns it from B.
	_, cpos, cneg := c.LinkModelStats()
	if got := wb.deliver(t, c); got != 2 {
		t.Fatalf("B published %d judgements, want 2 (the parent page it fetched, the example of the link it scored)", got)
	}
	if _, pos2, neg2 := c.LinkModelStats(); pos2+neg2 != cpos+cneg+1 || cpos+cneg != apos+aneg {
		t.Errorf("C: %d examples after A's judgements (A has %d), %d after B's example", cpos+cneg, apos+aneg, pos2+neg2)
	}
	again, _, _ := topic.ReadJudgement(mustEncode(t, topic.Judgement{URL: own.URL, Relevant: true, Rel: 2}))
	b.Learn(again)
	if _, pos2, neg2 := b.LinkModelStats(); pos2+neg2 != pos+neg {
		t.Errorf("a page judged twice was learned twice: %d examples, want %d", pos2+neg2, pos+neg)
	}
	x, y := crawl.Link{URL: "http://demo/new/match-x", Anchor: "match tonight"}, crawl.Link{URL: "http://demo/new/market-x", Anchor: "market tonight"}
	for _, l := range []*crawl.Link{&x, &y} {
		if err := b.OnURL(ctx, parent, l); err != nil {
			t.Fatal(err)
		}
	}
	if x.Priority <= y.Priority {
		t.Errorf("B after A's judgements: match link %.3f ≤ market link %.3f", x.Priority, y.Priority)
	}
}

func mustEncode(t testing.TB, j topic.Judgement) []byte {
	b, err := j.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzReadJudgement: any bytes decode to a judgement or ErrBadJudgement,
// never a panic; a decoded judgement encodes back to the bytes it was
// read from.
func FuzzReadJudgement(f *testing.F) {
	f.Add(mustEncode(f, topic.Judgement{URL: "http://a/b", Parent: "http://a/", Rel: 1.2, Relevant: true}))
	f.Add([]byte{})
	f.Add([]byte{0x80, 0x80, 0x80})
	f.Fuzz(func(t *testing.T, b []byte) {
		j, rest, err := topic.ReadJudgement(b)
		if err != nil {
			if !errors.Is(err, topic.ErrBadJudgement) {
				t.Fatalf("error %v is not ErrBadJudgement", err)
			}
			return
		}
		enc := mustEncode(t, j)
		if !bytes.Equal(enc, b[:len(b)-len(rest)]) {
			t.Fatalf("re-encoded %x, read from %x", enc, b[:len(b)-len(rest)])
		}
	})
}

// TestLearnWhileCrawling: judgements of other processes arrive while the
// workers score pages and links (run with -race).
func TestLearnWhileCrawling(t *testing.T) {
	ctx := context.Background()
	h, err := topic.NewHook(sportModel(t, topic.Config{Retrain: 3, Relevance: 0.3}), nil)
	if err != nil {
		t.Fatal(err)
	}
	h.ShareWith(&wire{})
	names := []string{"sport-001", "business-001", "sport-002", "tech-002", "sport-003", "politics-001"}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 30 {
				p := page(t, fmt.Sprintf("http://demo/w%d/%d", w, i), names[i%len(names)])
				p.Parent = "http://demo/hub"
				if err := h.OnPage(ctx, p); err != nil {
					t.Error(err)
					return
				}
				l := crawl.Link{URL: fmt.Sprintf("http://demo/r/%d", i), Anchor: "match story"}
				if err := h.OnURL(ctx, p, &l); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	learn := func(i int) {
		h.Learn(topic.Judgement{URL: fmt.Sprintf("http://demo/r/%d", i), Parent: "http://demo/hub", Rel: float64(i%3) / 2, Relevant: i%3 == 2})
	}
	for i := range 15 { // while the workers run: their links may not be scored yet
		learn(i)
	}
	wg.Wait()
	_, pos0, neg0 := h.LinkModelStats()
	for i := 15; i < 30; i++ { // scored by now: each is an example
		learn(i)
	}
	if _, pos, neg := h.LinkModelStats(); pos+neg != pos0+neg0+15 {
		t.Errorf("%d examples after 15 judgements of scored links, want %d", pos+neg, pos0+neg0+15)
	}
}

// BenchmarkJudgement measures what sharing adds to a page: its judgement
// encoded (on OnPage's path) and decoded (by each other process), with an
// example of a scored link.
func BenchmarkJudgement(b *testing.B) {
	ctx := context.Background()
	h, err := topic.NewHook(sportModel(b, topic.Config{Retrain: 5, Relevance: 0.3}), nil)
	if err != nil {
		b.Fatal(err)
	}
	w := &wire{}
	h.ShareWith(w)
	parent := page(b, "http://demo/sport/p", "sport-003")
	if err := h.OnPage(ctx, parent); err != nil {
		b.Fatal(err)
	}
	l := crawl.Link{URL: "http://demo/sport/2005/02/12/man-city-0-2-man-utd-101.html", Anchor: "Man City 0-2 Man Utd"}
	if err := h.OnURL(ctx, parent, &l); err != nil {
		b.Fatal(err)
	}
	p := page(b, l.URL, "sport-004")
	p.Parent = parent.URL
	if err := h.OnPage(ctx, p); err != nil {
		b.Fatal(err)
	}
	j, rest, err := topic.ReadJudgement(w.buf[len(mustEncode(b, topic.Judgement{URL: parent.URL})):])
	if err != nil || len(rest) != 0 || j.URL != l.URL {
		b.Fatalf("the page's judgement: %+v, %d bytes left, %v", j, len(rest), err)
	}
	enc := mustEncode(b, j)
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 1024)
		for b.Loop() {
			buf, _ = j.AppendBinary(buf[:0])
		}
		if len(buf) != len(enc) {
			b.Fatalf("%d bytes, want %d", len(buf), len(enc))
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		var got topic.Judgement
		for b.Loop() {
			got, _, _ = topic.ReadJudgement(enc)
		}
		if got.URL != j.URL {
			b.Fatalf("decoded %q", got.URL)
		}
	})
	b.ReportMetric(float64(len(enc)), "bytes")
}
