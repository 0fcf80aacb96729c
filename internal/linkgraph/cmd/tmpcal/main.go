package main

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

func main() {
	g, _ := linkgraph.ReadFile(os.Args[1])
	for _, t := range strings.Split(os.Args[2], ",") {
		for d := uint64(0); d < 3; d++ {
			seeds, _ := g.DrawSeeds(t, 10, 1, d)
			var sp []topic.SeedPage
			for _, s := range seeds {
				sp = append(sp, topic.SeedPage{URL: g.Pages[s].URL, Text: g.Pages[s].Text})
			}
			m, err := topic.NewFromPages(topic.Config{}, sp)
			if err != nil {
				panic(err)
			}
			nt := len(m.Terms())
			// dense tf vectors
			vecs := make([][]float64, len(g.Pages))
			df := make([]float64, nt)
			for i, p := range g.Pages {
				vecs[i] = m.Dense(m.Vector(p.Text))
				for k, x := range vecs[i] {
					if x > 0 {
						df[k]++
					}
				}
			}
			// background sample: 300 pages (a crawl's worth)
			idf := make([]float64, nt)
			for k := range idf {
				idf[k] = math.Log(float64(len(g.Pages)+1) / (df[k] + 1))
			}
			w := func(v []float64) []float64 {
				o := make([]float64, nt)
				var ss float64
				for k := range v {
					o[k] = v[k] * idf[k]
					ss += o[k] * o[k]
				}
				if ss > 0 {
					for k := range o {
						o[k] /= math.Sqrt(ss)
					}
				}
				return o
			}
			var sv [][]float64
			for _, s := range seeds {
				sv = append(sv, w(vecs[s]))
			}
			cen := make([]float64, nt)
			for _, v := range sv {
				for k := range v {
					cen[k] += v[k]
				}
			}
			cos := func(a, b []float64) float64 {
				var d, na, nb float64
				for k := range a {
					d += a[k] * b[k]
					na += a[k] * a[k]
					nb += b[k] * b[k]
				}
				if na == 0 || nb == 0 {
					return 0
				}
				return d / math.Sqrt(na*nb)
			}
			var loo []float64
			for _, v := range sv {
				r := make([]float64, nt)
				for k := range r {
					r[k] = cen[k] - v[k]
				}
				loo = append(loo, cos(v, r))
			}
			sort.Float64s(loo)
			med := (loo[4] + loo[5]) / 2
			type sc struct {
				s   float64
				pos bool
			}
			npos := 0
			var all []sc
			for i := range g.Pages {
				all = append(all, sc{cos(w(vecs[i]), cen), g.Has(i, t)})
				if g.Has(i, t) {
					npos++
				}
			}
			line := ""
			best, bestC := 0.0, 0.0
			for _, c := range []float64{0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0} {
				tp, fp := 0, 0
				for _, x := range all {
					if x.s >= c*med {
						if x.pos {
							tp++
						} else {
							fp++
						}
					}
				}
				f1 := 2 * float64(tp) / float64(tp+fp+npos)
				line += fmt.Sprintf(" %.1f:%.2f(%d)", c, f1, tp+fp)
				if f1 > best {
					best, bestC = f1, c
				}
			}
			fmt.Printf("%-30s d%d med %.3f best c=%.1f F1 %.2f |%s\n", t, d, med, bestC, best, line)
		}
	}
}
