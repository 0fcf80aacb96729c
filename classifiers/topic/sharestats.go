package topic

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Sharing the model's adaptive state across the processes of a
// distributed crawl. Relevance (relevance.go) weighs words by their
// document frequency over the pages the crawl has seen, and its threshold
// is calibrated in that space; the adaptive centroid (adaptive.go) moves
// with the pages folded into it. A process of a distributed crawl sees a
// share of the pages, so alone its counts and centroid are its own, and
// two processes judge the same page differently. With a StatsSharer the
// model hands it the words of every page it observes and every page it
// folds into its centroid; the sharer carries them to the other processes,
// whose models take them with AddStats. Counts and sums add up in any
// order, so every process ends with the statistics of the whole crawl, as
// one process has them (up to the pages still on their way). A page
// folded elsewhere passed the drift guard of the process that folded it:
// it is added without another check, so all centroids stay equal.

// StatsSharer carries what a model learns of the crawl to the other
// processes. Both methods are called on OnPage's path (Folded with the
// model's update lock held): they must return at once (buffer, send
// elsewhere) and be safe for concurrent use.
type StatsSharer interface {
	// Observed is a page's distinct words (hashed; ascending), counted
	// once each in the pages seen.
	Observed(words []uint32)
	// Folded is a page folded into the adaptive centroid.
	Folded(f Fold)
}

// Fold is one page's unit vector over the feature terms, sparse.
type Fold struct {
	Idx []int32   // feature indexes, ascending
	Val []float64 // their weights
}

// StatsDelta is what the other processes' pages add to a model's
// statistics.
type StatsDelta struct {
	Docs   int64      // pages seen
	Words  []uint32   // word ids (< WordSpace), each once
	Counts []int64    // pages holding each word (aligned with Words)
	Folds  int64      // pages folded into the centroid
	Sum    []float64  // the sum of their vectors, dense over the features (Features long; nil when Folds is 0)
	Rel    []RelCount // the relevance of the pages judged (sharerel.go)
}

// WordSpace is the number of word ids of the relevance space.
const WordSpace = 1 << wordBits

// ShareStatsWith makes m hand the words of every page it observes and
// every page it folds into its centroid to s, and, when s is a
// RelevanceSharer, the relevance of every page it judges (sharerel.go).
// Call it before the crawl starts.
func (m *Model) ShareStatsWith(s StatsSharer) {
	m.share = s
	m.relShare, _ = s.(RelevanceSharer)
}

// Features is the number of feature terms (the length of a centroid).
func (m *Model) Features() int { return len(m.terms) }

// Space names the model's vector spaces: a hash of its feature terms and
// of the relevance space's width. Two processes' statistics add up only
// when their Space is the same (same seeds, same topic configuration).
func (m *Model) Space() string {
	h := fnv1a("space:", strconv.Itoa(wordBits))
	for _, t := range m.terms {
		h = fnv1a(strconv.FormatUint(uint64(h), 16), t)
	}
	return fmt.Sprintf("%08x-%d", h, len(m.terms))
}

// ErrBadStats is the error of a StatsDelta that does not fit the model.
var ErrBadStats = errors.New("topic: bad statistics")

// AddStats adds the other processes' pages to m's statistics: their
// words to the document frequencies of relevance (then the relevance
// space is rebuilt) and their folded pages to the centroid. It checks d
// whole before changing anything.
func (m *Model) AddStats(d StatsDelta) error {
	if err := m.checkStats(d); err != nil {
		return err
	}
	if m.rel.Load() != nil && (d.Docs != 0 || len(d.Words) > 0) {
		m.bg.docs.Add(d.Docs)
		for k, id := range d.Words {
			m.bg.df[id].Add(int32(d.Counts[k]))
		}
		m.bg.mu.Lock()
		m.rel.Store(m.space())
		m.bg.mu.Unlock()
	}
	if len(d.Rel) > 0 && m.rel.Load() != nil {
		for _, c := range d.Rel {
			m.hist.Add(c.Epoch, c.Bin, c.N)
		}
		m.bg.mu.Lock()
		m.rel.Store(m.space())
		m.bg.mu.Unlock()
	}
	if d.Folds != 0 && len(m.seeds) > 0 {
		m.foldShared(d.Folds, d.Sum)
	}
	return nil
}

func (m *Model) checkStats(d StatsDelta) error {
	if len(d.Words) != len(d.Counts) {
		return fmt.Errorf("%w: %d words, %d counts", ErrBadStats, len(d.Words), len(d.Counts))
	}
	for k, id := range d.Words {
		if id >= WordSpace || d.Counts[k] > math.MaxInt32 || d.Counts[k] < math.MinInt32 {
			return fmt.Errorf("%w: word %d counted %d", ErrBadStats, id, d.Counts[k])
		}
	}
	if d.Folds != 0 && len(d.Sum) != len(m.terms) {
		return fmt.Errorf("%w: a centroid sum of %d features, the model has %d", ErrBadStats, len(d.Sum), len(m.terms))
	}
	for _, x := range d.Sum {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%w: centroid sum %v", ErrBadStats, x)
		}
	}
	if d.Folds < 0 || d.Folds > math.MaxInt32 {
		return fmt.Errorf("%w: %d folds", ErrBadStats, d.Folds)
	}
	return checkRel(d.Rel)
}

// foldShared folds n pages whose vectors sum to sum into the current
// centroid, the mean of the seed pages and every page folded in.
func (m *Model) foldShared(n int64, sum []float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur := m.cur.Load()
	w := float64(len(m.seeds) + cur.updates)
	next := make([]float64, len(cur.c))
	for i, x := range cur.c {
		next[i] = (x*w + sum[i]) / (w + float64(n))
	}
	m.cur.Store(&centroid{c: next, norm: norm(next), updates: cur.updates + int(n)})
}
