package hub

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// FuzzLinkFeatures: any URL, anchor, parent and page give at most
// maxLinkFeats features in range, the same twice, and no panic; a page's
// link contexts are bounded by its links.
func FuzzLinkFeatures(f *testing.F) {
	f.Add("http://h.test/a/b-c.html?x=1#f", "5.1. Foo bar", "http://h.test/a/index.html", `<ul><li><a href="b-c.html">x</a><ul><li>y</li></ul></li></ul>`)
	f.Add("", "", "", "")
	f.Add("h.test", "\xff\xfe", "://", `<a href="../../..">up</a><a href="?q">q</a><a href="//x/y">y</a>`)
	f.Add("http://[::1]:80/%zz/..//./", "١٢٣. عربى", "mailto:x", `<a href=" #x ">`+strings.Repeat("<div>", 300)+`<a href="d">`)
	f.Fuzz(func(t *testing.T, u, anchor, parent, page string) {
		var v, w linkVec
		linkFeatures(&v, u, anchor, parent, parentHub, nil)
		linkFeatures(&w, u, anchor, parent, parentHub, nil)
		if v != w {
			t.Fatal("features differ between two runs")
		}
		if int(v.n) > maxLinkFeats {
			t.Fatalf("%d features", v.n)
		}
		for _, i := range v.idx[:v.n] {
			if int(i) >= linkDim {
				t.Fatalf("feature index %d", i)
			}
		}
		k1, ok1 := resolvedKey(parent, u)
		k2, ok2 := resolvedKey(parent, u)
		if k1 != k2 || ok1 != ok2 {
			t.Fatal("resolvedKey not deterministic")
		}
		doc, err := html.Parse(strings.NewReader(page))
		if err != nil {
			return // the parser refuses it: nothing to walk
		}
		lc := measureLinkContexts(doc, parent, 0)
		if as := strings.Count(strings.ToLower(page), "<a"); len(lc.m) > as {
			t.Fatalf("%d contexts from %d anchors", len(lc.m), as)
		}
		if c, ok := lc.lookup(u); ok {
			linkFeatures(&v, u, anchor, parent, parentTopic, &c)
			if int(v.n) > maxLinkFeats {
				t.Fatalf("%d features with a context", v.n)
			}
		}
	})
}
