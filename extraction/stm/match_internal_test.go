package stm

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// refMatch is Simple Tree Matching as the paper writes it: the full DP
// over the children, without memo, pruning, identical ends or the
// one-row path.
func refMatch(t *Tree, i, j int) int {
	if t.Label[i] != t.Label[j] {
		return 0
	}
	as, bs := t.Children(i), t.Children(j)
	M := make([][]int, len(as)+1)
	for r := range M {
		M[r] = make([]int, len(bs)+1)
	}
	for r := 1; r <= len(as); r++ {
		for c := 1; c <= len(bs); c++ {
			M[r][c] = max(M[r][c-1], M[r-1][c], M[r-1][c-1]+refMatch(t, int(as[r-1]), int(bs[c-1])))
		}
	}
	return 1 + M[len(as)][len(bs)]
}

// randomDoc is a random tree of a few tags, often with one child (the
// forests of one tree that forestDP matches without its matrix) and
// repeated shapes (the memo and the identical ends).
func randomDoc(r *rand.Rand, depth int) *html.Node {
	tags := []atom.Atom{atom.Div, atom.P, atom.Span, atom.A}
	root := &html.Node{Type: html.ElementNode, DataAtom: atom.Div, Data: "div"}
	var grow func(n *html.Node, d int)
	grow = func(n *html.Node, d int) {
		kids := r.IntN(4)
		if d >= depth {
			kids = 0
		}
		for range kids {
			var c *html.Node
			if r.IntN(5) == 0 {
				c = &html.Node{Type: html.TextNode, Data: "x"}
			} else {
				a := tags[r.IntN(len(tags))]
				c = &html.Node{Type: html.ElementNode, DataAtom: a, Data: a.String()}
				grow(c, d+1)
			}
			n.AppendChild(c)
		}
	}
	grow(root, 0)
	return root
}

// TestMatchNodesReference holds MatchNodes (memo, pruning, identical
// ends, the one-row path) to refMatch on every pair of nodes of random
// trees, with a fresh and with a reused Matcher.
func TestMatchNodesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var reused Matcher
	pairs := 0
	for range 150 {
		tr := Build(randomDoc(r, 5), Options{})
		var fresh Matcher
		for i := range tr.Len() {
			for j := range tr.Len() {
				want := refMatch(tr, i, j)
				if got := fresh.MatchNodes(tr, i, tr, j); got != want {
					t.Fatalf("MatchNodes(%d, %d) = %d, reference %d", i, j, got, want)
				}
				if got := reused.MatchNodes(tr, i, tr, j); got != want {
					t.Fatalf("reused MatchNodes(%d, %d) = %d, reference %d", i, j, got, want)
				}
				pairs++
			}
		}
		reused.Reset()
	}
	if pairs < 10000 {
		t.Fatalf("only %d pairs compared", pairs)
	}
}
