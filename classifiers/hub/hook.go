package hub

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/hooks"
)

// Mode is what the OnURL hook does with a link beyond labelling it.
type Mode int

const (
	TagOnly             Mode = iota // label and score only ("tag")
	BoostHubs                       // add Policy.Boost to hub links' priority ("boost")
	HubsOnlyBeyondDepth             // deeper than Policy.Depth, drop non-hub links ("hubs-beyond-depth")
	SkipHubs                        // drop links predicted hub ("skip-hubs")
)

var modeNames = [...]string{"tag", "boost", "hubs-beyond-depth", "skip-hubs"}

// String returns the configuration name of m.
func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode maps a configuration name (tag, boost, hubs-beyond-depth,
// skip-hubs; "" is tag) to its Mode.
func ParseMode(name string) (Mode, error) {
	if name == "" {
		return TagOnly, nil
	}
	for i, n := range modeNames {
		if n == name {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("hub: unknown policy %q (want tag, boost, hubs-beyond-depth or skip-hubs)", name)
}

// Policy configures the hook. The zero value tags only.
type Policy struct {
	Mode  Mode
	Boost float64 // BoostHubs: added to a hub link's Priority; 0 means 0.5
	Depth int     // HubsOnlyBeyondDepth: links with Depth > Depth must be hubs
}

// Hook labels links (OnURL) and fetched pages (OnPage) hub or topic. It is
// safe for concurrent use.
//
// By default it is the paper's: both labels come from the URL classifier.
// WithPageModel makes a fetched page's label the page-evidence label
// (evidence.go: the page's own link structure); WithHostCalibration then
// also corrects the links of a host whose fetched pages show the URL model
// wrong for it (calibrate.go).
type Hook struct {
	c     *Classifier
	p     Policy
	pm    *PageModel
	cal   *hostCalibration
	links *linkLabeler
	dc    decisionCache // the URL SVM's decision of each link (decisions.go)
}

// HookOption configures a Hook.
type HookOption func(*Hook)

// WithPageModel labels fetched pages by their page evidence under m: label
// hub when P(hub) ≥ 0.5, score P(hub).
func WithPageModel(m *PageModel) HookOption { return func(h *Hook) { h.pm = m } }

// WithHostCalibration (with WithPageModel) labels the links to a host with
// at least minPages fetched pages by a per-host logistic fit of the URL
// decision value to those pages' page-evidence labels.
func WithHostCalibration(minPages int) HookOption {
	return func(h *Hook) { h.cal = newHostCalibration(minPages) }
}

// WithLinkModel (with WithPageModel) labels links by a per-host link model
// that starts as the URL classifier and learns from each fetched page of
// the host (linkmodel.go), once the host's pages show the URL classifier
// wrong for it (linkhosts.go: the gate); after each page it revises the
// labels of up to perPage of the host's queued links (TakeRelabels hands
// out those that changed). It replaces WithHostCalibration when both are
// given.
func WithLinkModel(l LinkLearning, perPage int) HookOption {
	return func(h *Hook) { h.links = newLinkLabeler(h.c, l, max(0, perPage)) }
}

var (
	_ hooks.URLHook  = (*Hook)(nil)
	_ hooks.PageHook = (*Hook)(nil)
)

// NewHook returns the hook adapter of c under policy p.
func NewHook(c *Classifier, p Policy, opts ...HookOption) (*Hook, error) {
	if c == nil {
		return nil, errors.New("hub: new hook: nil classifier")
	}
	if p.Mode < TagOnly || p.Mode > SkipHubs {
		return nil, fmt.Errorf("hub: new hook: unknown mode %d", p.Mode)
	}
	if p.Depth < 0 {
		return nil, fmt.Errorf("hub: new hook: depth %d < 0", p.Depth)
	}
	if p.Boost == 0 {
		p.Boost = 0.5
	}
	h := &Hook{c: c, p: p}
	for _, o := range opts {
		o(h)
	}
	if (h.cal != nil || h.links != nil) && h.pm == nil {
		return nil, errors.New("hub: new hook: host calibration and link model need a page model")
	}
	if h.links != nil {
		h.cal = nil
		h.links.dc = &h.dc
	}
	return h, nil
}

// OnURL sets link.Label and link.Score from the link's URL, anchor text and
// depth, then applies the policy: it may raise link.Priority or drop the
// link with hooks.ErrSkip. The page size is unknown before a fetch.
//
// A link the frontier will drop (link.FrontierDrops: seen before, or out
// of scope) keeps its label, score and priority when the policy drops no
// link (tag, boost): the frontier drops it whatever they are. The link
// model still keeps it for revision when it would keep a new one
// (linkLabeler.dropped). Under those policies a link the crawler will
// refuse unfetched (link.Refused) is neither labelled nor kept: its label
// would label nothing fetched.
func (h *Hook) OnURL(_ context.Context, from *crawl.Page, link *crawl.Link) error {
	dropsNone := h.p.Mode == TagOnly || h.p.Mode == BoostHubs
	if link.Refused && dropsNone {
		return nil
	}
	if link.FrontierDrops && dropsNone {
		if h.links != nil {
			h.links.dropped(from, link)
		}
		return nil
	}
	if h.links != nil {
		link.Label, link.Score = h.links.label(from, link)
	} else {
		link.Label, link.Score = h.classifyLink(link)
	}
	hub := IsHub(link.Label)
	switch h.p.Mode {
	case BoostHubs:
		if hub {
			link.Priority += h.p.Boost
		}
	case HubsOnlyBeyondDepth:
		if !hub && link.Depth > h.p.Depth {
			return hooks.ErrSkip
		}
	case SkipHubs:
		if hub {
			return hooks.ErrSkip
		}
	}
	return nil
}

// classifyLink is the URL classifier's label, or the host's calibrated one.
func (h *Hook) classifyLink(link *crawl.Link) (string, float64) {
	u := URLInfo{URL: link.URL, Anchor: link.Anchor, Depth: link.Depth}
	d := h.dc.decision(h.c, u)
	if h.cal != nil {
		if z, ok := h.cal.logit(crawl.HostKey(link.URL), d); ok {
			return labelOf(z > 0), 1 / (1 + math.Exp(-z))
		}
	}
	return h.c.classifyWith(u, d)
}

func labelOf(hub bool) string {
	if hub {
		return crawl.LabelHub
	}
	return crawl.LabelTopic
}

// OnPage sets page.Label and page.Score: from the page's own URL, now with
// its known size (feature ⑨), or with WithPageModel from the page's
// evidence (P(hub) as the score), which also feeds the host calibration.
// The policy does not apply: the page is already fetched.
func (h *Hook) OnPage(_ context.Context, page *crawl.Page) error {
	u := page.FinalURL
	if u == "" {
		u = page.URL
	}
	info := URLInfo{URL: u, Anchor: page.Anchor, Depth: page.Depth, Size: page.Size}
	if h.pm == nil || page.Doc == nil {
		page.Label, page.Score = h.c.Classify(info)
		return nil
	}
	p := h.pm.Prob(MeasurePageAt(page.Doc, u))
	page.Label, page.Score = labelOf(p >= 0.5), p
	if h.cal != nil {
		h.cal.observe(crawl.HostKey(u), h.c.Decision(URLInfo{URL: u, Depth: page.Depth}), p >= 0.5)
	}
	if h.links != nil {
		h.links.observe(page, p >= 0.5)
		if h.links.needContexts(page) {
			page.Keep(linkContextsKey{}, measureLinkContexts(page.Doc, u, len(page.Links)))
		}
	}
	return nil
}

// TakeRelabels appends to dst the revised labels of queued links that
// differ from the label their frontier row holds (WithLinkModel), and
// forgets them: the caller writes them to the frontier and reports the
// URLs whose row it did not find with RelabelMissed. Without a link model
// it returns dst.
func (h *Hook) TakeRelabels(dst []LinkLabel) []LinkLabel {
	if h.links == nil {
		return dst
	}
	return h.links.take(dst)
}

// PendingRelabels is how many revised labels TakeRelabels would hand out.
func (h *Hook) PendingRelabels() int {
	if h.links == nil {
		return 0
	}
	h.links.outMu.Lock()
	defer h.links.outMu.Unlock()
	return len(h.links.out)
}

// RelabelMissed reports revised labels (TakeRelabels) whose URL had no
// queued frontier row: each is sent again on its next turn, and a link that
// misses twice is no longer revised.
func (h *Hook) RelabelMissed(urls []string) {
	if h.links != nil {
		h.links.missed(urls)
	}
}
