package linkgraph

import (
	"io/fs"
	"path"

	"golang.org/x/net/html"
)

// FromFolderDir builds the graph of an HTML tree as FromHTMLDir does, its
// topics being the tree's folders (FolderChapters): a tree such as
// Debian's python-django-doc whose folders are its parts (topics/, howto/,
// ref/contrib/, …).
func FromFolderDir(name, source, base string, root fs.FS, o FolderOptions) (*Graph, error) {
	return fromHTMLDir(name, source, base, root, FolderChapters, o)
}

// FolderOptions configure FromFolderDir.
type FolderOptions struct {
	Skip    []string // folders (paths from the root, e.g. the Linux docs' translations) left out of the graph
	MaxText int      // bytes of a page's text kept; default MaxText
}

// FolderChapters labels each page with every folder on its path: a page
// ref/contrib/gis/db-api.html carries ref, ref/contrib and
// ref/contrib/gis; pages at the top carry none.
func FolderChapters(files []string, _ []*html.Node, _ map[string]int) map[string][]int {
	out := map[string][]int{}
	for i, f := range files {
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			out[d] = append(out[d], i)
		}
	}
	return out
}
