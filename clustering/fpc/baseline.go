package fpc

import (
	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/extraction/stm"
)

// STMCure is the paper's baseline: pages compared by Simple Tree Matching
// (2·STM/(|A|+|B|), the one STM of extraction/stm) and grouped by
// CURE-like agglomerative average-link clustering, merging the closest pair
// of clusters while their average similarity is at least threshold. It
// returns a cluster number (from 1) per page. Cost: n² tree matchings.
func STMCure(docs []*html.Node, threshold float64) []int64 {
	n := len(docs)
	trees := make([]*stm.Tree, n)
	for i, d := range docs {
		trees[i] = stm.Build(d, stm.DefaultOptions())
	}
	sim := make([][]float64, n)
	for i := range sim {
		sim[i] = make([]float64, n)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			s := stm.Similarity(trees[i], trees[j])
			sim[i][j], sim[j][i] = s, s
		}
	}
	// clusters as member lists; link[a][b] = Σ pairwise similarity.
	members := make([][]int, n)
	for i := range members {
		members[i] = []int{i}
	}
	link := make([][]float64, n)
	for i := range link {
		link[i] = append([]float64(nil), sim[i]...)
	}
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	for {
		ba, bb, bs := -1, -1, -1.0
		for a := 0; a < n; a++ {
			if !alive[a] {
				continue
			}
			for b := a + 1; b < n; b++ {
				if !alive[b] {
					continue
				}
				if s := link[a][b] / float64(len(members[a])*len(members[b])); s > bs {
					ba, bb, bs = a, b, s
				}
			}
		}
		if ba < 0 || bs < threshold {
			break
		}
		members[ba] = append(members[ba], members[bb]...)
		alive[bb] = false
		for c := 0; c < n; c++ {
			link[ba][c] += link[bb][c]
			link[c][ba] = link[ba][c]
		}
	}
	out := make([]int64, n)
	id := int64(0)
	for a := range members {
		if !alive[a] {
			continue
		}
		id++
		for _, m := range members[a] {
			out[m] = id
		}
	}
	return out
}
