package hub

import (
	"hash/maphash"
	"math"
	"sync"
	"sync/atomic"

	"github.com/crawl-project/crawl"
)

// linkLabeler labels links with their host's link model (linkmodel.go) and
// keeps, per host, the links it labelled that are still queued, so that
// when the host's model learns from a fetched page their labels are
// revised: RelabelPerPage of them per learned page, in turn (a cursor over
// the host's queued links), never the whole queue. A revised label that
// differs from the one the frontier holds goes to an outbox the crawl
// drains (Hook.TakeRelabels) and writes to its frontier.
//
// Bounds: a host's queued links are kept only once a page of the host was
// fetched (links to hosts never fetched are not revised), at most
// maxPendingHost per host and maxPending in all; a host's fetched URLs
// are remembered (as 64-bit hashes) up to maxDoneHost; models exist for at
// most maxModels hosts (the others keep the URL SVM); the outbox holds at
// most maxOutbox labels (when full, revisions wait for a later turn).
type linkLabeler struct {
	c         *Classifier
	dc        *decisionCache // the hook's
	learn     LinkLearning
	perPage   int
	seed      maphash.Seed
	parent    atomic.Pointer[parentPlace] // the last parent page's place (parentOf)
	lastHosts atomic.Pointer[hostMemos]   // the hosts of the last links looked up (hostOf)

	mu      sync.RWMutex
	hosts   map[string]*linkHost
	models  int
	pending int // queued links kept, all hosts

	outMu sync.Mutex
	out   []LinkLabel
}

// LinkLabel is a queued link's revised label (Hook.TakeRelabels).
type LinkLabel struct {
	URL   string
	Label string  // crawl.LabelHub or crawl.LabelTopic
	Score float64 // P(hub) under the host's model
}

const (
	maxPendingHost = 1 << 15
	maxPending     = 1 << 18
	maxDoneHost    = 1 << 17
	maxModels      = 1024
	maxOutbox      = 1 << 15
	maxMisses      = 2
)

type linkHost struct {
	mu      sync.Mutex
	m       *linkModel
	fetched bool
	// the fetched pages on which the URL SVM's label (of their link, before
	// the fetch) agreed and disagreed with the page-evidence label
	agree, disagree int
	pending         []pendingLink
	index           map[uint64]int32
	done            map[uint64]struct{}
	cursor          int
}

// pendingLink is a queued link: what it was labelled from and its labels.
type pendingLink struct {
	url    string
	key    uint64
	x      linkVec
	s      float32
	hub    bool // the model's label now
	stored int8 // the label the frontier holds: 1 hub, 0 topic, -1 a write missed its row
	misses uint8
}

func newLinkLabeler(c *Classifier, l LinkLearning, perPage int) *linkLabeler {
	return &linkLabeler{c: c, learn: l.withDefaults(), perPage: perPage, seed: maphash.MakeSeed(), hosts: map[string]*linkHost{}}
}

// svmLogit is the URL SVM's logit for u: the anchor layer's z when u has
// anchor text and the classifier has the layer, else the decision value;
// its sign is Classify's label.
func (c *Classifier) svmLogit(u URLInfo) float64 { return c.svmLogitWith(u, c.Decision(u)) }

// svmLogitWith is svmLogit given u's decision value d.
func (c *Classifier) svmLogitWith(u URLInfo, d float64) float64 {
	if c.anchor != nil && u.Anchor != "" {
		return c.anchor.logit(d, u.Anchor)
	}
	return d
}

func sigmoid32(z float32) float64 { return 1 / (1 + math.Exp(-float64(z))) }

func (ll *linkLabeler) host(key string, create bool) *linkHost {
	ll.mu.RLock()
	h := ll.hosts[key]
	ll.mu.RUnlock()
	if h != nil || !create {
		return h
	}
	ll.mu.Lock()
	defer ll.mu.Unlock()
	if h = ll.hosts[key]; h == nil {
		h = &linkHost{index: map[uint64]int32{}, done: map[uint64]struct{}{}}
		ll.hosts[key] = h
	}
	return h
}

