package demosite_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/internal/demosite"
)

// outLinks fetches u and returns its absolute http links.
func outLinks(t *testing.T, u string) []string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		return nil // the redirect loop
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		return nil
	}
	doc, err := html.Parse(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse(resp.Request.URL.String())
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			for _, a := range n.Attr {
				if a.Key == "href" {
					if v, err := base.Parse(a.Val); err == nil && v.Scheme == "http" {
						v.Fragment = ""
						out = append(out, v.String())
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func isSport(s *demosite.Site, u string) bool {
	tr, ok := s.Truth(u)
	return ok && tr.Topic == "sport"
}

// TestLinkGraph checks the property the focused-crawling measurements rely
// on: breadth-first from the home pages mostly finds other topics, while a
// crawler that could tell sport links apart reaches 400 sport pages from
// 10 sport seeds within 400 fetches.
func TestLinkGraph(t *testing.T) {
	s := start(t)
	crawl := func(seeds []string, budget int, choose func(frontier []string) int) (fetched, sport int) {
		seen := map[string]bool{}
		queue := append([]string(nil), seeds...)
		for _, u := range seeds {
			seen[u] = true
		}
		for len(queue) > 0 && fetched < budget {
			i := choose(queue)
			u := queue[i]
			queue = append(queue[:i], queue[i+1:]...)
			if strings.Contains(u, "/private/") || strings.Contains(u, "/slow.html") {
				continue
			}
			links := outLinks(t, u)
			fetched++
			if isSport(s, u) {
				sport++
			}
			for _, l := range links {
				if !seen[l] {
					seen[l] = true
					queue = append(queue, l)
				}
			}
		}
		return fetched, sport
	}
	fifo := func([]string) int { return 0 }
	n, sp := crawl(s.Seeds(), 400, fifo)
	if share := float64(sp) / float64(n); share >= 0.4 {
		t.Errorf("breadth-first from the homes: %d of %d pages are sport (%.2f), want < 0.4", sp, n, share)
	} else {
		t.Logf("breadth-first from the homes: sport share %.2f of %d pages", share, n)
	}
	oracle := func(q []string) int {
		for i, u := range q {
			if isSport(s, u) {
				return i
			}
		}
		return 0
	}
	n, sp = crawl(s.SportSeeds(10), 400, oracle)
	if sp < 400 {
		t.Errorf("oracle-focused crawl from 10 sport seeds: %d sport pages of %d, want ≥ 400", sp, n)
	} else {
		t.Logf("oracle-focused crawl from 10 sport seeds: %d sport pages of %d", sp, n)
	}
	n, sp = crawl(s.SportSeeds(10), 400, fifo)
	t.Logf("breadth-first from 10 sport seeds: %d sport pages of %d", sp, n)
}
