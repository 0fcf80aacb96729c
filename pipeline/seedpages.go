package pipeline

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/htmldecode"
)

// fetchSeedPages GETs and parses each seed page through fetcher, as the
// crawl fetches its pages: robots.txt obeyed, each host's politeness
// (delay, per_host_parallel, Crawl-delay), the crawl's identity, proxy and
// cookies (Pipeline.seedFetcher). Failures, robots.txt's refusals among
// them, are logged and skipped. Up to workers pages (politeness.workers)
// are fetched at once, so that a crawl with many seed pages on several
// sites does not wait for them one after another; they come back in the
// order of urls.
func fetchSeedPages(ctx context.Context, fetcher *crawler.Outside, urls []string, workers int, log *slog.Logger) []topic.SeedPage {
	all := make(chan struct{}, max(workers, 1))
	pages := make([]*topic.SeedPage, len(urls))
	var wg sync.WaitGroup
	for i, u := range urls {
		wg.Go(func() {
			var doc *html.Node
			var final string
			err := fetcher.Do(ctx, u, func(client *http.Client) (err error) {
				all <- struct{}{} // once the host lets it go: a page waiting for its host holds no slot
				defer func() { <-all }()
				doc, final, err = fetchHTML(ctx, client, u)
				return err
			})
			if err != nil {
				log.Warn("topic seed page skipped", "url", u, "err", err)
				return
			}
			pages[i] = &topic.SeedPage{URL: final, Doc: doc}
		})
	}
	wg.Wait()
	var out []topic.SeedPage
	for _, p := range pages {
		if p != nil {
			out = append(out, *p)
		}
	}
	return out
}

// maxSeedPage bounds a topic seed page; a larger one is an error, not a
// silently truncated page.
const maxSeedPage = 10 << 20

func fetchHTML(ctx context.Context, client *http.Client, u string) (*html.Node, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("status %d", resp.StatusCode)
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxSeedPage+1))
	if err != nil {
		return nil, "", err
	}
	if len(raw) > maxSeedPage {
		return nil, "", fmt.Errorf("page larger than %d MiB", maxSeedPage>>20)
	}
	doc, err := htmldecode.Parse(raw, resp.Header.Get("Content-Type"))
	if err != nil {
		return nil, "", err
	}
	return doc, resp.Request.URL.String(), nil
}

// seedFetch is the topic's seed pages being fetched beside the opening of
// the store and the frontier (Open), which they need neither of: on a
// fresh store the two take about as long as the pages (15–20 ms each on
// the Python docs), and a focused crawl's start used to wait for one and
// then the other.
type seedFetch struct {
	asked  int
	done   chan struct{} // closed when pages is set
	pages  []topic.SeedPage
	cancel context.CancelFunc
}

// startSeedFetch begins fetching the topic's seed pages when they can be
// fetched before the store is open: the topic is on, its seed URLs are
// the configured ones (a demo site resolves them only once it runs), its
// requests need nothing Open sets up first (a distributed crawl's shared
// politeness) and no other request of Open may go to their hosts beside
// them (a re-crawl reads its sitemaps again in Open, under a politeness
// of its own). Otherwise it returns nil, and buildHooks fetches them
// itself.
func (p *Pipeline) startSeedFetch(ctx context.Context) (*seedFetch, error) {
	cfg := p.cfg
	if !cfg.Topic.Enabled || cfg.Demo || cfg.Distributed.Enabled() || p.opts.Recrawl {
		return nil, nil
	}
	urls := topicSeeds(cfg, cfg.Seeds)
	fetcher, err := p.seedFetcher()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	f := &seedFetch{asked: len(urls), done: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(f.done)
		f.pages = fetchSeedPages(ctx, fetcher, urls, cfg.Politeness.Workers, p.log)
	}()
	return f, nil
}

// topicSeeds are the topic's seed URLs: topic.seeds, or the crawl's seeds
// when it is empty.
func topicSeeds(cfg *config.Config, crawlSeeds []string) []string {
	if len(cfg.Topic.Seeds) > 0 {
		return cfg.Topic.Seeds
	}
	return crawlSeeds
}

// wait returns the pages fetched and how many were asked for.
func (f *seedFetch) wait() ([]topic.SeedPage, int) {
	<-f.done
	f.cancel() // its requests are over
	return f.pages, f.asked
}

// stop ends the fetch and waits for it (Open failing after it began).
// Nil does nothing.
func (f *seedFetch) stop() {
	if f != nil {
		f.cancel()
		<-f.done
	}
}