// label labels a link found on from and keeps it for revision when its
// host has fetched pages.
func (ll *linkLabeler) label(from *crawl.Page, link *crawl.Link) (string, float64) {
	u := URLInfo{URL: link.URL, Anchor: link.Anchor, Depth: link.Depth}
	d := ll.dc.decision(ll.c, u)
	h := ll.hostOf(link.URL)
	if h == nil {
		return ll.c.classifyWith(u, d)
	}
	parent, plabel := "", byte(parentUnknown)
	var ctx *linkCtx
	var c linkCtx
	if from != nil {
		parent, plabel = pageURL(from), parentLabelOf(from.Label)
		var ok bool
		if c, ok = contextsOf(from).lookup(link.URL); ok {
			ctx = &c
		}
	}
	var x linkVec
	linkFeaturesFrom(&x, link.URL, link.Anchor, ll.parentOf(parent), plabel, ctx)
	s := clampS(ll.c.svmLogitWith(u, d))
	key := maphash.String(ll.seed, link.URL)
	h.mu.Lock()
	defer h.mu.Unlock()
	z := h.logit(&x, s)
	ll.track(h, link.URL, key, &x, s, z > 0)
	return labelOf(z > 0), sigmoid32(z)
}

// dropped is label for a link the frontier will drop with its label
// (crawl.Link.FrontierDrops): it labels the link only when label would
// keep it for revision (track: its host has fetched pages, and the link is
// neither kept already nor fetched), and otherwise does nothing, as
// label's only other products are the label and score.
func (ll *linkLabeler) dropped(from *crawl.Page, link *crawl.Link) {
	h := ll.hostOf(link.URL)
	if h == nil {
		return
	}
	key := maphash.String(ll.seed, link.URL)
	h.mu.Lock()
	keeps := h.keeps(key)
	h.mu.Unlock()
	if keeps {
		ll.label(from, link)
	}
}

// parentOf is placeOf(parent), kept for the next link: a page's links
// come one after another (OnURL), so its URL is split once, not once a
// link. Workers labelling several pages at once only split it again.
func (ll *linkLabeler) parentOf(parent string) *parentPlace {
	if p := ll.parent.Load(); p != nil && p.url == parent {
		return p
	}
	p := placeOf(parent)
	ll.parent.Store(&p)
	return &p
}

// Gate: a host's links are labelled by its model only once its fetched
// pages show the URL SVM wrong for it: at least gatePages pages, on more
// than half of which the SVM's label disagreed with the page evidence.
// Elsewhere (a news site, the SVM's own kind) the page evidence is the
// less reliable of the two on list pages, and learning from it would
// undo the SVM's right labels; the model still learns there.
const gatePages = 5

// svmWrong reports whether the host's pages show the URL SVM wrong for it. h.mu held.
func (h *linkHost) svmWrong() bool {
	n := h.agree + h.disagree
	return n >= gatePages && 2*h.disagree > n
}

// logit is the label's logit for a link of h: the model's when the gate is
// open, else the SVM's. h.mu held.
func (h *linkHost) logit(x *linkVec, s float32) float32 {
	if h.m == nil || !h.svmWrong() {
		return s
	}
	return h.m.z(x, s)
}

// keeps reports whether track would keep the link of URL hash key: its
// host has fetched pages and room for more, and the link is neither kept
// already nor fetched. h.mu held.
func (h *linkHost) keeps(key uint64) bool {
	return len(h.pending) < maxPendingHost && h.isNew(key)
}

// isNew reports whether the link of URL hash key is new to h: h has
// fetched pages, and the link is neither queued here nor fetched (a queued
// link, most links seen again, is not looked up among the fetched). h.mu
// held.
func (h *linkHost) isNew(key uint64) bool {
	if !h.fetched {
		return false
	}
	if _, queued := h.index[key]; queued {
		return false
	}
	_, done := h.done[key]
	return !done
}

// track keeps a newly seen link of a fetched host for revision. h.mu held.
func (ll *linkLabeler) track(h *linkHost, url string, key uint64, x *linkVec, s float32, hub bool) {
	if !h.keeps(key) {
		return
	}
	ll.mu.Lock()
	full := ll.pending >= maxPending
	if !full {
		ll.pending++
	}
	ll.mu.Unlock()
	if full {
		return
	}
	h.index[key] = int32(len(h.pending))
	h.pending = append(h.pending, pendingLink{url: url, key: key, x: *x, s: s, hub: hub, stored: b2i(hub)})
}

