// Command mkgraph builds a saved link graph (internal/linkgraph) from a
// Sphinx HTML tree or from SNAP's Wikispeedia files.
//
//	go run ./internal/linkgraph/cmd/mkgraph -pydocs /usr/share/doc/python3.11/html -out pydocs.json.gz
//	go run ./internal/linkgraph/cmd/mkgraph -wikispeedia DIR -out wikispeedia.json.gz
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/crawl-project/crawl/internal/linkgraph"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mkgraph:", err)
		os.Exit(1)
	}
}

func run() error {
	py := flag.String("pydocs", "", "a Sphinx HTML tree (python3.11-doc's html folder)")
	ws := flag.String("wikispeedia", "", "a folder holding wikispeedia_paths-and-graph/ and plaintext_articles/")
	out := flag.String("out", "", "the graph file to write (gzip JSON)")
	flag.Parse()
	var g *linkgraph.Graph
	var err error
	switch {
	case *py != "":
		g, err = linkgraph.FromHTMLDir("pydocs", "Debian python3.11-doc 3.11.2 (/usr/share/doc/python3.11/html), PSF licence", "http://docs.python.test/", os.DirFS(*py))
	case *ws != "":
		g, err = linkgraph.FromWikispeedia("wikispeedia", "SNAP Wikispeedia (West & Leskovec 2012; Wikipedia for Schools 2007, CC BY-SA)", "http://wikispeedia.test/wiki/", os.DirFS(*ws))
	default:
		return fmt.Errorf("give -pydocs or -wikispeedia")
	}
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := linkgraph.Write(f, g); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
