package fpc

import (
	"math"
	"slices"
)

// Config holds the thresholds of MKmeans and the incremental merge. Zero
// fields take the defaults given in their comments (fitted on the tuning
// half of the templates, see README.md).
type Config struct {
	Weights   Weights // zero: DefaultWeights
	D         float64 // a page less similar than D to every centre starts a new cluster; default 0.6
	Alpha     float64 // clusters whose centres are at least this similar merge; also the Jaccard smoothing; default 0.5
	E         float64 // MKmeans stops when the mean intra-cluster similarity moves less than E; default 0.002
	T         int     // MKmeans iterations at most; default 5
	Beta      float64 // LSH: candidates share more than 32·Beta fingerprints; default 0.05
	LayerKeep float64 // a centre layer is dropped when the members' average cosine to it is below; default 0.5
	SetKeep   float64 // a centre set keeps elements of more than this share of members; default 0.5
	// KeepSingletons: true runs MKmeans as the paper does, leaving a page
	// that seeded a cluster no other page joined in a cluster of its own;
	// false (the default) moves it to the most similar other centre when
	// it is at least D similar to it (rejoinSingletons).
	KeepSingletons bool
}

func (c Config) withDefaults() Config {
	if c.Weights == (Weights{}) {
		c.Weights = DefaultWeights
	}
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.D, 0.6)
	def(&c.Alpha, 0.5)
	def(&c.E, 0.002)
	def(&c.Beta, 0.05)
	def(&c.LayerKeep, 0.5)
	def(&c.SetKeep, 0.5)
	if c.T == 0 {
		c.T = 5
	}
	return c
}

// MKmeans clusters pages without a K (algorithm 1): it seeds a centre
// with every page less similar than D to all centres so far, then repeats
// assign → update centres → merge centres at least Alpha similar, until T
// rounds or the mean intra-cluster similarity changes by less than E. It
// returns the cluster of each page (0-based) and the clusters'
// accumulators.
func MKmeans(pages []*Features, cfg Config) ([]int, int) {
	cfg = cfg.withDefaults()
	assign, accs := mkmeans(pages, &cfg, 0)
	return assign, len(accs)
}

// seedClusters is MKmeans' step 1: each page whose best similarity to the
// centres so far is below cfg.D starts a cluster of its own.
func seedClusters(pages []*Features, cfg *Config) []*acc {
	var accs []*acc
	for _, p := range pages {
		if _, s := best(p, accs, cfg); s < cfg.D {
			a := newAcc()
			a.add(p, cfg)
			accs = append(accs, a)
		}
	}
	return accs
}

// mkmeans is MKmeans on up to procs goroutines (≤ 1: serial; see
// parallel.go).
func mkmeans(pages []*Features, cfg *Config, procs int) ([]int, []*acc) {
	accs := seedClusters(pages, cfg)
	assign := make([]int, len(pages))
	var members [][]int32
	prev := math.Inf(-1)
	for round := 0; round < cfg.T && len(accs) > 0; round++ {
		intra := assignAll(pages, accs, assign, cfg, procs)
		centres := make([]*Features, len(accs))
		for k, a := range accs {
			centres[k] = a.centre // derived by assignAll
		}
		members = groupMembers(members, assign, len(accs))
		accs = compact(rebuildAll(pages, accs, members, centres, cfg, procs), assign)
		accs = mergeClose(accs, assign, cfg)
		if math.Abs(intra-prev) < cfg.E {
			break
		}
		prev = intra
	}
	if !cfg.KeepSingletons {
		accs = rejoinSingletons(pages, accs, assign, cfg)
	}
	for _, a := range accs {
		a.from, a.sims = nil, nil // the accumulators outlive the batch: nothing of its pages kept
	}
	return assign, accs
}

// groupMembers returns, for each of k clusters, its pages in page order
// (indexes into the batch), in the memory of members.
func groupMembers(members [][]int32, assign []int, k int) [][]int32 {
	members = slices.Grow(members[:0], k)[:k]
	for j := range members {
		members[j] = members[j][:0]
	}
	for i, c := range assign {
		members[c] = append(members[c], int32(i))
	}
	return members
}

// keptLayers is the set of depths whose layer derive keeps (bit d for
// depth d), and false when a has more depths than the mask holds. The
// cosines decide nothing else in a centre: a cluster rebuilt from the same
// pages whose kept depths did not change has the centre it had, bit for
// bit, so rebuild keeps it (and MKmeans the pages' similarities to it).
func (a *acc) keptLayers(cfg *Config) (uint64, bool) {
	if len(a.Layers) > 64 {
		return 0, false
	}
	var kept uint64
	for d := range a.Layers {
		if a.layerKept(&a.Layers[d], cfg) {
			kept |= 1 << d
		}
	}
	return kept, true
}

