package fpc

import (
	"hash/fnv"
	"path"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// The eight set features, in order.
const (
	SetTagAttr   = iota // tag.attribute=value, e.g. div.class=post
	SetLinks            // link URLs (path only, no query)
	SetCSS              // stylesheet file names
	SetJS               // script file names
	SetJSFunc           // JavaScript function names
	SetAnchors          // anchor texts
	SetShortText        // short text nodes (≤ 24 bytes)
	SetImages           // image file names
	numSets
)

// maxDepth bounds the layered vector; deeper nodes count in the last layer.
const maxDepth = 48

// Features are the nine features of one page.
type Features struct {
	Layers [][]tagFreq       // per depth: tag-name frequencies, sorted by tag, summing to 1
	Sets   [numSets][]uint64 // sorted hashed set elements
}

type tagFreq struct {
	Tag  uint64
	Freq float64
}

var jsFunc = regexp.MustCompile(`function\s+([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\s*[:=]\s*function\b`)

// Extract computes the features of a parsed page in one walk of its tree.
func Extract(doc *html.Node) *Features {
	w := walker{counts: make([]map[uint64]int, 0, 16)}
	for i := range w.sets {
		w.sets[i] = map[uint64]struct{}{}
	}
	w.walk(doc, 0)
	f := &Features{Layers: make([][]tagFreq, 0, len(w.counts))}
	for _, m := range w.counts {
		total := 0
		for _, c := range m {
			total += c
		}
		layer := make([]tagFreq, 0, len(m))
		for t, c := range m {
			layer = append(layer, tagFreq{t, float64(c) / float64(total)})
		}
		slices.SortFunc(layer, func(a, b tagFreq) int { return cmpU64(a.Tag, b.Tag) })
		f.Layers = append(f.Layers, layer)
	}
	for i, s := range w.sets {
		f.Sets[i] = sortedKeys(s)
	}
	return f
}

type walker struct {
	counts []map[uint64]int
	sets   [numSets]map[uint64]struct{}
}

func (w *walker) add(set int, s string) {
	if s = strings.TrimSpace(s); s != "" {
		w.sets[set][hashString(s)] = struct{}{}
	}
}

func (w *walker) walk(n *html.Node, depth int) {
	if n.Type == html.ElementNode {
		d := min(depth, maxDepth)
		for len(w.counts) <= d {
			w.counts = append(w.counts, map[uint64]int{})
		}
		w.counts[d][hashString(n.Data)]++
		w.element(n)
		depth++
	} else if n.Type == html.TextNode {
		if t := strings.TrimSpace(n.Data); t != "" && len(t) <= 24 && (n.Parent == nil || n.Parent.Data != "script" && n.Parent.Data != "style") {
			w.add(SetShortText, t)
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c, depth)
	}
}

func (w *walker) element(n *html.Node) {
	for _, a := range n.Attr {
		switch a.Key {
		case "class", "id":
			for _, v := range strings.Fields(a.Val) {
				w.add(SetTagAttr, n.Data+"."+a.Key+"="+v)
			}
		case "href":
			switch {
			case n.Data == "a" || n.Data == "area":
				u := a.Val
				if i := strings.IndexAny(u, "?#"); i >= 0 {
					u = u[:i]
				}
				w.add(SetLinks, u)
			case n.Data == "link" && strings.HasSuffix(strings.ToLower(strings.Split(a.Val, "?")[0]), ".css"):
				w.add(SetCSS, fileName(a.Val))
			}
		case "src":
			switch n.Data {
			case "script":
				w.add(SetJS, fileName(a.Val))
			case "img":
				w.add(SetImages, fileName(a.Val))
			}
		default:
			if strings.HasPrefix(a.Key, "on") {
				w.jsFuncs(a.Val)
			}
		}
	}
	switch n.Data {
	case "a":
		w.add(SetAnchors, strings.Join(strings.Fields(textOf(n)), " "))
	case "script":
		if c := n.FirstChild; c != nil && c.Type == html.TextNode {
			w.jsFuncs(c.Data)
		}
	}
}

func (w *walker) jsFuncs(src string) {
	for _, m := range jsFunc.FindAllStringSubmatch(src, 64) {
		w.add(SetJSFunc, m[1]+m[2])
	}
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(m *html.Node) {
		for c := m.FirstChild; c != nil && b.Len() < 200; c = c.NextSibling {
			if c.Type == html.TextNode {
				b.WriteString(c.Data)
				b.WriteByte(' ')
			} else {
				rec(c)
			}
		}
	}
	rec(n)
	return b.String()
}

func fileName(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return path.Base(u)
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func sortedKeys(m map[uint64]struct{}) []uint64 {
	out := make([]uint64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
