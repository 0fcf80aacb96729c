package stm_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// frag parses s and returns the first element inside <body>.
func frag(t testing.TB, s string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader("<html><body>" + s + "</body></html>"))
	if err != nil {
		t.Fatal(err)
	}
	var body *html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "body" {
			body = n
		}
		for c := n.FirstChild; c != nil && body == nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	t.Fatalf("no element in %q", s)
	return nil
}

func TestMatchHandComputed(t *testing.T) {
	tests := []struct {
		name, a, b string
		stm        int
		sim        float64
	}{
		// p(a(b,c),d) vs p(a(b),d(e)): 1 + [a:1+1] + [d:1] = 4; 2·4/(5+5)
		{"paper shape", "<p><a><b></b><i></i></a><u></u></p>", "<p><a><b></b></a><u><s></s></u></p>", 4, 0.8},
		{"different roots", "<p><a></a></p>", "<div><a></a></div>", 0, 0},
		// order preserving: p(a,b) vs p(b,a) keeps one child: 1+1
		{"order", "<p><a></a><b></b></p>", "<p><b></b><a></a></p>", 2, 4.0 / 6},
		{"text is one label", "<p>x</p>", "<p>y</p>", 2, 1},
		{"identical", "<ul><li>a</li><li><b>b</b></li></ul>", "<ul><li>c</li><li><b>d</b></li></ul>", 6, 1},
		// ul(li,li,li) vs ul(li): ul + li + its text = 3 of sizes 7 and 3
		{"fan-out", "<ul><li>1</li><li>2</li><li>3</li></ul>", "<ul><li>1</li></ul>", 3, 0.6},
		// div(p(i), b, p(s(u))) vs div(p(s(u)), b): pairing p-p and b-b in
		// order gives 1+1, the DP keeps the second p alone: 1 + 3 = 4 of
		// sizes 7 and 5
		{"dp beats greedy", "<div><p><i></i></p><b></b><p><s><u></u></s></p></div>", "<div><p><s><u></u></s></p><b></b></div>", 4, 8.0 / 12},
		{"unknown tags", "<my-card><x-t>a</x-t></my-card>", "<my-card><x-u>a</x-u></my-card>", 1, 2.0 / 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := stm.Build(frag(t, tt.a), stm.DefaultOptions())
			b := stm.Build(frag(t, tt.b), stm.DefaultOptions())
			if got := stm.Match(a, b); got != tt.stm {
				t.Errorf("Match(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.stm)
			}
			if got := stm.Match(b, a); got != tt.stm {
				t.Errorf("Match is not symmetric: %d, want %d", got, tt.stm)
			}
			if got := stm.Similarity(a, b); got < tt.sim-1e-9 || got > tt.sim+1e-9 {
				t.Errorf("Similarity = %v, want %v", got, tt.sim)
			}
		})
	}
}

func TestBuildDropsAndChildren(t *testing.T) {
	n := frag(t, "<div><script>x</script><p>a<!-- c --></p> <select><option>o</option></select><b>z</b></div>")
	tr := stm.Build(n, stm.DefaultOptions())
	// div, p, "a", b, "z"
	if tr.Len() != 5 {
		t.Fatalf("Len = %d, want 5", tr.Len())
	}
	if got := tr.Children(0); len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Errorf("Children(0) = %v, want [1 3]", got)
	}
	if tr.Label[2] != stm.TextLabel || tr.Size[0] != 5 || tr.Parent[4] != 3 {
		t.Errorf("labels/sizes/parents wrong: %v %v %v", tr.Label, tr.Size, tr.Parent)
	}
	kept := stm.Build(n, stm.Options{KeepComments: true})
	if kept.Len() != 11 { // + script, its text, comment, select, option, its text
		t.Errorf("Len with nothing dropped = %d, want 11", kept.Len())
	}
	skipB := stm.DefaultOptions()
	skipB.Skip = func(n *html.Node) bool { return n.Data == "b" }
	if got := stm.Build(n, skipB).Len(); got != 3 { // div, p, "a"
		t.Errorf("Len with b skipped = %d, want 3", got)
	}
	if stm.Build(nil, stm.Options{}).Len() != 0 {
		t.Error("Build(nil) not empty")
	}
}

func TestMatchNodesAndForests(t *testing.T) {
	n := frag(t, "<ul><li><a>1</a></li><li><a>2</a><i>x</i></li><li><b>3</b></li></ul>")
	tr := stm.Build(n, stm.DefaultOptions())
	kids := tr.Children(0)
	var m stm.Matcher
	// li(a(t)) vs li(a(t), i(t)): 1 + 2 = 3
	if got := m.MatchNodes(tr, int(kids[0]), tr, int(kids[1])); got != 3 {
		t.Errorf("MatchNodes(li0, li1) = %d, want 3", got)
	}
	// forests [li0] vs [li1, li2] under virtual roots: 1 + 3 = 4
	if got := m.MatchForests(tr, kids[:1], tr, kids[1:]); got != 4 {
		t.Errorf("MatchForests = %d, want 4", got)
	}
	// sizes: 1+3 and 1+5+3 = 13; 2·4/13
	if got := m.SimilarityForests(tr, kids[:1], tr, kids[1:]); got != 8.0/13 {
		t.Errorf("SimilarityForests = %v, want %v", got, 8.0/13)
	}
}

