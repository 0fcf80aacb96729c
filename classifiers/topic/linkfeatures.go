package topic

import (
	"net/url"
	"slices"
	"strconv"

	"github.com/crawl-project/crawl"
)

// newPending is what is kept of l, a link seen for the first time on
// st's page, with context its context: its features, its cold-start
// score and its seed-pattern share. The link's URL is parsed once, and
// its anchor, context and URL path are tokenised once for both the
// context's cosine to the centroid and the word features (linkText).
func (h *Hook) newPending(st *pageState, l *crawl.Link, context string) pendingLink {
	ln := h.learner
	u := parseLink(l.URL) // nil when it does not parse
	path := ""
	if u != nil {
		path = u.Path
	}
	lt := h.linkText(l.Anchor, context, path)
	pat := ""
	if u != nil {
		pat = urlPattern(u)
	}
	pl := pendingLink{feats: h.linkFeatures(st, u, pat, lt), cold: min(lt.cos/max(h.seeds.threshold, 1e-9), 1.5) / 1.5}
	if ln.words != nil {
		pl.words = h.linkWords(withURLWords(l.Anchor, l.URL))
	}
	if u != nil && ln.nSeeds > 0 {
		pl.pat = float64(ln.seedPats[pat]) / float64(ln.nSeeds)
	}
	return pl
}

// linkWordIDs is what one tokenisation of a new link's text gives: the
// cosine to the adaptive centroid of its anchor, context and URL path
// words (the link context's score), and the feature ids of the words of
// each that are not stop words ("a:", "c:", "u:").
type linkWordIDs struct {
	cos                   float64
	anchor, context, path []uint32
}

// linkText tokenises a new link's anchor, context and URL path once, with
// the model's stop-word-keeping tokeniser: their vector is the vector of
// the three joined by spaces (no token crosses a space), and without
// stemming the feature tokenizer's words are these without the stop words
// (it drops them before anything else); with stemming, which stems stop
// words too, the features are tokenised apart.
func (h *Hook) linkText(anchor, context, path string) linkWordIDs {
	m := h.seeds
	sc := m.pool.Get().(*scratch)
	sc.collect = false
	if sc.addLink == nil { // bound once per scratch: scanning allocates nothing
		sc.addLink = func(t string) {
			sc.add(t)
			if m.cfg.Stem {
				return
			}
			if _, stop := m.stops.find(t, sc.hash); !stop { // isStopWord, with the hash add made
				sc.linkIDs = append(sc.linkIDs, fnv1a(sc.prefix, t)&weightMask)
			}
		}
		sc.addStem = func(t string) { sc.linkIDs = append(sc.linkIDs, fnv1a(sc.prefix, t)&weightMask) }
	}
	var ends [3]int
	for k, part := range [3][2]string{{anchor, "a:"}, {context, "c:"}, {path, "u:"}} {
		sc.prefix = part[1]
		m.scan.Scan(part[0], sc.addLink)
		if m.cfg.Stem { // the feature tokeniser stems stop words too: tokenised apart
			m.tok.Scan(part[0], sc.addStem)
		}
		ends[k] = len(sc.linkIDs)
	}
	ids := slices.Clone(sc.linkIDs)
	lt := linkWordIDs{cos: m.Score(m.gather(sc)), anchor: ids[:ends[0]:ends[0]], context: ids[ends[0]:ends[1]:ends[1]], path: ids[ends[1]:ends[2]]}
	sc.linkIDs, sc.prefix = sc.linkIDs[:0], ""
	m.pool.Put(sc)
	return lt
}

// linkFeatures are the features of a link known before it is fetched:
// its anchor words, URL path words and URL directory and pattern (u its
// parsed URL, nil when it does not parse; pat its urlPattern), the words
// around it in its page, its page's relevance, its distance from the
// nearest relevant page, the relevance of the pages fetched so far that
// share its page's parent and its own URL directory, and its context's
// cosine to the centroid (lt).
func (h *Hook) linkFeatures(st *pageState, u *url.URL, pat string, lt linkWordIDs) []feature {
	fs := featureSet{feats: make([]feature, 0, 48)}
	fs.addIDs(lt.anchor)
	dir := dirOf(u) // "" for nil
	if u != nil {
		fs.addIDs(lt.path)
		h.urlShape(&fs, dir, pat)
	}
	fs.addIDs(lt.context)
	fs.addID(prIDs.id(bin(st.rel)))
	if st.list {
		fs.addToken("pk:", "list")
	}
	fs.addID(lcIDs.id(bin(lt.cos / max(h.seeds.threshold, 1e-9))))
	fs.addID(distIDs.id(st.dist))
	fs.addID(sibIDs.rate(counts{st.sibFetch, st.sibRel}))
	dc, _ := h.learner.dirs.get(dir)
	fs.addID(dirIDs.rate(dc))
	return fs.feats
}

// bin maps a ratio to its threshold (1 = the relevance threshold) to one of
// 9 bins of width 0.25, the last open.
func bin(x float64) int { return int(min(max(x, 0), 2) * 4) }

// smallIDs are the feature ids of prefix+strconv.Itoa(k) for the small
// k a feature takes (and of prefix+"none", rateBin's), computed once:
// a link's features need no formatting and hashing of numbers.
type smallIDs struct {
	prefix string
	ids    []uint32 // ids[k]: prefix+strconv.Itoa(k)
	none   uint32   // prefix+"none"
}

func newSmallIDs(prefix string, n int) *smallIDs {
	t := &smallIDs{prefix: prefix, ids: make([]uint32, n), none: fnv1a(prefix, "none") & weightMask}
	for k := range t.ids {
		t.ids[k] = fnv1a(prefix, strconv.Itoa(k)) & weightMask
	}
	return t
}

// id is the feature id of prefix+strconv.Itoa(k).
func (t *smallIDs) id(k int) uint32 {
	if k >= 0 && k < len(t.ids) {
		return t.ids[k]
	}
	return fnv1a(t.prefix, strconv.Itoa(k)) & weightMask
}

// rate is the feature id of prefix+rateBin(c): the relevant share of c
// in quarters, "none" under 2 pages.
func (t *smallIDs) rate(c counts) uint32 {
	if c.fetched < 2 {
		return t.none
	}
	return t.id(int(4 * float64(c.relevant) / float64(c.fetched+1)))
}

// The small-number features of a link (linkFeatures, withInlinks).
var (
	prIDs, lcIDs   = newSmallIDs("pr:", 9), newSmallIDs("lc:", 9) // bin
	distIDs        = newSmallIDs("dist:", maxDist+1)
	sibIDs, dirIDs = newSmallIDs("sib:", 5), newSmallIDs("dir:", 5) // rateBin
	hubIDs         = newSmallIDs("hub:", 4)
	inrelIDs       = newSmallIDs("inrel:", 5)
	inallIDs       = newSmallIDs("inall:", 5)
)
