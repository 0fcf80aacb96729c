package topic

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawl-project/crawl"
)

// pendingLinks bounds the scored links whose features are kept until
// their page is fetched (the training example). A link fetched after
// this many later links were scored gives no example.
const pendingLinks = 1 << 16

// pageState is what the learned strategy remembers of a fetched page for
// scoring its out-links.
type pageState struct {
	score    float64 // cosine to the current centroid (the cold start's page part)
	rel      float64 // relevance / threshold
	dist     int     // links from the nearest relevant page (0: relevant), capped at maxDist
	sibFetch int     // fetched pages that share this page's parent (before it)
	sibRel   int     // of them relevant
	hub      *hub    // its fetched children, for its links' sibling evidence
	list     bool    // a list page: many links, few words per link (parentKind)
}

const maxDist = 3

// pendingLink is what is kept of a scored link until its page is fetched.
type pendingLink struct {
	feats []feature // its static features (linkFeatures)
	cold  float64   // its cold-start link score
	pat   float64   // the share of the seed pages whose URL pattern it shares
	words []uint32  // LabelsSoft: its anchor's and URL path's word ids (wordEvidence)
}

// inStats sums up the fetched pages found linking to one URL. It is a
// value (the hubs in an array, not a slice): recording a parent
// allocates nothing.
type inStats struct {
	parents, relevant int     // pages linking to it, of them relevant
	sumRel            float64 // the sum of their relevance ratios, each capped at 1.5, over 1.5
	hubs              [maxParents]*hub
	nHubs             int // the hubs of the first maxParents of them: hubs[:nHubs]
}

// from is the hubs of the first maxParents pages linking to the URL.
func (s *inStats) from() []*hub { return s.hubs[:s.nHubs] }

// maxParents bounds the parents remembered per link URL.
const maxParents = 8

// hub sums up the fetched children of one page (its links' siblings):
// how many, and the sum of their relevance shares (relShare) in
// millionths. It is shared by the page's state and the in-link records of
// its links, and updated without locks.
type hub struct {
	children atomic.Int64
	sumRel   atomic.Int64
}

func (hb *hub) add(share float64) {
	hb.sumRel.Add(int64(share * 1e6))
	hb.children.Add(1)
}

// score is the hub's smoothed mean relevance share.
func (hb *hub) score() float64 {
	return (float64(hb.sumRel.Load())/1e6 + parentPrior*hubK) / (float64(hb.children.Load()) + hubK)
}

// counts is a fetched/relevant pair.
type counts struct{ fetched, relevant int }

// learner is the state of the learned strategy (Config.Strategy learned).
type learner struct {
	lm       *linkModel
	words    *wordEvidence  // LabelsSoft; nil with LabelsBinary
	seedPats map[string]int // the seed URLs' patterns (urlPattern)
	nSeeds   int
	pages    cache[*pageState]
	pending  cache[pendingLink]
	inlinks  cache[inStats] // link URL → the fetched pages linking to it
	parents  cache[counts]  // parent URL → its fetched children
	dirs     cache[counts]  // URL directory → its fetched pages

	// With a Sharer (share.go): the pages judged here or by another
	// process, and those the link model has an example of.
	shared  sync.Once
	judged  cache[struct{}]
	trained cache[bool]
}

func newLearner(every int, fixed, soft bool) *learner {
	l := &learner{lm: newLinkModel(every, fixed)}
	if soft {
		l.words = newWordEvidence()
	}
	l.pages.init(scoreCacheSize)
	l.pending.init(pendingLinks)
	l.inlinks.init(pendingLinks)
	l.parents.init(scoreCacheSize)
	l.dirs.init(scoreCacheSize)
	return l
}

// bodyLinks is how many of links the page's body holds: a head's
// navigation links (Link.Rel set; ocamldoc writes one for every top
// module on every page) are not the page's list.
func bodyLinks(links []crawl.Link) int {
	n := 0
	for i := range links {
		if links[i].Rel == "" {
			n++
		}
	}
	return n
}

// pageContexts is what OnURL reads of a page's out-links (linkContext): the
// contexts learnPage computed, of the links it asked for. It is kept with
// the page (crawl.Page.Keep), not in the page's state, and goes with the
// page once the crawl has judged its links: in the state, the maps of
// contexts (two strings an entry) lived as long as the state, the last
// scoreCacheSize pages, for the collector to mark at every cycle (issue
// 13, session 18). A state is only read through the page it was made for
// (st): OnURL of a page whose state is not found, or is another page's,
// reads no context, as it did of a state without contexts.
type pageContexts struct {
	st   *pageState        // the state of the page the contexts are of
	mu   sync.Mutex        // ctx and need, when OnURL fills in a context not asked for (linkContext)
	ctx  map[string]string // the contexts of its links (linkContexts) asked for by need
	need *linkNeed         // the links whose context ctx holds; nil: all
}

