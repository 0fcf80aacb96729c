package extraction

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestWalkIsRebuild holds page.walk's one pass to the passes it replaced:
// the tree stm.Tree.Rebuild makes with pageDrop and the hidden check as
// Skip, the subtree sums of text, tags and images from the last node
// back, and the landmarks, headings and blank links of a pass in
// document order; and the frame and the code blocks to whole subtrees.
func TestWalkIsRebuild(t *testing.T) {
	srcs := []string{
		`<div role="navigation"><a href=" ">x</a><main>m</main></div><main><nav>n</nav><a role=main href="">y</a></main><p hidden>h</p><custom-tag>c</custom-tag>`,
		"<p>  </p><!-- c --><pre>a<br>b</pre><code>x<br>y</code><img src=i>",
		"<p>\n  \u00a0 x \u2003</p><p>\t¶</p><p> é\n</p><p>\u0085</p><a href=\"\u00a0\">s</a><a href=\" \u2003\">t</a>",
	}
	for _, pg := range testdataPages(t) {
		srcs = append(srcs, pg.src)
	}
	var p page
	for k, src := range srcs {
		doc, err := html.Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.reset(doc, 0); err != nil {
			t.Fatal(err)
		}
		var c classCache
		ref := stm.Build(doc, stm.Options{DropTags: pageDrop[:], Skip: c.hidden})
		w := p.t
		if !slices.Equal(w.Label, ref.Label) || !slices.Equal(w.Parent, ref.Parent) || !slices.Equal(w.Node, ref.Node) ||
			!slices.Equal(w.Size, ref.Size) || !slices.Equal(w.Hash, ref.Hash) {
			t.Fatalf("page %d: walk's tree differs from Rebuild's (%d nodes, want %d)", k, w.Len(), ref.Len())
		}
		n := ref.Len()
		var small page // MaxNodes: n nodes fit, n-1 do not (Rebuild's bound)
		if err := small.reset(doc, n); err != nil || small.t.Len() != n {
			t.Errorf("page %d: reset with MaxNodes %d: %v, %d nodes", k, n, err, small.t.Len())
		}
		if err := small.reset(doc, n-1); !errors.Is(err, ErrTooLarge) || small.t.Len() != 0 {
			t.Errorf("page %d: reset with MaxNodes %d: %v, %d nodes, want ErrTooLarge", k, n-1, err, small.t.Len())
		}
		text, tags, imgs := make([]int32, n), make([]int32, n), make([]int32, n)
		var codes, blank, headings []int32
		var marks []mark
		for i := n - 1; i >= 0; i-- {
			switch ref.Label[i] {
			case stm.TextLabel:
				text[i] += int32(len(strings.TrimSpace(ref.Node[i].Data)))
			case uint64(atom.Img):
				text[i] += imgContent
				tags[i]++
				imgs[i]++
			default:
				tags[i]++
			}
			if q := ref.Parent[i]; q >= 0 {
				text[q] += text[i]
				tags[q] += tags[i]
				imgs[q] += imgs[i]
			}
		}
		for i := range n {
			if ref.Label[i] == stm.TextLabel {
				continue
			}
			if kind := landmarkOf(ref, i); kind != noLandmark {
				marks = append(marks, mark{int32(i), int32(kind)})
			}
			switch tagOf(ref, i) {
			case atom.Pre, atom.Code, atom.Tt, atom.Kbd, atom.Samp, atom.Table:
				codes = append(codes, int32(i))
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				headings = append(headings, int32(i))
			case atom.A:
				if h := ref.Node[i]; attrFirst(h, "href") && strings.TrimSpace(attr(h, "href")) == "" {
					blank = append(blank, int32(i))
				}
			}
		}
		if !slices.Equal(p.text, text) || !slices.Equal(p.tags, tags) || !slices.Equal(p.imgs, imgs) {
			t.Errorf("page %d: walk's sums differ", k)
		}
		for i := 1; i < n; i++ { // ownText and markBars pass over framed and code subtrees whole
			if q := ref.Parent[i]; p.framed[q] && !p.framed[i] || p.inCode[q] && !p.inCode[i] {
				t.Errorf("page %d: node %d not framed (%v) or code (%v) inside its parent", k, i, p.framed[i], p.inCode[i])
			}
		}
		if !slices.Equal(p.codes, codes) || !slices.Equal(p.marks, marks) || !slices.Equal(p.blank, blank) || !slices.Equal(p.headings, headings) {
			t.Errorf("page %d: walk's notes differ: codes %v/%v marks %v/%v blank %v/%v headings %v/%v",
				k, p.codes, codes, p.marks, marks, p.blank, blank, p.headings, headings)
		}
	}
}

// attrFirst reports whether n has an attribute key without a namespace.
func attrFirst(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key && a.Namespace == "" {
			return true
		}
	}
	return false
}
