package hub

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

type memoKey struct {
	url, anchor string
	depth       int
}

// TestLinkMemoIsAMap holds linkMemo to a map[memoKey]float64 over random
// puts, gets and resets (past the table's first size: grown), with the hashes narrowed so that most
// keys share one with others (chains), and with keys whose URL and anchor
// bytes run together alike ("ab"+"c", "a"+"bc").
func TestLinkMemoIsAMap(t *testing.T) {
	for _, narrow := range []uint64{0, 7, 1} {
		t.Run(fmt.Sprintf("narrow=%d", narrow), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, narrow))
			var keys []memoKey
			urls := []string{"", "a", "ab", "abc", "b", "bc", "c", "http://x/a.html", "ü"}
			for i := range 300 {
				urls = append(urls, fmt.Sprintf("http://x/%d.html", i))
			}
			for _, s := range urls {
				for _, a := range []string{"", "a", "bc", "c", "Next ›"} {
					for d := range 3 {
						keys = append(keys, memoKey{s, a, d})
					}
				}
			}
			m := linkMemo{narrow: narrow}
			ref := map[memoKey]float64{}
			for step := range 20_000 {
				k := keys[rng.IntN(len(keys))]
				switch op := rng.IntN(20); {
				case op < 8:
					v := float64(step)
					m.put(k.url, k.anchor, k.depth, v)
					ref[k] = v
				case op == 12 && step%197 == 0:
					m.reset()
					clear(ref)
				default:
					got, ok := m.get(k.url, k.anchor, k.depth)
					want, wok := ref[k]
					if got != want || ok != wok {
						t.Fatalf("step %d: get(%q, %q, %d) = %v, %v, want %v, %v", step, k.url, k.anchor, k.depth, got, ok, want, wok)
					}
				}
				if m.len() != len(ref) {
					t.Fatalf("step %d: len() = %d, want %d", step, m.len(), len(ref))
				}
			}
		})
	}
}

// BenchmarkLinkMemo is a remembered link's look-up (hit) and a put of a
// new one after a reset every 4096 links, over the test links.
func BenchmarkLinkMemo(b *testing.B) {
	ex := loadTestLinks(b)
	b.Run("hit", func(b *testing.B) {
		var m linkMemo
		for i, e := range ex {
			m.put(e.URL, e.Anchor, e.Depth, float64(i))
		}
		b.ReportAllocs()
		i := 0
		var s float64
		for b.Loop() {
			u := ex[i%len(ex)].URLInfo
			v, ok := m.get(u.URL, u.Anchor, u.Depth)
			if !ok {
				b.Fatalf("%q not remembered", u.URL)
			}
			s += v
			i++
		}
		_ = s
	})
	b.Run("put", func(b *testing.B) {
		var m linkMemo
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if i%4096 == 0 {
				m.reset()
			}
			u := ex[i%len(ex)].URLInfo
			m.put(u.URL, u.Anchor, u.Depth, 1)
			i++
		}
	})
}