// pageContextsKey keeps a page's pageContexts (crawl.Page.Keep).
type pageContextsKey struct{}

// learnPage records page (already scored: relevance set, score computed;
// v its vector) as a training example of the link it was fetched through
// and keeps its state for its out-links; it returns the contexts of its
// out-links for OnPage to keep with the page (nil without a document).
func (h *Hook) learnPage(page *crawl.Page, score float64, v Vector) *pageContexts {
	ln := h.learner
	st := &pageState{score: score, rel: page.Relevance / max(h.seeds.LearnThreshold(), 1e-9), dist: maxDist, hub: &hub{}, list: isList(len(v.words.ids), bodyLinks(page.Links))}
	if ln.words != nil {
		ln.words.add(v.words.ids, page.Relevant)
	}
	switch {
	case page.Relevant:
		st.dist = 0
	case page.Parent == "" || h.seeds.IsSeed(page.URL):
	default:
		if ps, ok := ln.pages.get(page.Parent); ok {
			st.dist = min(ps.dist+1, maxDist)
		}
	}
	rel := 0
	if page.Relevant {
		rel = 1
	}
	if page.Parent != "" {
		c := ln.parents.update(page.Parent, func(c counts) counts { return counts{c.fetched + 1, c.relevant + rel} })
		st.sibFetch, st.sibRel = c.fetched-1, c.relevant-rel
	}
	ln.dirs.update(urlDir(page.URL), func(c counts) counts { return counts{c.fetched + 1, c.relevant + rel} })
	if in, ok := ln.inlinks.get(page.URL); ok {
		r := relShare(st.rel)
		for _, hb := range in.from() {
			hb.add(r)
		}
	}
	var pc *pageContexts
	if page.Doc != nil {
		pc = &pageContexts{st: st, need: ln.unscored(page.Links)}
		pc.ctx = linkContexts(page.Doc, page.FinalURL, len(page.Links), pc.need)
	}
	ln.pages.put(page.URL, st)
	var example []feature
	if pl, ok := ln.pending.get(page.URL); ok {
		in, _ := ln.inlinks.get(page.URL)
		example = withInlinks(pl.feats, in)
	}
	if h.learnShared(page, st.rel, example) { // share.go
		return pc
	}
	if example != nil && ln.lm.add(example, page.Relevant, h.label(page.Relevant, st.rel)) {
		h.rescoreQueue()
	}
	return pc
}

// learnedPriority is a link's priority under the learned strategy
// (learnedScore): its parents' evidence and the link model's probability
// that the link leads to a relevant page; until the model is trained (the
// cold start) the link context's cosine to the adaptive centroid, as a
// share of the threshold, stands in for the probability.
// pl and seen are what the pending cache holds of l's URL (learnLink).
func (h *Hook) learnedPriority(from *crawl.Page, l *crawl.Link, pl pendingLink, seen bool) float64 {
	return h.learnedScore(h.learnLink(from, l, pl, seen))
}

// learnLink records what the learned strategy learns of l, an out-link of
// from (already viewed by learnView): the link's features the first time
// it is seen (kept until its page is fetched: the training example) and
// from as one of its parents (for that example, for the parent evidence
// of its priority, and for Rescore). It returns both, to score the link.
// A link the frontier will drop goes through it too (OnURL), its score
// does not. pl and seen are what the pending cache holds of l's URL,
// looked up by OnURL.
func (h *Hook) learnLink(from *crawl.Page, l *crawl.Link, pl pendingLink, seen bool) (pendingLink, inStats) {
	ln := h.learner
	st, ok := ln.pages.get(from.URL)
	if !ok {
		content := h.pageContent(from) // OnPage did not run for from, or its state was evicted
		rel := h.seeds.Relevance(h.seeds.Vector(content))
		st = &pageState{score: h.textScore(content), rel: rel / max(h.seeds.LearnThreshold(), 1e-9), dist: maxDist, hub: &hub{}}
	}
	if !seen { // the link's context is read only the first time it is seen
		pl = h.newPending(st, l, linkContext(st, from, l))
		ln.pending.put(l.URL, pl)
	}
	rel := 0
	if from.Relevant {
		rel = 1
	}
	in := ln.inlinks.update(l.URL, func(s inStats) inStats {
		if slices.Contains(s.from(), st.hub) { // the same parent again
			return s
		}
		s.parents, s.relevant, s.sumRel = s.parents+1, s.relevant+rel, s.sumRel+relShare(st.rel)
		if s.nHubs < maxParents {
			s.hubs[s.nHubs] = st.hub
			s.nHubs++
		}
		return s
	})
	return pl, in
}