// subtreeNear returns the subtree of the page whose size is closest to n.
func subtreeNear(tb testing.TB, path string, n int) *stm.Tree {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	doc, err := html.Parse(f)
	if err != nil {
		tb.Fatal(err)
	}
	full := stm.Build(doc, stm.DefaultOptions())
	best := 0
	for i := range full.Len() {
		if abs(int(full.Size[i])-n) < abs(int(full.Size[best])-n) {
			best = i
		}
	}
	return stm.Build(full.Node[best], stm.DefaultOptions())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func BenchmarkSTM1000(b *testing.B) {
	x := subtreeNear(b, "testdata/zillow-1.html", 1000)
	y := subtreeNear(b, "testdata/zillow-2.html", 1000)
	if x.Len() < 900 || y.Len() < 900 {
		b.Fatalf("subtrees of %d and %d nodes, want about 1000", x.Len(), y.Len())
	}
	want := stm.Match(x, y)
	if want < 2 {
		b.Fatalf("Match = %d, expected a real match", want)
	}
	// a Matcher of its own, its memo cleared each time: stm.Match's
	// pooled Matcher keeps the memo, so later calls would only look the
	// pair up
	var m stm.Matcher
	b.ReportAllocs()
	for b.Loop() {
		m.Reset()
		if got := m.MatchNodes(x, 0, y, 0); got != want {
			b.Fatalf("MatchNodes = %d, want %d", got, want)
		}
	}
	b.ReportMetric(float64(want), "stm")
	b.ReportMetric(float64(x.Len()), "nodesA")
	b.ReportMetric(float64(y.Len()), "nodesB")
}

// TestBudget checks the bounded matcher: within budget it is exact, past
// it greedy matches are lower bounds and counted, and a per-pair cap
// draws from the budget.
func TestBudget(t *testing.T) {
	x := subtreeNear(t, "testdata/zillow-1.html", 1000)
	y := subtreeNear(t, "testdata/zillow-2.html", 1000)
	exact := stm.Match(x, y)
	var m stm.Matcher
	m.SetBudget(1 << 40)
	if got := m.MatchNodes(x, 0, y, 0); got != exact || m.Greedy() != 0 {
		t.Errorf("large budget: %d (%d greedy), want exact %d", got, m.Greedy(), exact)
	}
	var g stm.Matcher
	g.SetBudget(10)
	got := g.MatchNodes(x, 0, y, 0)
	if got > exact || got < 2 || g.Greedy() == 0 {
		t.Errorf("budget 10: %d (%d greedy), want a lower bound of %d from greedy matching", got, g.Greedy(), exact)
	}
	var w stm.Matcher
	s := w.SimilarityNodesWithin(x, 0, y, 0, 10)
	if want := stm.Similarity(x, y); s > want || w.Greedy() == 0 {
		t.Errorf("SimilarityNodesWithin(10 cells) = %v (%d greedy), want a lower bound of %v", s, w.Greedy(), want)
	}
	// memoised results of the capped call are lower bounds: after Reset
	// the unlimited Matcher is exact again
	w.Reset()
	if s := w.SimilarityNodes(x, 0, y, 0); s != stm.Similarity(x, y) {
		t.Errorf("after Reset: %v, want %v", s, stm.Similarity(x, y))
	}
}

// TestRebuild holds a tree rebuilt in place, from a larger and from a
// smaller document, to the tree Build makes afresh, and a truncated
// rebuild to an empty tree.
func TestRebuild(t *testing.T) {
	docs := []string{
		"<ul><li><a>1</a></li><li><a>2</a><i>x</i></li><li><b>3</b><script>x</script></li></ul>",
		"<div><p>one</p></div>",
		"<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table><p>after <b>bold</b></p>",
	}
	var re stm.Tree
	for i, d := range docs {
		n := frag(t, d)
		want := stm.Build(n, stm.DefaultOptions())
		re.Rebuild(n, stm.DefaultOptions())
		if re.Len() != want.Len() || re.Truncated {
			t.Fatalf("doc %d: Rebuild Len %d (truncated %v), Build %d", i, re.Len(), re.Truncated, want.Len())
		}
		for j := range want.Len() {
			if re.Label[j] != want.Label[j] || re.Size[j] != want.Size[j] || re.Parent[j] != want.Parent[j] ||
				re.Hash[j] != want.Hash[j] || re.Node[j] != want.Node[j] ||
				!slices.Equal(re.Children(j), want.Children(j)) {
				t.Errorf("doc %d node %d: Rebuild differs from Build", i, j)
			}
		}
	}
	opts := stm.DefaultOptions()
	opts.MaxNodes = 2
	re.Rebuild(frag(t, docs[0]), opts)
	if !re.Truncated || re.Len() != 0 {
		t.Errorf("Rebuild past MaxNodes: Truncated %v, Len %d; want true, 0", re.Truncated, re.Len())
	}
	re.Rebuild(nil, stm.DefaultOptions())
	if re.Truncated || re.Len() != 0 {
		t.Errorf("Rebuild(nil): Truncated %v, Len %d; want false, 0", re.Truncated, re.Len())
	}
}

// BenchmarkRebuild builds the compact tree of a whole result page into
// a reused Tree, as extraction does page after page (keep, add, link).
func BenchmarkRebuild(b *testing.B) {
	f, err := os.Open("testdata/zillow-1.html")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	doc, err := html.Parse(f)
	if err != nil {
		b.Fatal(err)
	}
	var t stm.Tree
	t.Rebuild(doc, stm.DefaultOptions())
	want := t.Len()
	if want < 1000 {
		b.Fatalf("%d nodes, want a whole page", want)
	}
	b.ReportAllocs()
	for b.Loop() {
		t.Rebuild(doc, stm.DefaultOptions())
		if t.Len() != want {
			b.Fatalf("%d nodes, want %d", t.Len(), want)
		}
	}
	b.ReportMetric(float64(want), "nodes")
}
