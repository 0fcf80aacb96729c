package extraction

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/internal/docsubset"
)

// eagerClusters is clusterChildren as it was before its pairs were
// matched lazily: every pair of shapes matched, in order, then the
// average-link clustering; the reference TestLazyClusters holds the lazy
// one to.
func eagerClusters(m *stm.Matcher, t *stm.Tree, kids []int32, d0 float64) ([]int, []float64) {
	shapeOf, reps, cnt := shapes(t, kids)
	u := len(reps)
	best := make([]float64, u)
	dist := make([][]float64, u)
	for a := range u {
		dist[a] = make([]float64, u)
	}
	for a := range u {
		for b := a + 1; b < u; b++ {
			s := 0.0
			if t.Label[reps[a]] == t.Label[reps[b]] && sizeBound(t, reps[a], reps[b]) >= minBound {
				s = m.SimilarityNodesWithin(t, int(reps[a]), t, int(reps[b]), pairCells)
			}
			d := (1 - s) * cnt[a] * cnt[b]
			dist[a][b], dist[b][a] = d, d
			best[a], best[b] = max(best[a], s), max(best[b], s)
		}
	}
	partner := make([]float64, len(kids))
	for i := range kids {
		if shapeOf[i] < 0 {
			continue
		}
		partner[i] = best[shapeOf[i]]
		if cnt[shapeOf[i]] > 1 {
			partner[i] = 1
		}
	}
	owner := make([]int, u)
	alive := make([]bool, u)
	for a := range u {
		owner[a], alive[a] = a, true
	}
	for {
		ba, bb, bd := -1, -1, d0
		for a := range u {
			if !alive[a] {
				continue
			}
			for b := a + 1; b < u; b++ {
				if alive[b] {
					if d := dist[a][b] / (cnt[a] * cnt[b]); d < bd {
						ba, bb, bd = a, b, d
					}
				}
			}
		}
		if ba < 0 {
			break
		}
		alive[bb] = false
		cnt[ba] += cnt[bb]
		for c := range u {
			if alive[c] && c != ba {
				dist[ba][c] += dist[bb][c]
				dist[c][ba] = dist[ba][c]
			}
		}
		for s := range owner {
			if owner[s] == bb {
				owner[s] = ba
			}
		}
	}
	out := make([]int, len(kids))
	for i := range kids {
		if shapeOf[i] < 0 {
			out[i] = u + i
			continue
		}
		out[i] = owner[shapeOf[i]]
	}
	return out, partner
}

// TestLazyClusters holds clusterChildren (pairs matched only when the
// result depends on them) to eagerClusters on the children of every
// candidate region of real pages (the embedded documentation subsets and
// the list pages of testdata): the same clusters and, over a uniform
// core, the same partners, each with a matcher of its own and no budget.
// It also holds bounds.oneLevel to be an upper bound of STM on the pairs.
func TestLazyClusters(t *testing.T) {
	cfg := Config{}.withDefaults()
	pages := subsetsAndFiles(t, cfg, "testdata/records/*/page.html", "testdata/bench/*.html")
	if len(pages) < 200 {
		t.Fatalf("%d pages", len(pages))
	}
	regions, merged, partners := 0, 0, 0
	for _, p := range pages {
		var lazy, eager stm.Matcher
		for _, c := range rankRegions(p, cfg.Weights, cfg.Candidates) {
			kids := p.t.Children(c.node)
			got, partner, _ := clusterChildren(&lazy, p, kids, cfg.D0)
			want, wantPartner := eagerClusters(&eager, p.t, kids, cfg.D0)
			if !slices.Equal(got, want) {
				t.Fatalf("region %d (%s): clusters %v, want %v", c.node, p.name(int32(c.node)), got, want)
			}
			regions++
			if _, reps, _ := shapes(p.t, kids); len(slices.Compact(slices.Sorted(slices.Values(got)))) < len(reps) {
				merged++ // two shapes in one cluster
			}
			if lo, hi := uniformCore(p, kids); hi-lo >= 2 {
				if g, w := partner(lo, hi), wantPartner[lo:hi]; !slices.Equal(g, w) {
					t.Fatalf("region %d: partners %v, want %v", c.node, g, w)
				}
				partners++
			}
			_, reps, _ := shapes(p.t, kids)
			for a := range reps {
				for b := a + 1; b < len(reps); b++ {
					if p.t.Label[reps[a]] != p.t.Label[reps[b]] {
						continue
					}
					if ub, s := p.bounds.oneLevel(p.t, reps[a], reps[b]), lazy.MatchNodes(p.t, int(reps[a]), p.t, int(reps[b])); s > ub {
						t.Fatalf("region %d: STM %d above its bound %d", c.node, s, ub)
					}
				}
			}
		}
	}
	if merged == 0 || partners == 0 {
		t.Fatalf("%d regions, %d with merged clusters, %d uniform cores: nothing compared", regions, merged, partners)
	}
	t.Logf("%d regions, %d with merged clusters, %d uniform cores", regions, merged, partners)
}

// subsetsAndFiles returns the pages of the embedded Python and PostgreSQL
// documentation subsets, then of the files each glob matches, each parsed
// and made a page with cfg's MaxNodes.
func subsetsAndFiles(t *testing.T, cfg Config, globs ...string) []*page {
	t.Helper()
	var docs [][]byte
	for _, name := range []string{docsubset.Python311, docsubset.PostgreSQL15} {
		pages, err := docsubset.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			docs = append(docs, p.Body)
		}
	}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, raw)
		}
	}
	pages := make([]*page, 0, len(docs))
	for _, raw := range docs {
		doc, err := htmldecode.Parse(raw, "text/html")
		if err != nil {
			t.Fatal(err)
		}
		p, err := newPage(doc, cfg.MaxNodes)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	return pages
}