// unscored is what linkContexts needs of a page's links: the URLs (and
// their anchor texts) that learnedPriority has not scored yet, the only
// ones whose context it will read.
func (ln *learner) unscored(links []crawl.Link) *linkNeed {
	need := newLinkNeed()
	for i := range links {
		l := &links[i]
		if _, seen := ln.pending.get(l.URL); seen || !Followable(l.URL) {
			continue
		}
		need.add(l.URL, l.Anchor)
	}
	return need
}

// linkContext is the context of l, an out-link of page (st's page): the
// text around its URL's first link, or around the first link with its
// anchor text. A link learnPage did not ask for (scored then, forgotten
// since, or changed by an earlier hook) has the contexts of the whole page
// computed, as learnPage would have without the need.
func linkContext(st *pageState, page *crawl.Page, l *crawl.Link) string {
	pc, _ := page.Kept(pageContextsKey{}).(*pageContexts)
	if pc == nil || pc.st != st {
		return ""
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.need != nil && page.Doc != nil && !pc.need.has(l.URL, l.Anchor) {
		pc.ctx, pc.need = linkContexts(page.Doc, page.FinalURL, len(page.Links), nil), nil
	}
	return contextOf(pc.ctx, l.URL, l.Anchor)
}

// learnedScore is a link's priority from what the crawl knows now: its
// parent part (parentScore) and its link part (the link model's
// probability, or the cold-start score before the model is trained),
// weighted 1−linkWeight and linkWeight.
func (h *Hook) learnedScore(pl pendingLink, in inStats) float64 {
	var extra [3]feature
	link, ok := h.learner.lm.predict(pl.feats, inlinkFeatures(extra[:0], in))
	if !ok {
		link = pl.cold
	}
	p := (1-linkWeight)*h.parentScore(in) + linkWeight*link
	if ws := h.learner.words; ws != nil {
		p += wordWeight * ws.score(pl.words)
	}
	return (1-patternWeight)*p + patternWeight*pl.pat
}

// label is a fetched page's label as a training example of the link it
// was fetched through: with LabelsSoft its relevance share (relShare: a
// page just under the threshold is most of a positive, one far under
// it a negative; the relevance measure is noisy near its threshold),
// else 1 when it is relevant and 0 when not.
func (h *Hook) label(relevant bool, rel float64) float32 {
	switch {
	case h.learner.words != nil:
		return float32(relShare(rel))
	case relevant:
		return 1
	}
	return 0
}

// Weights of a link's priority, chosen on the tuning topics of
// internal/linkgraph (see its README).
const (
	linkWeight  = 0.3 // the link model's share; the rest is the parent part
	hubWeight   = 0.5 // the parents' hub score's share of the parent part
	parentPrior = 0.1 // the relevance assumed of an unknown page, smoothing both shares
	parentK     = 0.5 // pseudo-count of parentPrior among a link's parents
	hubK        = 2   // pseudo-count of parentPrior among a parent's fetched children
	// patternWeight is the share of a link's priority given to the share
	// of the seed pages whose URL pattern (urlPattern) the link shares.
	patternWeight = 0.25
	// wordWeight weighs the evidence of a link's words (wordEvidence,
	// LabelsSoft), a log-odds ratio, added to the parent and link parts.
	wordWeight = 0.1
)

// parentScore is the evidence of the fetched pages linking to a link
// (after Aggarwal et al.'s linkage and sibling evidence): the smoothed
// mean relevance of those parents (each page's relevance ratio capped at
// 1.5, over 1.5), and the mean over them of their hub score, the smoothed
// mean relevance of the children of theirs already fetched (the link's
// siblings): a page whose fetched links led to relevant pages is a hub of
// the topic and its other links are likely to as well.
func (h *Hook) parentScore(in inStats) float64 {
	frac := (in.sumRel + parentPrior*parentK) / (float64(in.parents) + parentK)
	if in.nHubs == 0 {
		return frac
	}
	hub := 0.0
	for _, hb := range in.from() {
		hub += hb.score()
	}
	return (1-hubWeight)*frac + hubWeight*hub/float64(in.nHubs)
}

// Rescore is a queued link's priority with what the crawl knows now: the
// link model as last trained and the pages fetched since the link was
// scored that link to it too (frontier.Rescorer). Strategies other than
// learned, and links the hook never scored, keep their priority.
func (h *Hook) Rescore(l *crawl.Link) float64 {
	if h.learner == nil {
		return l.Priority
	}
	pl, ok := h.learner.pending.get(l.URL)
	if !ok {
		return l.Priority
	}
	in, _ := h.learner.inlinks.get(l.URL)
	return h.learnedScore(pl, in)
}

// withInlinks appends to a link's static features those of the fetched
// pages linking to it: how many are relevant, and how many there are.
func withInlinks(static []feature, in inStats) []feature {
	out := make([]feature, len(static), len(static)+3)
	copy(out, static)
	return inlinkFeatures(out, in)
}

// inlinkFeatures appends to out the features withInlinks adds (at most
// 3): the best hub score of the fetched pages linking to the link, how
// many of them are relevant, and how many there are.
func inlinkFeatures(out []feature, in inStats) []feature {
	if in.nHubs > 0 {
		best := 0.0
		for _, hb := range in.from() {
			best = max(best, hb.score())
		}
		out = append(out, feature{id: hubIDs.id(min(int(best*4), 3)), val: 1})
	}
	return append(out,
		feature{id: inrelIDs.id(min(in.relevant, 4)), val: 1},
		feature{id: inallIDs.id(min(in.parents, 4)), val: 1})
}

// urlDir is a URL's host and path up to its last slash.
func urlDir(raw string) string {
	return dirOf(parseLink(raw)) // "" when it does not parse
}

// dirOf is urlDir of a parsed URL ("" for nil).
func dirOf(u *url.URL) string {
	if u == nil {
		return ""
	}
	p := u.Path
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[:i+1]
	}
	return u.Host + p
}