func b2i(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func parentLabelOf(label string) byte {
	switch label {
	case crawl.LabelHub:
		return parentHub
	case crawl.LabelTopic:
		return parentTopic
	}
	return parentUnknown
}

func pageURL(p *crawl.Page) string {
	if p.FinalURL != "" {
		return p.FinalURL
	}
	return p.URL
}

// observe learns from a fetched page of its host labelled hub or not by its
// page evidence: the features its link had when queued (or, for a seed or
// a link not kept, its own URL, anchor and parent), then revises up to
// perPage of the host's queued links.
func (ll *linkLabeler) observe(page *crawl.Page, hub bool) {
	hk := crawl.HostKey(page.URL)
	if hk == "" {
		return
	}
	h := ll.host(hk, true)
	key := maphash.String(ll.seed, page.URL)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.fetched = true
	var x linkVec
	var s float32
	if i, ok := h.index[key]; ok {
		x, s = h.pending[i].x, h.pending[i].s
		ll.remove(h, int(i))
	} else {
		linkFeatures(&x, page.URL, page.Anchor, page.Parent, parentUnknown, nil)
		s = clampS(ll.c.svmLogit(URLInfo{URL: page.URL, Anchor: page.Anchor, Depth: page.Depth}))
	}
	if len(h.done) < maxDoneHost {
		h.done[key] = struct{}{}
	}
	if (s > 0) == hub {
		h.agree++
	} else {
		h.disagree++
	}
	if h.m == nil {
		ll.mu.Lock()
		ok := ll.models < maxModels
		if ok {
			ll.models++
		}
		ll.mu.Unlock()
		if !ok {
			return
		}
		h.m = newLinkModel(uint64(fnvString(fnvOffset, hk)))
	}
	h.m.learn(&x, s, hub, ll.learn)
	ll.revise(h, ll.perPage)
}

// needContexts reports whether any of page's out-links is new to the
// labeler: a link to a fetched host that is neither queued here nor
// fetched. Only such links are kept and labelled by their host's model
// with their place in the page (a link to a host never fetched gets the
// SVM's label; a known one's label the frontier ignores), so the page's
// link contexts are measured only then.
func (ll *linkLabeler) needContexts(page *crawl.Page) bool {
	for i := range page.Links {
		u := page.Links[i].URL
		h := ll.hostOf(u)
		if h == nil {
			continue
		}
		key := maphash.String(ll.seed, u)
		h.mu.Lock()
		isNew := h.isNew(key)
		h.mu.Unlock()
		if isNew {
			return true
		}
	}
	return false
}

// remove drops queued link i of h (swapping the last into its place). h.mu held.
func (ll *linkLabeler) remove(h *linkHost, i int) {
	last := len(h.pending) - 1
	delete(h.index, h.pending[i].key)
	if i != last {
		h.pending[i] = h.pending[last]
		h.index[h.pending[i].key] = int32(i)
	}
	h.pending[last] = pendingLink{}
	h.pending = h.pending[:last]
	if h.cursor > len(h.pending) {
		h.cursor = 0
	}
	ll.mu.Lock()
	ll.pending--
	ll.mu.Unlock()
}

// revise relabels up to n queued links of h from its cursor on, and puts
// those whose label now differs from the frontier's in the outbox. h.mu held.
func (ll *linkLabeler) revise(h *linkHost, n int) {
	n = min(n, len(h.pending))
	for k := 0; k < n; k++ {
		if h.cursor >= len(h.pending) {
			h.cursor = 0
		}
		p := &h.pending[h.cursor]
		h.cursor++
		z := h.logit(&p.x, p.s)
		p.hub = z > 0
		if p.stored == b2i(p.hub) {
			continue
		}
		if !ll.send(LinkLabel{URL: p.url, Label: labelOf(p.hub), Score: sigmoid32(z)}) {
			return // outbox full: this link's turn comes again
		}
		p.stored = b2i(p.hub)
	}
}

func (ll *linkLabeler) send(l LinkLabel) bool {
	ll.outMu.Lock()
	defer ll.outMu.Unlock()
	if len(ll.out) >= maxOutbox {
		return false
	}
	ll.out = append(ll.out, l)
	return true
}

// take appends the outbox to dst and empties it.
func (ll *linkLabeler) take(dst []LinkLabel) []LinkLabel {
	ll.outMu.Lock()
	defer ll.outMu.Unlock()
	dst = append(dst, ll.out...)
	clear(ll.out)
	ll.out = ll.out[:0]
	return dst
}

// missed marks revised labels whose frontier row was not found (not yet
// stored, out of scope, or already fetched): each is sent again on its
// next turn, until it has missed maxMisses times, then no longer kept.
func (ll *linkLabeler) missed(urls []string) {
	for _, u := range urls {
		h := ll.hostOf(u)
		if h == nil {
			continue
		}
		key := maphash.String(ll.seed, u)
		h.mu.Lock()
		if i, ok := h.index[key]; ok {
			p := &h.pending[i]
			if p.misses++; p.misses >= maxMisses {
				ll.remove(h, int(i))
			} else {
				p.stored = -1
			}
		}
		h.mu.Unlock()
	}
}
