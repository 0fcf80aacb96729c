package linkgraph

import (
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/htmldecode"
)

// Build limits: the saved text and context of a page are cut so that a
// graph of a few thousand pages stays small in testdata.
const (
	MaxText    = 3000 // bytes of a page's text kept
	MaxContext = 120  // bytes of a link's context kept
)

// FromHTMLDir builds the graph of the .html pages under root (a Sphinx
// documentation tree such as Debian's python3.11-doc): each page's text is
// topic.ExtractContent of its DOM, each link to another page of the tree
// keeps its anchor text and the words of its enclosing block; fragments
// are dropped and repeated links to one target are kept once. base is the
// URL the tree is given under (http://docs.test/). Topics are the tree's
// own chapters (Chapters). maxText bounds a page's text in bytes (≤ 0:
// MaxText, the graph of testdata/).
func FromHTMLDir(name, source, base string, root fs.FS, maxText int) (*Graph, error) {
	return fromHTMLDir(name, source, base, root, Chapters, FolderOptions{MaxText: maxText})
}

// fromHTMLDir is FromHTMLDir with the labelling chapters and the options
// of the build (folders left out, text kept).
func fromHTMLDir(name, source, base string, root fs.FS, chapters func(files []string, docs []*html.Node, index map[string]int) map[string][]int, o FolderOptions) (*Graph, error) {
	maxText := o.MaxText
	if maxText <= 0 {
		maxText = MaxText
	}
	var files []string
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && slices.Contains(o.Skip, p) {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") && !strings.HasPrefix(p, "_") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("linkgraph: walk: %w", err)
	}
	slices.Sort(files)
	g := &Graph{Name: name, Source: source}
	index := map[string]int{}
	for i, f := range files {
		index[f] = i
		g.Pages = append(g.Pages, Page{URL: base + f})
	}
	docs := make([]*html.Node, len(files))
	for i, f := range files {
		raw, err := fs.ReadFile(root, f)
		if err != nil {
			return nil, fmt.Errorf("linkgraph: %w", err)
		}
		doc, err := htmldecode.Parse(raw, "text/html")
		if err != nil {
			return nil, fmt.Errorf("linkgraph: %s: %w", f, err)
		}
		docs[i] = doc
		p := &g.Pages[i]
		p.Title = title(doc)
		p.Text = cut(topic.ExtractContent(doc).Text, maxText)
		seen := map[int]bool{}
		for _, a := range anchors(doc) {
			t, ok := resolve(f, a.href, index)
			if !ok || t == i || seen[t] {
				continue
			}
			seen[t] = true
			p.Links = append(p.Links, Link{To: t, Anchor: a.text, Context: cut(a.context, MaxContext)})
		}
	}
	for topicName, members := range chapters(files, docs, index) {
		for _, i := range members {
			if !slices.Contains(g.Pages[i].Topics, topicName) {
				g.Pages[i].Topics = append(g.Pages[i].Topics, topicName)
			}
		}
	}
	for i := range g.Pages {
		slices.Sort(g.Pages[i].Topics)
	}
	return g, nil
}

// Chapters labels the pages of a Sphinx tree by chapter: a top-level
// folder (tutorial, c-api, reference, howto, …) is one chapter; the
// library reference is split into the chapters its index.html lists
// (library/ipc, library/text, …), each holding the pages of the chapter
// page's table of contents, followed down nested tables of contents
// (library/asyncio.html lists its own pages).
func Chapters(files []string, docs []*html.Node, index map[string]int) map[string][]int {
	out := map[string][]int{}
	for i, f := range files {
		if dir, _, ok := strings.Cut(f, "/"); ok && dir != "library" {
			out[dir] = append(out[dir], i)
		}
	}
	li, ok := index["library/index.html"]
	if !ok {
		return out
	}
	for _, ch := range divTargets("library/index.html", docs[li], sphinxTOC, index) {
		name := strings.TrimSuffix(files[ch], ".html")
		seen := map[int]bool{}
		queue := []int{ch}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if seen[p] {
				continue
			}
			seen[p] = true
			out[name] = append(out[name], p)
			queue = append(queue, divTargets(files[p], docs[p], sphinxTOC, index)...)
		}
	}
	return out
}

// sphinxTOC is the class of a Sphinx page's table of contents.
const sphinxTOC = "toctree-wrapper"

type anchor struct{ href, text, context string }

// anchors returns every <a href> of doc with its text and the text of its
// nearest block ancestor without the anchor's own text.
func anchors(doc *html.Node) []anchor {
	var out []anchor
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.DataAtom == atom.A {
			if href := attr(n, "href"); href != "" {
				text := collapse(textOf(n))
				ctx := ""
				if b := blockOf(n); b != nil {
					ctx = collapse(strings.Replace(collapse(textOf(b)), text, " ", 1))
				}
				out = append(out, anchor{href: href, text: text, context: ctx})
			}
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func blockOf(n *html.Node) *html.Node {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.DataAtom {
		case atom.P, atom.Li, atom.Dd, atom.Dt, atom.Td, atom.Th, atom.H1, atom.H2, atom.H3, atom.H4:
			return p
		}
	}
	return nil
}

// resolve maps an href of page from to the index of a page of the tree.
func resolve(from, href string, index map[string]int) (int, bool) {
	u, err := url.Parse(href)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "" {
		return 0, false
	}
	p := path.Clean(path.Join(path.Dir(from), u.Path))
	i, ok := index[p]
	return i, ok
}

func title(doc *html.Node) string {
	var t string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if t == "" && n.Type == html.ElementNode && n.DataAtom == atom.Title {
			t = collapse(textOf(n))
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return t
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, c string) bool {
	return slices.Contains(strings.Fields(attr(n, "class")), c)
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// cut shortens s to at most n bytes at a word boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		s = s[:i]
	}
	return strings.ToValidUTF8(s, "")
}
