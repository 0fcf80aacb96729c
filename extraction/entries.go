package extraction

import (
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// entries finds the API-reference entries of a documentation page when no
// list region was found: definition lists of one tag.class (Sphinx's
// dl.py function, class, method…) whose first child is a term (dt),
// wherever they sit (a few under each section heading, so no one region
// holds them), at least cfg.MinRecords of them holding together
// cfg.MinCoverage of the page's text. Each entry (signature and
// description) is one record. The class with the most text wins; entries
// nested in another entry of it (methods inside a class) belong to their
// outer entry.
func entries(p *page, cfg Config) (region, bool) {
	t := p.t
	groups := map[string][]int32{}
	var order []string
	ends := map[string]int{}
	for i := range t.Len() {
		if t.Label[i] == stm.TextLabel || t.Node[i].DataAtom != atom.Dl || attr(t.Node[i], "class") == "" {
			continue
		}
		kids := t.Children(i)
		if len(kids) == 0 || t.Label[kids[0]] == stm.TextLabel || t.Node[kids[0]].DataAtom != atom.Dt {
			continue
		}
		name := segmentName(t.Node[i])
		if e, ok := ends[name]; ok && i < e {
			continue // inside an entry of the same class
		}
		if _, ok := groups[name]; !ok {
			order = append(order, name)
		}
		groups[name] = append(groups[name], int32(i))
		ends[name] = i + int(t.Size[i])
	}
	total := float64(p.text[0])
	best, bestText := "", 0
	for _, name := range order {
		text := 0
		for _, i := range groups[name] {
			text += int(p.text[i])
		}
		if len(groups[name]) >= cfg.MinRecords && text > bestText {
			best, bestText = name, text
		}
	}
	if best == "" || total == 0 || float64(bestText)/total < cfg.MinCoverage {
		return region{}, false
	}
	r := region{node: int(t.Parent[groups[best][0]]), sim: 1, cov: float64(bestText) / total}
	for _, i := range groups[best] {
		r.records = append(r.records, []int32{i})
	}
	return r, true
}
