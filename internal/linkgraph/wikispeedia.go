package linkgraph

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"slices"
	"strings"
)

// MaxWikiText is the text kept of a Wikispeedia article: its lead
// section, about the first 160 words.
const MaxWikiText = 1000

// FromWikispeedia builds the graph of SNAP's Wikispeedia (Wikipedia for
// Schools 2007): articles.tsv names the pages, links.tsv their links,
// categories.tsv their subjects (topic labels: every prefix of a
// category path, "subject.Science.Chemistry" giving "Science" and
// "Science.Chemistry"), plaintext_articles/<name>.txt their text (the
// header lines, which name the article's subjects, are removed: they are
// the labels). Article names are URL-escaped in the files; a link's
// anchor is its target's title (the plain texts do not mark where links
// are), and it has no context.
func FromWikispeedia(name, source, base string, root fs.FS) (*Graph, error) {
	names, err := tsvColumn(root, "wikispeedia_paths-and-graph/articles.tsv", 1)
	if err != nil {
		return nil, err
	}
	g := &Graph{Name: name, Source: source, TitleAnchors: true}
	index := map[string]int{}
	for i, n := range names {
		index[n[0]] = i
		t, err := url.PathUnescape(n[0])
		if err != nil {
			return nil, fmt.Errorf("linkgraph: article %q: %w", n[0], err)
		}
		g.Pages = append(g.Pages, Page{URL: base + n[0], Title: strings.ReplaceAll(t, "_", " ")})
	}
	links, err := tsvColumn(root, "wikispeedia_paths-and-graph/links.tsv", 2)
	if err != nil {
		return nil, err
	}
	for _, l := range links {
		from, ok1 := index[l[0]]
		to, ok2 := index[l[1]]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("linkgraph: link %s -> %s names an unknown article", l[0], l[1])
		}
		g.Pages[from].Links = append(g.Pages[from].Links, Link{To: to, Anchor: g.Pages[to].Title})
	}
	cats, err := tsvColumn(root, "wikispeedia_paths-and-graph/categories.tsv", 2)
	if err != nil {
		return nil, err
	}
	for _, c := range cats {
		i, ok := index[c[0]]
		if !ok {
			return nil, fmt.Errorf("linkgraph: category of unknown article %s", c[0])
		}
		parts := strings.Split(strings.TrimPrefix(c[1], "subject."), ".")
		for k := 1; k <= len(parts); k++ {
			t := strings.Join(parts[:k], ".")
			if !slices.Contains(g.Pages[i].Topics, t) {
				g.Pages[i].Topics = append(g.Pages[i].Topics, t)
			}
		}
	}
	for i, n := range names {
		raw, err := fs.ReadFile(root, "plaintext_articles/"+n[0]+".txt")
		if err != nil {
			return nil, fmt.Errorf("linkgraph: %w", err)
		}
		g.Pages[i].Text = cut(wikiBody(string(raw)), MaxWikiText)
		slices.Sort(g.Pages[i].Topics)
	}
	return g, nil
}

// wikiBody drops the header of a Wikispeedia plain text: "#copyright",
// the title and the "2007 Schools Wikipedia Selection. Related subjects:"
// line, which names the labels.
func wikiBody(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.Contains(l, "Schools Wikipedia Selection") {
			return collapse(strings.Join(lines[i+1:], " "))
		}
	}
	return collapse(s)
}

// tsvColumn reads the first n tab-separated columns of the non-comment,
// non-empty lines of a file.
func tsvColumn(root fs.FS, name string, n int) ([][]string, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, fmt.Errorf("linkgraph: %w", err)
	}
	defer f.Close()
	return readTSV(f, name, n)
}

func readTSV(r io.Reader, name string, n int) ([][]string, error) {
	var out [][]string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		t := sc.Text()
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		cols := strings.Split(t, "\t")
		if len(cols) < n {
			return nil, fmt.Errorf("linkgraph: %s:%d: %d columns, want %d", name, line, len(cols), n)
		}
		out = append(out, cols[:n])
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("linkgraph: %s: %w", name, err)
	}
	return out, nil
}
