package hub

import (
	"context"
	"errors"
	"fmt"

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
type Hook struct {
	c *Classifier
	p Policy
}

var (
	_ hooks.URLHook  = (*Hook)(nil)
	_ hooks.PageHook = (*Hook)(nil)
)

// NewHook returns the hook adapter of c under policy p.
func NewHook(c *Classifier, p Policy) (*Hook, error) {
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
	return &Hook{c: c, p: p}, nil
}

// OnURL sets link.Label and link.Score from the link's URL, anchor text and
// depth, then applies the policy: it may raise link.Priority or drop the
// link with hooks.ErrSkip. The page size is unknown before a fetch.
func (h *Hook) OnURL(_ context.Context, _ *crawl.Page, link *crawl.Link) error {
	link.Label, link.Score = h.c.Classify(URLInfo{URL: link.URL, Anchor: link.Anchor, Depth: link.Depth})
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

// OnPage sets page.Label and page.Score for the fetched page's own URL,
// now with its known size (feature ⑨). The policy does not apply: the page
// is already fetched.
func (h *Hook) OnPage(_ context.Context, page *crawl.Page) error {
	u := page.FinalURL
	if u == "" {
		u = page.URL
	}
	page.Label, page.Score = h.c.Classify(URLInfo{URL: u, Anchor: page.Anchor, Depth: page.Depth, Size: page.Size})
	return nil
}
