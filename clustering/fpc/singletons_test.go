package fpc_test

import (
	"path"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/clustering/fpc"
)

// TestLongPagesJoinTheirTemplate is the regression test of the long pages
// the paper's MKmeans leaves alone: the PostgreSQL 15 subset (147 pages of
// one DocBook site, internal/docsubset), clustered as a crawl's final pass
// does (Recluster, batches of 200). With the paper's method
// (KeepSingletons) three long pages of the site's chapter template end in
// clusters of their own besides the bibliography; by default they join
// the cluster of their template and only the bibliography, a page of
// another kind (a list of book references, no sections), stays alone.
func TestLongPagesJoinTheirTemplate(t *testing.T) {
	paths, pages := realSite(t)
	feats := make([]*fpc.Features, len(pages))
	for i, p := range pages {
		feats[i] = fpc.Extract(p.Doc)
	}
	long := []string{"error-style-guide.html", "pgstattuple.html", "plpgsql-control-structures.html"}
	for _, tc := range []struct {
		name  string
		cfg   fpc.Config
		alone []string
	}{
		{"paper", fpc.Config{KeepSingletons: true}, append([]string{"biblio.html"}, long...)},
		{"default", fpc.Config{}, []string{"biblio.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fpc.New(tc.cfg)
			ids := c.Recluster(feats, make([]int64, len(feats)), 200)
			size := map[int64]int{}
			for _, id := range ids {
				size[id]++
			}
			var alone []string
			for i, id := range ids {
				if size[id] == 1 {
					alone = append(alone, path.Base(paths[i]))
				}
			}
			slices.Sort(alone)
			slices.Sort(tc.alone)
			if !slices.Equal(alone, tc.alone) {
				t.Errorf("pages alone in their cluster %v, want %v (%d clusters)", alone, tc.alone, len(size))
			}
			if tc.name == "default" {
				for i, p := range paths {
					if id := ids[i]; slices.Contains(long, path.Base(p)) && size[id] < 20 {
						t.Errorf("%s in a cluster of %d pages, want its template's", p, size[id])
					}
				}
			}
		})
	}
}
