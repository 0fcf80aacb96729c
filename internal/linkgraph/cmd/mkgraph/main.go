// Command mkgraph builds a saved link graph (internal/linkgraph) from a
// Sphinx HTML tree, from SNAP's Wikispeedia files or from CMU's WebKB pages.
//
//	go run ./internal/linkgraph/cmd/mkgraph -pydocs /usr/share/doc/python3.11/html -out pydocs.json.gz
//	go run ./internal/linkgraph/cmd/mkgraph -wikispeedia DIR -out wikispeedia.json.gz
//	go run ./internal/linkgraph/cmd/mkgraph -webkb DIR -out webkb.json.gz
//	go run ./internal/linkgraph/cmd/mkgraph -djangodocs /usr/share/doc/python-django-doc/html -out djdocs.json.gz
//	go run ./internal/linkgraph/cmd/mkgraph -folders DIR -name NAME -source TEXT -base URL [-skip F1,F2] [-maxtext N] -out NAME.json.gz
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

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
	pg := flag.String("docbook", "", "a DocBook HTML tree (postgresql-doc-15's html folder)")
	dj := flag.String("djangodocs", "", "a Sphinx HTML tree labelled by its folders (python-django-doc's html folder)")
	wk := flag.String("webkb", "", "a folder holding WebKB's <class>/<university>/<page> files")
	fd := flag.String("folders", "", "an HTML tree labelled by its folders (with -name, -source, -base, -skip)")
	name := flag.String("name", "", "-folders: the graph's name")
	source := flag.String("source", "", "-folders: the graph's provenance (package, version, path, licence)")
	base := flag.String("base", "", "-folders: the URL the tree is given under (http://docs.x.test/)")
	skip := flag.String("skip", "", "-folders: comma-separated folders (paths from the tree's root) left out")
	maxText := flag.Int("maxtext", linkgraph.MaxText, "-pydocs, -docbook, -folders: bytes of a page's text kept")
	out := flag.String("out", "", "the graph file to write (gzip JSON)")
	flag.Parse()
	var g *linkgraph.Graph
	var err error
	switch {
	case *py != "":
		g, err = linkgraph.FromHTMLDir("pydocs", "Debian python3.11-doc 3.11.2 (/usr/share/doc/python3.11/html), PSF licence", "http://docs.python.test/", os.DirFS(*py), *maxText)
	case *pg != "":
		g, err = linkgraph.FromDocBookDir("pgdocs", "Debian postgresql-doc-15 (/usr/share/doc/postgresql-doc-15/html), PostgreSQL Licence", "http://docs.postgresql.test/", os.DirFS(*pg), *maxText)
	case *dj != "":
		g, err = linkgraph.FromFolderDir("djdocs", "Debian python-django-doc 3:3.2.25-0+deb12u7 (/usr/share/doc/python-django-doc/html), BSD-3-Clause (Django Software Foundation)", "http://docs.django.test/", os.DirFS(*dj), linkgraph.FolderOptions{})
	case *fd != "":
		if *name == "" || *source == "" || *base == "" {
			return fmt.Errorf("-folders needs -name, -source and -base")
		}
		o := linkgraph.FolderOptions{MaxText: *maxText}
		if *skip != "" {
			o.Skip = strings.Split(*skip, ",")
		}
		g, err = linkgraph.FromFolderDir(*name, *source, *base, os.DirFS(*fd), o)
	case *ws != "":
		g, err = linkgraph.FromWikispeedia("wikispeedia", "SNAP Wikispeedia (West & Leskovec 2012; Wikipedia for Schools 2007, CC BY-SA)", "http://wikispeedia.test/wiki/", os.DirFS(*ws))
	case *wk != "":
		g, err = linkgraph.FromWebKB("webkb", "CMU WebKB 4 Universities data set (Craven et al. 1998), pages of Cornell, Texas, Washington and Wisconsin, January 1997", os.DirFS(*wk))
	default:
		return fmt.Errorf("give -pydocs, -docbook, -djangodocs, -folders, -wikispeedia or -webkb")
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
