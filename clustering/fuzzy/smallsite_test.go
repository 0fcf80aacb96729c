package fuzzy_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/clustering/fuzzy"
)

// loadSmallSites reads testdata/smallsites.tsv: the titles of the first
// 15 pages of four crawls of real documentation sites, in fetch order, by
// site.
func loadSmallSites(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile("testdata/smallsites.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		fs := strings.Split(line, "\t")
		if len(fs) != 3 {
			t.Fatalf("smallsites.tsv line %d has %d fields, want 3", i+2, len(fs))
		}
		out[fs[0]] = append(out[fs[0]], fs[2])
	}
	return out
}

// siteDocs makes the first n titles pages of one host.
func siteDocs(host string, titles []string, n int) []fuzzy.Doc {
	docs := make([]fuzzy.Doc, n)
	for i, title := range titles[:n] {
		docs[i] = fuzzy.Doc{ID: int64(i + 1), Host: host, Title: title}
	}
	return docs
}

// TestSmallSiteBoilerplate clusters the first 8, 10 and 15 pages of real
// sites (titles only: these pages have no meta keywords or description).
// Below Config.SiteMinPages pages the site corrections once stood aside,
// and the word of nearly every title tied the pages into one topic that
// it led: "chapter" on 12 of Debian Reference's 15 titles ("Chapter 6.
// Network applications") made one topic of 10 pages, "git" and the
// Python template every page of theirs. No topic may be led by that word
// now, and at 15 pages no topic may hold more than a third of them.
func TestSmallSiteBoilerplate(t *testing.T) {
	sites := loadSmallSites(t)
	for _, c := range []struct {
		site   string
		boiler []string // words on nearly every title of the site
	}{
		{"debian-reference", []string{"chapter"}},
		{"git-doc", []string{"git"}},
		{"python3.11-doc", []string{"python", "documentation"}},
		{"sqlite3-doc", []string{"sqlite"}},
	} {
		titles := sites[c.site]
		if len(titles) != 15 {
			t.Fatalf("%s: %d titles in smallsites.tsv, want 15", c.site, len(titles))
		}
		for _, n := range []int{8, 10, 15} {
			t.Run(fmt.Sprintf("%s/%d", c.site, n), func(t *testing.T) {
				r, err := fuzzy.Cluster(context.Background(), siteDocs(c.site+".test:80", titles, n), fuzzy.Config{})
				if err != nil {
					t.Fatal(err)
				}
				topics, un := r.Grouped()
				largest := 0
				for _, tp := range topics {
					largest = max(largest, len(tp.Pages))
					if len(tp.Words) > 0 && slices.Contains(c.boiler, tp.Words[0]) {
						t.Errorf("topic of %d of %d pages led by the site's boilerplate %q: %v", len(tp.Pages), n, tp.Words[0], tp.Words)
					}
				}
				if n == 15 && 3*largest > n {
					t.Errorf("largest topic %d of %d pages, want at most a third", largest, n)
				}
				t.Logf("%d topics, %d unclustered, largest %d", len(topics), len(un), largest)
			})
		}
	}
}

// TestSmallSiteBoilerplateBBC is TestSiteBoilerplateBBC on a small crawl:
// 45 BBC pages spread over the five sections, 15 on each of the three
// sites of boilerplate (a title suffix, one site also a prefix, a slogan
// in every description, site keywords). Each site is below
// Config.SiteMinPages. The site corrections must find the boilerplate
// and nothing else: the topics of the noisy pages are those the paper's
// method finds on the clean pages (measured: one topic of 2 pages, 43
// unclustered; without the correction of small hosts the boilerplate made
// one topic of 11 pages per site, the cap).
func TestSmallSiteBoilerplateBBC(t *testing.T) {
	all, _ := bbcDocs(loadBBC(t), 2225)
	var docs []fuzzy.Doc
	for i := range 45 {
		docs = append(docs, all[i*len(all)/45])
	}
	ctx := context.Background()
	clean, err := fuzzy.Cluster(ctx, docs, fuzzy.Config{Paper: true})
	if err != nil {
		t.Fatal(err)
	}
	noisy, err := fuzzy.Cluster(ctx, boilerplate(docs), fuzzy.Config{})
	if err != nil {
		t.Fatal(err)
	}
	pages := func(r *fuzzy.Result) [][]int64 {
		var out [][]int64
		for _, tp := range r.Topics() {
			if len(tp.Pages) > 1 {
				out = append(out, tp.Pages)
			}
		}
		return out
	}
	want, got := pages(clean), pages(noisy)
	if !slices.EqualFunc(got, want, slices.Equal) {
		topics, _ := noisy.Grouped()
		for _, tp := range topics {
			t.Logf("noisy pages, site corrections: topic of %d pages %v", len(tp.Pages), tp.Words)
		}
		t.Errorf("topics of the noisy pages %v, want those of the clean pages by the paper's method %v", got, want)
	}
}
