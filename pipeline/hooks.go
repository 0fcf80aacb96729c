package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/store"

	"github.com/crawl-project/crawl/hooks"
)

// buildHooks adds the enabled built-ins to the chain in the documented
// order. OnPage: topic relevance, then the hub label of the page itself,
// then the template features (kept with the page for OnBatch).
// OnURL: topic priority (the parent page's score), then the hub classifier
// (which may boost hubs or drop links). OnBatch: structural clustering,
// then record extraction (which needs the cluster ids), then fuzzy topics.
func (p *Pipeline) buildHooks(ctx context.Context, resolve func([]string) ([]string, error)) error {
	cfg := p.cfg
	if cfg.Topic.Enabled {
		var pages []topic.SeedPage
		var asked int
		if p.seedFetch != nil { // begun beside the store's opening (seedpages.go)
			pages, asked = p.seedFetch.wait()
		} else {
			seeds := p.seeds
			if len(cfg.Topic.Seeds) > 0 {
				var err error
				if seeds, err = resolve(cfg.Topic.Seeds); err != nil {
					return err
				}
			}
			fetcher, err := p.seedFetcher()
			if err != nil {
				return err
			}
			pages, asked = fetchSeedPages(ctx, fetcher, seeds, cfg.Politeness.Workers, p.log), len(seeds)
		}
		t, err := newTopicBuiltin(cfg, asked, pages)
		if err != nil {
			return err
		}
		if err := saveTopicTerms(ctx, p.st, t.Model().Terms()); err != nil {
			return err
		}
		if err := p.shareTopic(ctx, t); err != nil {
			return err
		}
		if r, ok := p.fr.(frontier.Rescorer); ok {
			t.RescoreWith(r) // the learned link model reorders the queue as it learns
		}
		p.add(t)
	}
	if cfg.Hub.Enabled {
		var st labelWriter
		switch fr := p.fr.(type) {
		case *sqlitefrontier.Frontier:
			st = p.st // the frontier's rows are the store's: revised link labels go there
		case labelWriter:
			st = fr // the Redis frontier
		}
		h, err := newHubBuiltin(cfg, st)
		if err != nil {
			return err
		}
		p.closers = append(p.closers, h.stopFlusher)
		p.add(h)
	}
	if cfg.Clustering.Enabled {
		c, err := newClustersBuiltin(ctx, cfg, p.st)
		if err != nil {
			return err
		}
		p.add(c)
	}
	if cfg.Extraction.Enabled {
		p.add(newRecordsBuiltin(cfg, p.log))
	}
	if cfg.Topics.Enabled {
		t, err := newTopicsBuiltin(ctx, p.st, cfg.Topics.R, cfg.Topics.Paper, nil)
		if err != nil {
			return err
		}
		p.add(t)
	}
	return nil
}

// seedFetcher fetches the topic's seed pages as the crawl fetches its
// own: robots.txt and each host's politeness obeyed, with the crawl's
// identity (user agent, headers), proxy, cookies and transport (a replay
// reads them from its archive). They are not archived: the crawl's WARC
// holds its own fetches, whose order an archive-order replay repeats, and
// a seed page fetched before them would take the place of the crawl's
// own fetch of it in that order.
func (p *Pipeline) seedFetcher() (*crawler.Outside, error) {
	ecfg, opts, err := p.ownRequests()
	if err != nil {
		return nil, err
	}
	return crawler.NewOutside(ecfg, opts...)
}

// add appends a builtin and registers every hook interface it implements.
func (p *Pipeline) add(b builtin) {
	p.builtins = append(p.builtins, b)
	if h, ok := b.(hooks.PageHook); ok {
		p.chain.OnPage(h)
	}
	if h, ok := b.(hooks.URLHook); ok {
		p.chain.OnURL(h)
	}
	if h, ok := b.(hooks.BatchHook); ok {
		if obs := p.opts.BatchObserver; obs != nil {
			h = timedBatch{name: builtinName(b), h: h, observe: obs}
		}
		p.chain.OnBatch(h)
	}
}

// TopicTermsKey is the store meta key under which a focused crawl keeps
// its topic's feature terms (a JSON array, most important first, at most
// 50), for views of the store such as the dashboard's.
const TopicTermsKey = "topic.terms"

func saveTopicTerms(ctx context.Context, st *store.Store, terms []string) error {
	b, err := json.Marshal(terms[:min(len(terms), 50)])
	if err != nil {
		return fmt.Errorf("pipeline: topic terms: %w", err)
	}
	return st.SetMeta(ctx, TopicTermsKey, string(b))
}

// timedBatch tells Options.BatchObserver how long a built-in's OnBatch took.
type timedBatch struct {
	name    string
	h       hooks.BatchHook
	observe func(string, time.Duration)
}

// BatchNeeds is the wrapped hook's (everything when it declares nothing).
func (t timedBatch) BatchNeeds() hooks.Needs {
	if d, ok := t.h.(hooks.NeedsDeclarer); ok {
		return d.BatchNeeds()
	}
	return hooks.Needs{DOM: true, HTML: true}
}

func (t timedBatch) OnBatch(ctx context.Context, b *crawl.Batch) error {
	start := time.Now()
	err := t.h.OnBatch(ctx, b)
	t.observe(t.name, time.Since(start))
	return err
}

// builtinName is a built-in's short name from its type: *clustersBuiltin is
// "clusters".
func builtinName(b builtin) string {
	n := fmt.Sprintf("%T", b)
	n = n[strings.LastIndexByte(n, '.')+1:]
	return strings.TrimSuffix(n, "Builtin")
}
