package topic

import (
	"math"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"testing"
)

type zzGraph struct {
	Pages []struct {
		URL    string
		Text   string
		Topics []string
	}
}

func zzRead(t *testing.T, path string, v any) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r interface{ Read([]byte) (int, error) } = f
	if path[len(path)-3:] == ".gz" {
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = gz
	}
	if err := json.NewDecoder(r).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func zzAUC(score []float64, truth []bool) float64 {
	idx := make([]int, len(score))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return score[idx[a]] < score[idx[b]] })
	var rankSum float64
	np := 0
	for r, i := range idx {
		if truth[i] {
			rankSum += float64(r + 1)
			np++
		}
	}
	nn := len(score) - np
	if np == 0 || nn == 0 {
		return 0.5
	}
	return (rankSum - float64(np*(np+1))/2) / float64(np*nn)
}

func zzF1(label, truth []bool) float64 {
	tp, fp, fn := 0, 0, 0
	for i := range label {
		switch {
		case label[i] && truth[i]:
			tp++
		case label[i]:
			fp++
		case truth[i]:
			fn++
		}
	}
	return 2 * float64(tp) / float64(max(2*tp+fp+fn, 1))
}

const NV = 5

func TestZZRelevance(t *testing.T) {
	graph, orders := os.Getenv("ZZ_GRAPH"), os.Getenv("ZZ_ORDERS")
	if graph == "" {
		return
	}
	var g zzGraph
	zzRead(t, graph, &g)
	var recs []struct {
		Topic string
		Draw  int
		Seeds []int
		Pages []int
	}
	zzRead(t, orders, &recs)

	type agg struct{ auc, f1, bf1, meas, truth [NV]float64; n int }
	per := map[string]*agg{}
	var topics []string
	for _, r := range recs {
		seeds := make([]SeedPage, len(r.Seeds))
		texts := make([]string, len(r.Seeds))
		for i, s := range r.Seeds {
			seeds[i] = SeedPage{URL: g.Pages[s].URL, Text: g.Pages[s].Text}
			texts[i] = g.Pages[s].Text
		}
		m, err := NewFromPages(Config{}, seeds)
		if err != nil {
			t.Fatal(err)
		}
		n := len(r.Pages)
		truth := make([]bool, n)
		var s [NV][]float64
		var l [NV][]bool
		for v := range NV {
			s[v], l[v] = make([]float64, n), make([]bool, n)
		}
		var pos, neg []bag
		for k, i := range r.Pages {
			p := g.Pages[i]
			truth[k] = slices.Contains(p.Topics, r.Topic)
			v := m.Vector(p.Text)
			m.Observe(v)
			rel := m.Relevance(v)
			th := m.Threshold()
			s[0][k] = rel / th
			l[0][k] = rel >= th
			zzMore(m, v.words, s, l, k, pos, neg)
			if !m.IsSeed(p.URL) && rel >= 1.2*th {
				pos = append(pos, v.words)
			}
			if rel < 0.5*th {
				neg = append(neg, v.words)
			}
		}
		a := per[r.Topic]
		if a == nil {
			a = &agg{}
			per[r.Topic] = a
			topics = append(topics, r.Topic)
		}
		a.n++
		for v := range NV {
			a.bf1[v] += zzBestF1(s[v], truth)
			a.auc[v] += zzAUC(s[v], truth)
			a.f1[v] += zzF1(l[v], truth)
			mc, tc := 0, 0
			for k := range min(200, n) {
				if l[v][k] {
					mc++
				}
				if truth[k] {
					tc++
				}
			}
			a.meas[v] += float64(mc) / 200
			a.truth[v] += float64(tc) / 200
		}
	}
	var tot agg
	for _, tp := range topics {
		a := per[tp]
		f := float64(a.n)
		fmt.Printf("%-36s truth@200 %.3f", tp, a.truth[0]/f)
		for v := range NV {
			fmt.Printf(" | %d: %.3f %.3f %.3f %.3f", v, a.auc[v]/f, a.f1[v]/f, a.bf1[v]/f, a.meas[v]/f)
		}
		fmt.Println()
		for v := range NV {
			tot.bf1[v] += a.bf1[v] / f / float64(len(topics))
			tot.auc[v] += a.auc[v] / f / float64(len(topics))
			tot.f1[v] += a.f1[v] / f / float64(len(topics))
		}
	}
	fmt.Printf("MEAN (auc f1 bestf1)")
	for v := range NV {
		fmt.Printf(" | %d: %.3f %.3f %.3f", v, tot.auc[v], tot.f1[v], tot.bf1[v])
	}
	fmt.Println()
}

func zzBestF1(score []float64, truth []bool) float64 {
	best := 0.0
	l := make([]bool, len(score))
	for _, th := range score {
		for i := range score {
			l[i] = score[i] >= th
		}
		best = max(best, zzF1(l, truth))
	}
	return best
}


func zzMore(m *Model, b bag, s [NV][]float64, l [NV][]bool, k int, pos, neg []bag) {
	sp := m.rel.Load()
	// centroid variants
	cosTo := func(cen map[uint32]float64, b bag) float64 {
		var ss float64
		for _, x := range cen {
			ss += x * x
		}
		w := m.weigh(b)
		var d float64
		for j, id := range b.ids {
			if w != nil {
				d += w[j] * cen[id]
			}
		}
		return d / max(math.Sqrt(ss), 1e-12)
	}
	meanOf := func(bs []bag) map[uint32]float64 {
		out := map[uint32]float64{}
		for _, b := range bs {
			w := m.weigh(b)
			for j, id := range b.ids {
				if w != nil {
					out[id] += w[j] / float64(len(bs))
				}
			}
		}
		return out
	}
	seedMean := map[uint32]float64{}
	for id, x := range sp.cen {
		seedMean[id] = x / float64(len(m.seedWords))
	}
	// 1: self-training: seeds + 0.5 * mean of confident pages
	if len(pos) >= 5 {
		c := map[uint32]float64{}
		for id, x := range seedMean {
			c[id] += x
		}
		for id, x := range meanOf(pos) {
			c[id] += 0.5 * x
		}
		// threshold: seeds LOO vs c (approx: seeds' cos to c, median, times th/ seeds cos to seedMean median)
		var xs, ys []float64
		for _, sb := range m.seedWords {
			xs = append(xs, cosTo(c, sb))
			ys = append(ys, cosTo(seedMean, sb))
		}
		th := sp.threshold * median(xs) / median(ys)
		s[1][k] = cosTo(c, b) / th
	} else {
		s[1][k] = s[0][k]
	}
	l[1][k] = s[1][k] >= 1
	// 2: rocchio with reliable negatives
	if len(neg) >= 10 {
		c := map[uint32]float64{}
		for id, x := range seedMean {
			c[id] += x
		}
		for id, x := range meanOf(neg) {
			c[id] -= 0.25 * x
		}
		var xs, ys []float64
		for _, sb := range m.seedWords {
			xs = append(xs, cosTo(c, sb))
			ys = append(ys, cosTo(seedMean, sb))
		}
		th := sp.threshold * median(xs) / median(ys)
		s[2][k] = cosTo(c, b) / th
	} else {
		s[2][k] = s[0][k]
	}
	l[2][k] = s[2][k] >= 1
	s[3][k] = s[0][k]
	l[3][k] = s[0][k] >= 0.9
	s[4][k] = s[0][k]
	l[4][k] = s[0][k] >= 1.1
}
