package fpc

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/htmldecode"
)

// referenceLayers is the layered vector the direct way: per depth a map
// from tag hash to count, frequencies sorted by tag, unit length.
func referenceLayers(doc *html.Node) [][]tagFreq {
	var counts []map[uint64]int
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		if n.Type == html.ElementNode {
			d := min(depth, maxDepth)
			for len(counts) <= d {
				counts = append(counts, map[uint64]int{})
			}
			counts[d][hashString(n.Data)]++
			depth++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth)
		}
	}
	walk(doc, 0)
	var layers [][]tagFreq
	for _, m := range counts {
		total := 0
		for _, c := range m {
			total += c
		}
		var layer []tagFreq
		for t, c := range m {
			layer = append(layer, tagFreq{t, float64(c) / float64(total)})
		}
		slices.SortFunc(layer, func(a, b tagFreq) int { return cmpU64(a.Tag, b.Tag) })
		layers = append(layers, unit(layer))
	}
	return layers
}

// TestLayersMatchReference checks the layered vectors Extract builds
// (common tags by bit, rare ones in a list, walkers reused) against
// referenceLayers, bit for bit, on the testdata pages and on a page of
// custom and SVG tags nested deeper than maxDepth.
func TestLayersMatchReference(t *testing.T) {
	deep := strings.Repeat("<div><x-item>", 30) + `<svg><path/><circle/><foreignObject/></svg><my-widget></my-widget><p>` + strings.Repeat("</x-item></div>", 30)
	doc, err := html.Parse(strings.NewReader(deep))
	if err != nil {
		t.Fatal(err)
	}
	docs := append(testdataDocs(t), doc)
	for round := range 2 { // the second round runs on reused walkers
		for i, d := range docs {
			got, want := Extract(d).Layers, referenceLayers(d)
			if !slices.EqualFunc(got, want, func(a, b []tagFreq) bool {
				return slices.EqualFunc(a, b, func(x, y tagFreq) bool {
					return x.Tag == y.Tag && math.Float64bits(x.Freq) == math.Float64bits(y.Freq)
				})
			}) {
				t.Errorf("round %d, page %d: layers differ from the reference", round, i)
			}
		}
	}
}

// FuzzFieldHashes holds the fused field hashing to strings.Fields and
// fnvAdd, and beforeQueryOrFragment to strings.IndexAny.
func FuzzFieldHashes(f *testing.F) {
	for _, s := range []string{"", "  ", "post  main\tx", "a\u00a0b", "x\u0085y", "\xff\xfe c\xc2", "a  b\tc\u3000d\u2003", " é ü ", "/a/b?q=1#f", "#x?y",
		"highlight-default notranslate", "abcdefgh\x01ijklmnop qrstuvwx\x7fyz~!", "0123456789abcdef\u00a0ghijklmnopqrstuvw", "\x00\x1f\x20\x21abcdefghi\x80jklmnopq"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prefix := hashString("div.class=")
		var want []uint64
		for _, field := range strings.Fields(s) {
			want = append(want, fnvAdd(prefix, field))
		}
		if got := appendFieldHashes(nil, prefix, s); !slices.Equal(got, want) {
			t.Errorf("appendFieldHashes(%q) = %x, want %x", s, got, want)
		}
		fields := strings.Fields(s)
		h, ok := joinedFieldsHash(s)
		if ok != (len(fields) > 0) || ok && h != hashString(strings.Join(fields, " ")) {
			t.Errorf("joinedFieldsHash(%q) = %x, %v; want the hash of %q", s, h, ok, strings.Join(fields, " "))
		}
		want1 := s
		if i := strings.IndexAny(s, "?#"); i >= 0 {
			want1 = s[:i]
		}
		if got := beforeQueryOrFragment(s); got != want1 {
			t.Errorf("beforeQueryOrFragment(%q) = %q, want %q", s, got, want1)
		}
	})
}

// testdataDocs parses the testdata pages (in file name order).
func testdataDocs(t *testing.T) []*html.Node {
	t.Helper()
	paths, err := filepath.Glob("testdata/pages/*.html")
	if err != nil || len(paths) == 0 {
		t.Fatalf("testdata pages: %v (%d)", err, len(paths))
	}
	var docs []*html.Node
	for _, p := range paths {
		doc, err := htmldecode.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	return docs
}

// FuzzTrimSpace holds trimSpace to strings.TrimSpace.
func FuzzTrimSpace(f *testing.F) {
	for _, s := range []string{"", "\n", "  x ", "\u00a0x\u2003", "\n\u00a0", "é", " \xff ", "\t\v\f\r x \x85",
		"\u00b6", " \u00b6\n", "\u3000\xe2\x80", "\xe2\x80\u2003", "\u2028x\u2029", "\xc2\x85\xc2", "\x80\u00a0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Fatalf("trimSpace(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestTagOf holds the atom table to hashing the tag name, for the common
// tags, other known tags and unknown ones.
func TestTagOf(t *testing.T) {
	names := append(commonTags[:], "code", "dfn", "svg", "math", "x-custom", "")
	for _, name := range names {
		n := &html.Node{Type: html.ElementNode, Data: name, DataAtom: atom.Lookup([]byte(name))}
		h, bit := tagOf(n)
		wantBit := -1
		if b, ok := commonTagBit(hashString(name)); ok {
			wantBit = int(b)
		}
		if h != hashString(name) || bit != wantBit {
			t.Errorf("tagOf(%q) = %x, %d; want %x, %d", name, h, bit, hashString(name), wantBit)
		}
	}
	filled := 0
	for _, e := range commonAtoms {
		if e.atom != 0 {
			filled++
		}
	}
	if filled != len(commonTags) {
		t.Errorf("%d of the 64 common tags have a slot in commonAtoms", filled)
	}
}

// TestRareTagOf holds rareTagOf to tagOf on tags with and without an
// atom, again and again on one walker, and on nodes whose name is not
// their atom's (built by hand: the table must answer for the name).
func TestRareTagOf(t *testing.T) {
	w := new(walker)
	var nodes []*html.Node
	for _, name := range []string{"code", "tt", "acronym", "colgroup", "foreignObject", "foreignobject", "x-custom", "", "dfn"} {
		nodes = append(nodes, &html.Node{Type: html.ElementNode, Data: name, DataAtom: atom.Lookup([]byte(name))})
	}
	nodes = append(nodes,
		&html.Node{Type: html.ElementNode, Data: "foreignobject", DataAtom: atom.ForeignObject},
		&html.Node{Type: html.ElementNode, Data: "kbd", DataAtom: atom.Code},
		&html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Code})
	for range 3 {
		for _, n := range nodes {
			h, bit := w.rareTagOf(n)
			if wh, wbit := tagOf(n); h != wh || bit != wbit {
				t.Errorf("rareTagOf(%q, atom %q) = %x, %d; want %x, %d", n.Data, n.DataAtom, h, bit, wh, wbit)
			}
		}
	}
}
