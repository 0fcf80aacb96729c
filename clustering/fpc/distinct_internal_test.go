package fpc

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// referenceSets is the eight sets the direct way (the JavaScript
// function names found by the walker's own scan): every occurrence
// collected (strings.Fields, strings.TrimSpace, the strings built), then
// sorted, made distinct and cut to the bottom k, as Extract did before it
// kept the elements distinct during the walk.
func referenceSets(doc *html.Node) [numSets][]uint64 {
	var sets [numSets][]uint64
	add := func(i int, s string) {
		if s = strings.TrimSpace(s); s != "" {
			sets[i] = append(sets[i], hashString(s))
		}
	}
	js := func(src string) { // the scan itself is the walker's
		jsFunctionNames(src, func(name string) { add(SetJSFunc, name) })
	}
	cut := func(u string) string {
		if i := strings.IndexAny(u, "?#"); i >= 0 {
			return u[:i]
		}
		return u
	}
	var text func(n *html.Node, b *strings.Builder)
	text = func(n *html.Node, b *strings.Builder) {
		for c := n.FirstChild; c != nil && b.Len() < 200; c = c.NextSibling {
			if c.Type == html.TextNode {
				b.WriteString(c.Data + " ")
			} else {
				text(c, b)
			}
		}
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			for _, a := range n.Attr {
				switch {
				case a.Key == "class" || a.Key == "id":
					for _, f := range strings.Fields(a.Val) {
						sets[SetTagAttr] = append(sets[SetTagAttr], hashString(n.Data+"."+a.Key+"="+f))
					}
				case a.Key == "href" && (n.Data == "a" || n.Data == "area"):
					add(SetLinks, cut(a.Val))
				case a.Key == "href" && n.Data == "link" && strings.HasSuffix(strings.ToLower(strings.Split(a.Val, "?")[0]), ".css"):
					add(SetCSS, path.Base(cut(a.Val)))
				case a.Key == "src" && n.Data == "script":
					add(SetJS, path.Base(cut(a.Val)))
				case a.Key == "src" && n.Data == "img":
					add(SetImages, path.Base(cut(a.Val)))
				case a.Key != "href" && a.Key != "src" && strings.HasPrefix(a.Key, "on"):
					js(a.Val)
				}
			}
			switch n.Data {
			case "a":
				var b strings.Builder
				text(n, &b)
				if f := strings.Fields(b.String()); len(f) > 0 {
					sets[SetAnchors] = append(sets[SetAnchors], hashString(strings.Join(f, " ")))
				}
			case "script":
				if c := n.FirstChild; c != nil && c.Type == html.TextNode {
					js(c.Data)
				}
			}
		case html.TextNode:
			if t := strings.TrimSpace(n.Data); t != "" && len(t) <= 24 && (n.Parent == nil || n.Parent.Data != "script" && n.Parent.Data != "style") {
				sets[SetShortText] = append(sets[SetShortText], hashString(t))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for i, s := range sets {
		slices.Sort(s)
		sets[i] = bottomK(slices.Compact(s), setSampleCap[i])
	}
	return sets
}

// TestSetsMatchReference holds Extract's sets (kept distinct during the
// walk, class values met before skipped) to the reference on the testdata
// pages, twice (the second time on reused walkers), on a page of many
// repeated and colliding class values, and on one whose every set is cut
// to its bottom k during the walk.
func TestSetsMatchReference(t *testing.T) {
	var b strings.Builder
	b.WriteString("<html><body>")
	for i := range 3000 {
		fmt.Fprintf(&b, `<div class="c%d x"><span class="pre" id="s%d">t%d</span><a href="p%d.html?q#f" class="c%d"> a  b </a></div>`, i%700, i, i%50, i%900, i%300)
	}
	b.WriteString("</body></html>")
	big, err := html.Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	// Every set far past twice its k (walker.cut), each element met
	// several times in a scattered order.
	b.Reset()
	b.WriteString("<html><body>")
	for i := range 6000 {
		j := i * 7919 % 2500
		fmt.Fprintf(&b, `<a href="l%d.html">anchor <b>%d</b></a><img src="i%d.png"><script src="s%d.js"></script><link rel="stylesheet" href="c%d.css"><b onclick="f%d()" class="k%d">x%d</b>`, j, j, j, j, j, j, j, j)
	}
	for i := range 40 { // anchors of many text nodes, to past 200 bytes
		fmt.Fprintf(&b, `<a href="#">%s</a>`, strings.Repeat(fmt.Sprintf("<i>w%d\u00a0é \xc2</i>\t", i), i))
	}
	b.WriteString("</body></html>")
	cut, err := html.Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	docs := append(testdataDocs(t), big, cut)
	for round := range 2 {
		for i, d := range docs {
			got, want := Extract(d).Sets, referenceSets(d)
			for s := range numSets {
				if !slices.Equal(got[s], want[s]) && !(len(got[s]) == 0 && len(want[s]) == 0) {
					t.Errorf("round %d, page %d, set %d: %d elements, want %d", round, i, s, len(got[s]), len(want[s]))
				}
			}
		}
	}
}

// TestShortText holds shortText to strings.TrimSpace and the length rule.
func TestShortText(t *testing.T) {
	for _, s := range []string{"", " ", "\n", "\t", "\r", "\v", "\f", "x", "\x85", "\xc2", "\n\t", "abc", " abc ", strings.Repeat("x", 24), strings.Repeat("x", 25),
		" " + strings.Repeat("x", 24) + " ", "\u00a0" + strings.Repeat("x", 30), strings.Repeat("x", 30) + "\u0085", "é" + strings.Repeat("x", 30)} {
		want := strings.TrimSpace(s)
		ok := want != "" && len(want) <= 24
		if got, gotOK := shortText(s); gotOK != ok || ok && got != want {
			t.Errorf("shortText(%q) = %q, %v; want %q, %v", s, got, gotOK, want, ok)
		}
	}
}

// TestValWords checks that valWords holds every byte of a string of up to
// 16 bytes: changing any one byte changes the words (they are bytes of the
// string at fixed places, so then equal words and lengths are equal
// strings), and that attrSeen tells such values apart.
func TestValWords(t *testing.T) {
	for n := range 17 {
		b := []byte(strings.Repeat("x", n))
		lo, hi := valWords(string(b))
		for i := range n {
			c := slices.Clone(b)
			c[i] = 'y'
			if l, h := valWords(string(c)); l == lo && h == hi {
				t.Errorf("length %d: byte %d not in the words", n, i)
			}
		}
	}
	w := walkers.Get().(*walker)
	defer walkers.Put(w)
	w.reset()
	w.nextPage()
	span := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span}
	vals := []string{"", "a", "b", "ab", "ba", "pre", "pr", "docutils", "docutilz", "docutils literal", "docutils literaL", "docutils literal notranslate", "docutils literal notranslatf"}
	for _, u := range vals {
		for _, v := range vals {
			w.nextPage()
			w.attrSeen(span, strings.Clone(u))
			if got := w.attrSeen(span, strings.Clone(v)); got != (u == v) {
				t.Errorf("attrSeen(%q) after %q = %v", v, u, got)
			}
			if !w.attrSeen(span, strings.Clone(v)) {
				t.Errorf("attrSeen(%q) twice = false", v)
			}
		}
	}
}

// FuzzShortText holds shortText to strings.TrimSpace and the length rule
// on any text, those of white space alone and long ones after white
// space among them.
func FuzzShortText(f *testing.F) {
	for _, s := range []string{"", "\n", "\n      ", "\n  " + strings.Repeat("x", 24), "\n  " + strings.Repeat("x", 25), "\n " + strings.Repeat("x", 23) + " \n",
		"  " + strings.Repeat("x", 23) + "\u00a0y", " \u00a0" + strings.Repeat("x", 30), "\t" + strings.Repeat("é", 20) + "\n", " x" + strings.Repeat(" ", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.TrimSpace(s)
		ok := want != "" && len(want) <= 24
		if got, gotOK := shortText(s); gotOK != ok || ok && got != want {
			t.Errorf("shortText(%q) = %q, %v; want %q, %v", s, got, gotOK, want, ok)
		}
	})
}
