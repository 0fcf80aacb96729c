package topic

import (
	"math"
	"slices"
	"sync/atomic"
)

// wordEvidence is what the pages fetched so far say of each word (hashed
// as in the relevance space, wordID): how many of them hold it, and how
// many of those are relevant. A link's words (its anchor and URL path)
// are then scored by how much more often the pages holding them are
// relevant than the pages seen on the whole: a naive-Bayes page
// classifier learned during the crawl from page texts, applied to the few
// words known of a link before it is fetched. Unlike the link model's own
// word features, which learn only the words of links already followed,
// it learns from every word of every fetched page, so a link whose anchor
// names something the relevant pages speak of scores high the first time
// that anchor is seen (on Wikipedia, where an anchor is its target's
// title, that is most of what a link says).
type wordEvidence struct {
	all, rel   []atomic.Int32 // by word id: fetched pages holding it, of them relevant
	nAll, nRel atomic.Int64   // fetched pages, of them relevant
}

func newWordEvidence() *wordEvidence {
	return &wordEvidence{all: make([]atomic.Int32, 1<<wordBits), rel: make([]atomic.Int32, 1<<wordBits)}
}

// add counts a page's distinct word ids (a bag's ids).
func (we *wordEvidence) add(ids []uint32, relevant bool) {
	we.nAll.Add(1)
	if relevant {
		we.nRel.Add(1)
	}
	for _, id := range ids {
		we.all[id].Add(1)
		if relevant {
			we.rel[id].Add(1)
		}
	}
}

// wordK is the pseudo-count of the pages seen's relevant share in each
// word's smoothed share.
const wordK = 4

// score is the mean, over ids, of the log-odds of a page holding the word
// being relevant over the log-odds of any page seen being relevant, each
// word's share smoothed towards the overall share with wordK pseudo-pages:
// 0 for words never seen or no more frequent on relevant pages.
func (we *wordEvidence) score(ids []uint32) float64 {
	n, r := float64(we.nAll.Load()), float64(we.nRel.Load())
	if len(ids) == 0 || n == 0 {
		return 0
	}
	p0 := (r + 1) / (n + 2)
	base := math.Log(p0 / (1 - p0))
	var sum float64
	for _, id := range ids {
		a, k := float64(we.all[id].Load()), float64(we.rel[id].Load())
		p := (k + wordK*p0) / (a + wordK)
		sum += math.Log(p/(1-p)) - base
	}
	return sum / float64(len(ids))
}

// linkWords is the distinct word ids of a link's text (wordID, as the
// pages' words are hashed), ascending.
func (h *Hook) linkWords(s string) []uint32 {
	var ids []uint32
	h.seeds.scan.Scan(s, func(t string) { ids = append(ids, wordID(t)) })
	slices.Sort(ids)
	return slices.Compact(ids)
}
