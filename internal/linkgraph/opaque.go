package linkgraph

import (
	"fmt"
	"hash/fnv"
	"net/url"
	"slices"
)

// WithOpaqueURLs returns a copy of g whose page URLs carry nothing of the
// page but its host: http://HOST/h/<FNV-64a of the old URL>.html. On a
// graph labelled by its folders (the documentation trees) the path names
// the topic, and a strategy that reads URLs sees the label; replaying the
// copy measures what a strategy finds without it. Links, texts, anchors
// and labels are kept. It fails on a URL that does not parse or two URLs
// that hash alike.
func (g *Graph) WithOpaqueURLs() (*Graph, error) {
	c := *g
	c.Pages = slices.Clone(g.Pages)
	seen := make(map[string]int, len(c.Pages))
	for i := range c.Pages {
		u, err := url.Parse(c.Pages[i].URL)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("linkgraph: page %d: URL %q has no host", i, c.Pages[i].URL)
		}
		h := fnv.New64a()
		h.Write([]byte(c.Pages[i].URL))
		o := fmt.Sprintf("%s://%s/h/%016x.html", u.Scheme, u.Host, h.Sum64())
		if j, dup := seen[o]; dup {
			return nil, fmt.Errorf("linkgraph: pages %d and %d hash to the same opaque URL", j, i)
		}
		seen[o] = i
		c.Pages[i].URL = o
	}
	return &c, nil
}
