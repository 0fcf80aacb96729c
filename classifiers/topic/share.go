package topic

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/internal/wire"
)

// Sharing the learned strategy across the processes of a distributed
// crawl. Each process fetches a share of the pages from one shared
// frontier, so alone it would learn its link model from the few links it
// both scored and fetched. With a Sharer, OnPage hands it a Judgement of
// every page (its URL, parent, relevance, and the training example when
// this process scored a link to it); the Sharer carries them to the other
// processes, whose Hook.Learn takes each as if it had fetched the page:
// the sibling, directory and in-link evidence, and a training example
// (made with its own features of a link to the page when it scored one,
// else the example that came with the judgement), each page once. A
// judgement without an example (its fetcher scored no link to the page)
// is completed by the processes that did score one: they publish their
// example. So all processes train on all pages and focus on the same
// topic. The adaptive
// centroid and the TF-IDF statistics of relevance are shared apart
// (sharestats.go, every strategy).

// Sharer carries the judgements of this process's pages to the other
// processes of the crawl. Publish is called on OnPage's path: it must
// return at once (buffer, send elsewhere). It must be safe for concurrent
// use.
type Sharer interface {
	Publish(j Judgement)
}

// ShareWith makes h publish a Judgement of every page OnPage sees to s
// (the learned strategy; the others publish nothing). Call it before the
// crawl starts.
func (h *Hook) ShareWith(s Sharer) {
	if h.learner != nil {
		h.learner.initShared()
	}
	h.sharer = s
}

// Judgement is what a process tells the others about a page it fetched.
type Judgement struct {
	URL, Parent string
	Rel         float64 // relevance as a share of the relevance threshold
	Relevant    bool
	example     []feature // the features of the link it was fetched through, when known
	// only marks an example alone, published by a process that scored a
	// link to a page whose judgement came without one.
	only bool
}

// Learn takes a judgement of a page another process fetched as the
// learned strategy takes its own pages (see Sharer); it does nothing for
// the other strategies, or when this process judged the page already.
// When the judgement came without an example and this process scored a
// link to the page, it learns that link's features and publishes them
// as an example, so the processes that did not score one learn it too:
// every process learns one example of every page some process scored a
// link to, as one process alone would.
func (h *Hook) Learn(j Judgement) {
	ln := h.learner
	if ln == nil || j.URL == "" {
		return
	}
	ln.initShared()
	if j.only {
		h.train(j.URL, j.example, j.Relevant, j.Rel)
		return
	}
	if _, done := ln.judged.get(j.URL); done {
		return
	}
	ln.judged.put(j.URL, struct{}{})
	rel := 0
	if j.Relevant {
		rel = 1
	}
	if j.Parent != "" {
		ln.parents.update(j.Parent, func(c counts) counts { return counts{c.fetched + 1, c.relevant + rel} })
	}
	ln.dirs.update(urlDir(j.URL), func(c counts) counts { return counts{c.fetched + 1, c.relevant + rel} })
	in, _ := ln.inlinks.get(j.URL)
	r := relShare(j.Rel)
	for _, hb := range in.from() {
		hb.add(r)
	}
	pl, ok := ln.pending.get(j.URL)
	if !ok {
		h.train(j.URL, j.example, j.Relevant, j.Rel)
		return
	}
	own := withInlinks(pl.feats, in)
	if h.train(j.URL, own, j.Relevant, j.Rel) && j.example == nil && h.sharer != nil {
		h.sharer.Publish(Judgement{URL: j.URL, Rel: j.Rel, Relevant: j.Relevant, example: own, only: true})
	}
}

// train adds feats as the example of url (relevant, its relevance ratio
// rel: Hook.label) unless url has one already, and reports whether it did.
func (h *Hook) train(url string, feats []feature, relevant bool, rel float64) bool {
	if feats == nil {
		return false
	}
	added := false
	h.learner.trained.update(url, func(done bool) bool {
		added = !done
		return true
	})
	if added && h.learner.lm.add(feats, relevant, h.label(relevant, rel)) {
		h.rescoreQueue()
	}
	return added
}

// initShared makes the caches of the pages judged and trained on, the
// first time this process shares (a crawl alone does not pay for them).
func (ln *learner) initShared() {
	ln.shared.Do(func() {
		ln.judged.init(pendingLinks)
		ln.trained.init(pendingLinks)
	})
}

// learnShared is learnPage's end with a Sharer: the page's example, once,
// and its judgement published. It reports false without a Sharer.
func (h *Hook) learnShared(page *crawl.Page, rel float64, example []feature) bool {
	if h.sharer == nil {
		return false
	}
	h.learner.judged.put(page.URL, struct{}{})
	h.train(page.URL, example, page.Relevant, rel)
	h.sharer.Publish(Judgement{URL: page.URL, Parent: page.Parent, Rel: rel, Relevant: page.Relevant, example: example})
	return true
}

// Limits of an encoded judgement.
const (
	maxJudgedURL  = 8 << 10
	maxJudgedFeat = 4096
)

// AppendBinary appends j's encoding to b: the URL and parent (length
// prefixed), the relevance share, the flags (relevant, example only), and
// the example's features (count, then id and value each).
func (j Judgement) AppendBinary(b []byte) ([]byte, error) {
	if len(j.URL) > maxJudgedURL || len(j.Parent) > maxJudgedURL || len(j.example) > maxJudgedFeat {
		return b, fmt.Errorf("topic: judgement of %.80q too large", j.URL)
	}
	b = binary.AppendUvarint(b, uint64(len(j.URL)))
	b = append(b, j.URL...)
	b = binary.AppendUvarint(b, uint64(len(j.Parent)))
	b = append(b, j.Parent...)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(j.Rel))
	flag := byte(0)
	if j.Relevant {
		flag = 1
	}
	if j.only {
		flag |= 2
	}
	b = append(b, flag)
	b = binary.AppendUvarint(b, uint64(len(j.example)))
	for _, f := range j.example {
		b = binary.AppendUvarint(b, uint64(f.id))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f.val))
	}
	return b, nil
}

// ErrBadJudgement is the error of a judgement that does not decode.
var ErrBadJudgement = errors.New("topic: bad judgement")

// ReadJudgement decodes one judgement from the start of b (AppendBinary)
// and returns the rest of b.
func ReadJudgement(b []byte) (Judgement, []byte, error) {
	var j Judgement
	r := wire.NewReader(b, ErrBadJudgement)
	j.URL = r.String(maxJudgedURL, "string")
	j.Parent = r.String(maxJudgedURL, "string")
	j.Rel = math.Float64frombits(r.Uint64("relevance"))
	if f := r.Byte("relevant flag"); f > 3 {
		r.Fail("flags")
	} else {
		j.Relevant, j.only = f&1 != 0, f&2 != 0
	}
	n := r.Uvarint(maxJudgedFeat, "feature count")
	if n > 0 && r.Err == nil {
		j.example = make([]feature, 0, min(n, uint64(len(r.B))/5))
	}
	for range n {
		id := r.Uvarint(weightMask, "feature id")
		val := math.Float32frombits(r.Uint32("feature value"))
		if r.Err != nil {
			break
		}
		if math.IsNaN(float64(val)) || math.IsInf(float64(val), 0) {
			r.Fail("feature value")
			break
		}
		j.example = append(j.example, feature{id: uint32(id), val: val})
	}
	if r.Err == nil && (math.IsNaN(j.Rel) || math.IsInf(j.Rel, 0) || j.Rel < 0) {
		r.Fail("relevance")
	}
	if r.Err != nil {
		return Judgement{}, nil, r.Err
	}
	return j, r.B, nil
}
