package harvest

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/internal/demosite"
)

// TopicArticles returns the URLs of every published article of topic in
// corpus order (the id that ends each article URL), found by walking the
// topic's section pages, with their pagination, on every host.
func TopicArticles(ctx context.Context, site *demosite.Site, topicName string) ([]string, error) {
	byID := map[int]string{}
	for _, h := range site.Hosts() {
		queue, seen := []string{h + "/" + topicName + "/"}, map[string]bool{}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			if seen[u] {
				continue
			}
			seen[u] = true
			if _, ok := site.Truth(u); !ok {
				continue
			}
			doc, err := fetchDoc(ctx, u)
			if err != nil {
				return nil, err
			}
			for _, href := range hrefs(doc) {
				t, ok := site.Truth(href)
				switch {
				case !ok || t.Topic != topicName:
				case t.Kind == "article":
					if id, ok := articleID(href); ok {
						byID[id] = href
					}
				case t.Kind == "section":
					queue = append(queue, href)
				}
			}
		}
	}
	out := make([]string, 0, len(byID))
	for _, id := range slices.Sorted(maps.Keys(byID)) {
		out = append(out, byID[id])
	}
	return out, nil
}

// CorpusSeeds returns the URLs of the first n published articles of topic
// in corpus order (TopicArticles): the same choice as demosite.SportSeeds,
// for any topic.
func CorpusSeeds(ctx context.Context, site *demosite.Site, topicName string, n int) ([]string, error) {
	all, err := TopicArticles(ctx, site, topicName)
	if err != nil {
		return nil, err
	}
	return all[:min(n, len(all))], nil
}

// DrawSeeds returns n of articles drawn at random without replacement by a
// PCG generator seeded with (rngSeed, draw): draw k of a given rngSeed is
// the same on every run. articles is typically TopicArticles.
func DrawSeeds(articles []string, n int, rngSeed, draw uint64) ([]string, error) {
	if n > len(articles) {
		return nil, fmt.Errorf("harvest: %d seeds wanted, only %d articles", n, len(articles))
	}
	r := rand.New(rand.NewPCG(rngSeed, draw))
	perm := r.Perm(len(articles))
	out := make([]string, n)
	for i := range out {
		out[i] = articles[perm[i]]
	}
	return out, nil
}

// Summary renders harvest rates (one per draw) as the list, their mean and
// their minimum.
func Summary(rates []float64) string {
	if len(rates) == 0 {
		return "no runs"
	}
	var sum float64
	parts := make([]string, len(rates))
	for i, r := range rates {
		sum += r
		parts[i] = fmt.Sprintf("%.3f", r)
	}
	return fmt.Sprintf("%s  mean %.3f  min %.3f", strings.Join(parts, " "), sum/float64(len(rates)), slices.Min(rates))
}
