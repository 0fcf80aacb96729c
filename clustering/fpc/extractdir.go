package fpc

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/htmldecode"
)

// ExtractDir returns the features of every .html and .htm file under dir
// (a saved site, a documentation package), with their paths, sorted: the
// input of the measuring tools (cmd/orderstab, cmd/singletons). A file that
// does not parse is an error naming it.
func ExtractDir(dir string) ([]string, []*Features, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm")) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(paths)
	feats := make([]*Features, len(paths))
	for i, p := range paths {
		doc, err := htmldecode.ParseFile(p)
		if err != nil {
			return nil, nil, err
		}
		feats[i] = Extract(doc)
	}
	return paths, feats, nil
}