// LinkModelStats reports the learned strategy's link model: how many
// times it was trained and the positive and negative examples it holds
// (zeros for the other strategies).
func (h *Hook) LinkModelStats() (trainings, pos, neg int) {
	if h.learner == nil {
		return 0, 0, 0
	}
	return h.learner.lm.stats()
}

// Rescorer is a frontier whose queued links can be given new priorities
// (frontier.Rescorer has this method).
type Rescorer interface {
	Rescore(ctx context.Context, score func(l *crawl.Link) float64) (int, error)
}

// RescoreWith makes the learned strategy rescore the links queued in r
// after its link model is trained: in a goroutine of its own, one at a
// time (a training while one runs is skipped: the next catches up), and
// spaced so that the frontier's lock, which the workers wait for, is held
// at most about a tenth of the time (rescoreQueue). Without it links keep
// the priority they were pushed with.
func (h *Hook) RescoreWith(r Rescorer) { h.rescorer = r }

// rescoreQueue starts a rescoring of the frontier given to RescoreWith,
// unless one is running or the last one ended less than rescoreGap times
// its own duration ago: the frontier is locked while it rescores, so on a
// large queue rescoring is spaced out to hold the lock at most about a
// tenth of the time.
func (h *Hook) rescoreQueue() {
	r := h.rescorer
	if r == nil || !h.rescoring.CompareAndSwap(false, true) {
		return
	}
	if last := h.lastRescore.Load(); last != nil && time.Since(last.end) < rescoreGap*last.took {
		h.rescoring.Store(false)
		return
	}
	go func() {
		defer h.rescoring.Store(false)
		start := time.Now()
		r.Rescore(context.Background(), h.Rescore) // a closed frontier has nothing left to rescore
		h.lastRescore.Store(&rescoreRun{end: time.Now(), took: time.Since(start)})
	}()
}

// rescoreGap spaces rescorings: the next waits this many times the last
// one's duration.
const rescoreGap = 9

type rescoreRun struct {
	end  time.Time
	took time.Duration
}

// Trainings returns how many times the learned strategy's link model was
// trained (0 for the other strategies).
func (h *Hook) Trainings() int {
	n, _, _ := h.LinkModelStats()
	return n
}

// relShare maps a page's relevance ratio (relevance / threshold) to
// [0, 1] for the parent evidence: capped at 1.5×, over 1.5 (continuous:
// a page just under the threshold still counts for most of one; sharper
// maps were worse on the tuning topics).
func relShare(r float64) float64 { return min(r, 1.5) / 1.5 }
