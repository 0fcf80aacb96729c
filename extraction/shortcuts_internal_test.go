package extraction

// Tests holding the per-page shortcuts (inlineMarks, article's sums) to the
// code they replace, node by node, on testdata's real pages.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// TestInlineMarks holds inlineMarks to inline, node by node, on the real
// pages of testdata: over the whole tree, and over scattered roots (a
// root inside an earlier one, roots in any order), where nodes outside
// the roots' subtrees stay unmarked.
func TestInlineMarks(t *testing.T) {
	var buf []bool
	for _, pg := range testdataPages(t) {
		f := pg.path
		doc, err := html.Parse(strings.NewReader(pg.src))
		if err != nil {
			t.Fatal(err)
		}
		tr := stm.Build(doc, stm.DefaultOptions())
		if tr.Len() == 0 {
			continue
		}
		buf = inlineMarks(tr, []int32{0}, buf)
		for i := range tr.Len() {
			if buf[i] != inline(tr, i) {
				t.Fatalf("%s: node %d: inlineMarks %v, inline %v", f, i, buf[i], !buf[i])
			}
		}
		// every seventh node a root, last first, and first first (roots
		// inside earlier ones)
		var roots []int32
		for i := tr.Len() - 1; i > 0; i -= 7 {
			roots = append(roots, int32(i))
		}
		in := make([]bool, tr.Len())
		for _, r := range roots {
			for i := int(r); i < int(r)+int(tr.Size[r]); i++ {
				in[i] = true
			}
		}
		for pass := range 2 {
			if pass == 1 {
				slices.Reverse(roots)
			}
			buf = inlineMarks(tr, roots, buf)
			for i := range tr.Len() {
				if want := in[i] && inline(tr, i); buf[i] != want {
					t.Fatalf("%s: node %d of scattered roots (pass %d): inlineMarks %v, want %v", f, i, pass, buf[i], want)
				}
			}
		}
	}
}

// TestArticleSums holds article's sums to articleMarked's marks on
// testdata's pages, for records of consecutive children of every
// element and for overlapping records (a node and its parent).
func TestArticleSums(t *testing.T) {
	for _, pg := range testdataPages(t) {
		f := pg.path
		doc, err := html.Parse(strings.NewReader(pg.src))
		if err != nil {
			t.Fatal(err)
		}
		p, err := newPage(doc, 0)
		if err != nil || p.t.Len() == 0 {
			continue
		}
		for i := 0; i < p.t.Len(); i += 5 {
			kids := p.t.Children(i)
			if len(kids) < 2 {
				continue
			}
			var recs [][]int32
			for k := 0; k+1 < len(kids); k += 2 {
				recs = append(recs, kids[k:k+2])
			}
			r := region{node: i, records: recs}
			if got, want := article(p, r), articleMarked(p, r); got != want {
				t.Fatalf("%s: region %d: article %v, articleMarked %v", f, i, got, want)
			}
			if i > 0 {
				over := region{node: i, records: [][]int32{{int32(i)}, {kids[0]}}}
				if got, want := article(p, over), articleMarked(p, over); got != want {
					t.Fatalf("%s: overlapping records at %d: article %v, articleMarked %v", f, i, got, want)
				}
			}
		}
	}
}

// testdataPage is a page of testdata's directories: its path and text.
type testdataPage struct{ path, src string }

// testdataPages returns every page in testdata's directories, the real
// pages the shortcuts are held to.
func testdataPages(t testing.TB) []testdataPage {
	t.Helper()
	files, _ := filepath.Glob("testdata/*/*.html")
	if len(files) == 0 {
		t.Fatal("no pages in testdata")
	}
	pages := make([]testdataPage, len(files))
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[i] = testdataPage{f, string(b)}
	}
	return pages
}
