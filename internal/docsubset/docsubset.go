package docsubset

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// The subsets, by name.
const (
	// PostgreSQL15 is 147 pages of the PostgreSQL 15 documentation.
	PostgreSQL15 = "postgresql15"
	// Python311 is 59 pages of the Python 3.11 documentation.
	Python311 = "python311"
	// Docs is 8 whole pages of both chosen by kind (API entries, tables, a
	// 1.7 MB index, a 2.5 MB table of contents), named SITE-PATH.html with
	// the path's slashes as dashes (python-library-socket.html).
	Docs = "docs"
)

var (
	//go:embed data/postgresql15-subset.tar.gz
	postgresql15 []byte
	//go:embed data/python311-subset.tar.gz
	python311 []byte
	//go:embed data/docs/*.html.gz
	docs embed.FS
)

// Page is one HTML file of a subset: its path in the site (no leading
// "./") and its bytes.
type Page struct {
	Path string
	Body []byte
}

// Read returns the HTML pages of the subset name in archive order.
func Read(name string) ([]Page, error) {
	var archive []byte
	switch name {
	case PostgreSQL15:
		archive = postgresql15
	case Python311:
		archive = python311
	case Docs:
		return readDocs()
	default:
		return nil, fmt.Errorf("docsubset: no subset %q (have %s, %s, %s)", name, PostgreSQL15, Python311, Docs)
	}
	zr, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		return nil, fmt.Errorf("docsubset: %s: %w", name, err)
	}
	tr := tar.NewReader(zr)
	var pages []Page
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return pages, nil
		}
		if err != nil {
			return nil, fmt.Errorf("docsubset: %s: %w", name, err)
		}
		if !strings.HasSuffix(h.Name, ".html") {
			continue
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("docsubset: %s: %s: %w", name, h.Name, err)
		}
		pages = append(pages, Page{Path: strings.TrimPrefix(h.Name, "./"), Body: body})
	}
}

// readDocs returns the pages of Docs in name order.
func readDocs() ([]Page, error) {
	files, err := fs.Glob(docs, "data/docs/*.html.gz")
	if err != nil {
		return nil, fmt.Errorf("docsubset: %s: %w", Docs, err)
	}
	pages := make([]Page, 0, len(files))
	for _, f := range files {
		gz, err := docs.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("docsubset: %s: %w", Docs, err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			return nil, fmt.Errorf("docsubset: %s: %w", f, err)
		}
		body, err := io.ReadAll(zr)
		if err != nil {
			return nil, fmt.Errorf("docsubset: %s: %w", f, err)
		}
		pages = append(pages, Page{Path: strings.TrimSuffix(path.Base(f), ".gz"), Body: body})
	}
	return pages, nil
}