// assignAll assigns every page to its most similar centre, on procs
// goroutines (≤ 1: serial), and returns the mean similarity of the
// pages to their centres.
func assignAll(pages []*Features, accs []*acc, assign []int, cfg *Config, procs int) float64 {
	var todo []*acc // the clusters whose centre changed since the last round
	for _, a := range accs {
		a.derive(cfg) // derive once, before the goroutines read the centres
		if len(a.sims) != len(pages) {
			a.sims = slices.Grow(a.sims[:0], len(pages))[:len(pages)]
			todo = append(todo, a)
		}
	}
	sims := make([]float64, len(pages))
	grain := len(pages) // the similarities known: a pick of the best each
	if len(todo) > 0 {
		grain = (assignGrain + len(todo) - 1) / len(todo)
	}
	chunks(procs, len(pages), grain, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for _, a := range todo {
				a.sims[i] = pageCentreSim(pages[i], a.centre, &cfg.Weights, cfg.Alpha)
			}
			assign[i], sims[i] = bestKnown(i, accs)
		}
	})
	var intra float64
	for _, s := range sims {
		intra += s
	}
	return intra / float64(len(pages))
}

// assignGrain is the fewest similarities of pages to centres a goroutine
// of assignAll computes at a time (about 60 ns each on the PostgreSQL
// docs: a part costs some 60 µs, far more than handing it to a goroutine).
const assignGrain = 1024

// bestKnown is best for page i of the batch, from the similarities the
// clusters hold (acc.sims), compared in the same order.
func bestKnown(i int, accs []*acc) (int, float64) {
	bi, bs := -1, -1.0
	for k, a := range accs {
		if s := a.sims[i]; s > bs {
			bi, bs = k, s
		}
	}
	return bi, bs
}

// best returns the most similar centre to p and the similarity (-1 when none).
func best(p *Features, accs []*acc, cfg *Config) (int, float64) {
	bi, bs := -1, -1.0
	for i, a := range accs {
		if s := pageCentreSim(p, a.derive(cfg), &cfg.Weights, cfg.Alpha); s > bs {
			bi, bs = i, s
		}
	}
	return bi, bs
}

// compact drops empty clusters and renumbers assign.
func compact(accs []*acc, assign []int) []*acc {
	remap := make([]int, len(accs))
	var out []*acc
	for i, a := range accs {
		remap[i] = len(out)
		if a != nil {
			out = append(out, a)
		}
	}
	for i := range assign {
		assign[i] = remap[assign[i]]
	}
	return out
}

// mergeClose merges the most similar pair of clusters while their centres
// are at least Alpha similar. The similarities of the pairs a merge left
// alone are kept for the next pick (pairSims): only the merged cluster's
// are measured again.
func mergeClose(accs []*acc, assign []int, cfg *Config) []*acc {
	if len(accs) < 2 {
		return accs
	}
	sims := newPairSims(accs, cfg)
	for len(accs) > 1 {
		bi, bj, bs := -1, -1, -1.0
		for i := range accs {
			for j := i + 1; j < len(accs); j++ {
				if s := sims.at(i, j); s > bs {
					bi, bj, bs = i, j, s
				}
			}
		}
		if bs < cfg.Alpha {
			break
		}
		accs[bi].merge(accs[bj])
		accs = append(accs[:bj], accs[bj+1:]...)
		sims.remove(bj)
		sims.measure(accs, bi, cfg)
		for k := range assign {
			switch {
			case assign[k] == bj:
				assign[k] = bi
			case assign[k] > bj:
				assign[k]--
			}
		}
	}
	return accs
}

// pairSims holds the centre similarity of each pair of mergeClose's
// clusters, by the clusters' places when it was made (of): the cluster at
// place i now was at of[i] then.
type pairSims struct {
	n   int
	sim []float64 // sim[x*n+y], x < y: places then
	of  []int
}

// newPairSims measures every pair of accs.
func newPairSims(accs []*acc, cfg *Config) *pairSims {
	n := len(accs)
	p := &pairSims{n: n, sim: make([]float64, n*n), of: make([]int, n)}
	for i := range accs {
		p.of[i] = i
		for j := i + 1; j < n; j++ {
			p.sim[i*n+j] = centreSim(accs[i].derive(cfg), accs[j].derive(cfg), cfg)
		}
	}
	return p
}

// at is the similarity of the clusters at places i < j.
func (p *pairSims) at(i, j int) float64 { return p.sim[p.of[i]*p.n+p.of[j]] }

// remove drops the cluster at place j: the ones after it move up.
func (p *pairSims) remove(j int) { p.of = append(p.of[:j], p.of[j+1:]...) }

// measure measures the pairs of the cluster at place i (merged) again.
func (p *pairSims) measure(accs []*acc, i int, cfg *Config) {
	for k := range accs {
		switch {
		case k < i:
			p.sim[p.of[k]*p.n+p.of[i]] = centreSim(accs[k].derive(cfg), accs[i].derive(cfg), cfg)
		case k > i:
			p.sim[p.of[i]*p.n+p.of[k]] = centreSim(accs[i].derive(cfg), accs[k].derive(cfg), cfg)
		}
	}
}

// centreSim compares two centres (eqs. 5, 6, 7).
func centreSim(a, b *Features, cfg *Config) float64 { return pageSim(a, b, &cfg.Weights, cfg.Alpha) }
