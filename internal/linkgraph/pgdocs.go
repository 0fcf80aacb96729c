package linkgraph

import (
	"io/fs"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FromDocBookDir builds the graph of a DocBook HTML tree such as Debian's
// postgresql-doc-15 (/usr/share/doc/postgresql-doc-15/html) as
// FromHTMLDir does, its topics being the tree's own parts and chapters
// (DocBookChapters). maxText bounds a page's text as in FromHTMLDir.
func FromDocBookDir(name, source, base string, root fs.FS, maxText int) (*Graph, error) {
	return fromHTMLDir(name, source, base, root, DocBookChapters, FolderOptions{MaxText: maxText})
}

// DocBookChapters labels the pages of a DocBook tree by the parts and
// chapters (appendixes included) they belong to: a page whose title
// starts with "Part", "Chapter" or "Appendix" is a topic named by its file
// without .html (admin, runtime, …), holding itself and the pages its
// table of contents (div.toc) lists, followed down nested tables of
// contents.
func DocBookChapters(files []string, docs []*html.Node, index map[string]int) map[string][]int {
	out := map[string][]int{}
	for i, f := range files {
		t := strings.Fields(title(docs[i]))
		if len(t) == 0 || !slices.Contains([]string{"Part", "Chapter", "Appendix"}, t[0]) {
			continue
		}
		name := strings.TrimSuffix(f, ".html")
		seen := map[int]bool{}
		queue := []int{i}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if seen[p] {
				continue
			}
			seen[p] = true
			out[name] = append(out[name], p)
			queue = append(queue, divTargets(files[p], docs[p], "toc", index)...)
		}
	}
	return out
}

// divTargets returns the pages the links inside a div of class c link to.
func divTargets(from string, doc *html.Node, c string, index map[string]int) []int {
	var out []int
	var walk func(n *html.Node, in bool)
	walk = func(n *html.Node, in bool) {
		if n.Type == html.ElementNode {
			if n.DataAtom == atom.Div && hasClass(n, c) {
				in = true
			}
			if in && n.DataAtom == atom.A {
				if t, ok := resolve(from, attr(n, "href"), index); ok && !slices.Contains(out, t) {
					out = append(out, t)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, in)
		}
	}
	walk(doc, false)
	return out
}
