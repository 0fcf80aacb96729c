package linkgraph

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// Graph is a saved link graph: pages with their text, their topic labels
// (the ground truth) and their out-links.
type Graph struct {
	Name   string `json:"name"`
	Source string `json:"source"` // provenance: where the pages and labels come from
	// TitleAnchors: the links are saved without anchor text and Read gives
	// each link its target's title as anchor (Wikispeedia's plain texts do
	// not mark the links; on Wikipedia the anchor is mostly the title).
	TitleAnchors bool   `json:"title_anchors,omitempty"`
	Pages        []Page `json:"pages"`
}

// Page is one page of a Graph.
type Page struct {
	URL    string   `json:"url"`    // absolute; unique in the graph
	Title  string   `json:"title"`  // may be empty
	Text   string   `json:"text"`   // the page's content (what topic.ExtractContent would give)
	Topics []string `json:"topics"` // ground-truth labels; a page may have several
	Links  []Link   `json:"links"`
}

// Link is one out-link of a Page.
type Link struct {
	To      int    `json:"to"`                // index of the target in Graph.Pages
	Anchor  string `json:"anchor,omitempty"`  // anchor text
	Context string `json:"context,omitempty"` // words around the link in its page, anchor excluded
}

// Has reports whether page i carries the topic label t.
func (g *Graph) Has(i int, t string) bool { return slices.Contains(g.Pages[i].Topics, t) }

// WithTopic returns the indexes of the pages labelled t, in order.
func (g *Graph) WithTopic(t string) []int {
	var out []int
	for i := range g.Pages {
		if g.Has(i, t) {
			out = append(out, i)
		}
	}
	return out
}

// Validate reports the first inconsistency of g: duplicate or empty URLs,
// links to pages that do not exist.
func (g *Graph) Validate() error {
	seen := make(map[string]int, len(g.Pages))
	for i, p := range g.Pages {
		if p.URL == "" {
			return fmt.Errorf("linkgraph: page %d has no URL", i)
		}
		if j, dup := seen[p.URL]; dup {
			return fmt.Errorf("linkgraph: pages %d and %d share the URL %s", j, i, p.URL)
		}
		seen[p.URL] = i
		for _, l := range p.Links {
			if l.To < 0 || l.To >= len(g.Pages) {
				return fmt.Errorf("linkgraph: page %d (%s) links to page %d of %d", i, p.URL, l.To, len(g.Pages))
			}
		}
	}
	return nil
}

// Read decodes a gzip-compressed JSON graph and validates it.
func Read(r io.Reader) (*Graph, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("linkgraph: %w", err)
	}
	defer zr.Close()
	var g Graph
	dec := json.NewDecoder(zr)
	if err := dec.Decode(&g); err != nil {
		return nil, fmt.Errorf("linkgraph: decode: %w", err)
	}
	if dec.More() {
		return nil, errors.New("linkgraph: data after the graph")
	}
	if len(g.Pages) == 0 {
		return nil, errors.New("linkgraph: no pages")
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if g.TitleAnchors {
		for i := range g.Pages {
			for k := range g.Pages[i].Links {
				l := &g.Pages[i].Links[k]
				l.Anchor = g.Pages[l.To].Title
			}
		}
	}
	return &g, nil
}

// ReadFile reads a graph file written by Write.
func ReadFile(path string) (*Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("linkgraph: %w", err)
	}
	defer f.Close()
	g, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// Write encodes g as gzip-compressed JSON.
func Write(w io.Writer, g *Graph) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if g.TitleAnchors {
		c := *g
		c.Pages = slices.Clone(g.Pages)
		for i := range c.Pages {
			c.Pages[i].Links = slices.Clone(c.Pages[i].Links)
			for k := range c.Pages[i].Links {
				c.Pages[i].Links[k].Anchor = ""
			}
		}
		g = &c
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("linkgraph: %w", err)
	}
	if err := json.NewEncoder(zw).Encode(g); err != nil {
		return fmt.Errorf("linkgraph: encode: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("linkgraph: %w", err)
	}
	return nil
}
