package frontier_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/store"
)

func TestPatternOf(t *testing.T) {
	cases := []struct{ in, want string }{
		{"http://a.test/cal/2024/05/12", "http://a.test/cal/#/#/#"},
		{"http://a.test/p?id=12&sort=asc", "http://a.test/p?id&sort"},
		{"http://a.test:8080/x10y", "http://a.test:8080/x#y"},
		{"http://a.test", "http://a.test"},
	}
	for _, c := range cases {
		if got := frontier.PatternOf(c.in); got != c.want {
			t.Errorf("PatternOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLimits pushes an endless calendar and a query-variant space into
// both backends and checks exactly the caps enter, the rest are counted as
// refused, and other URLs of the host are untouched.
func TestLimits(t *testing.T) {
	lim := frontier.Limits{MaxQueryVariants: 50, MaxURLsPerPattern: 80}
	backends := map[string]func(t *testing.T) frontier.Frontier{
		"memory": func(t *testing.T) frontier.Frontier {
			f, err := frontier.NewMemory(frontier.Config{Limits: lim})
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
		"sqlite": func(t *testing.T) frontier.Frontier {
			st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			f, err := sqlitefrontier.New(context.Background(), st, frontier.Config{Limits: lim})
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
	}
	for name, open := range backends {
		t.Run(name, func(t *testing.T) {
			f := open(t)
			defer f.Close()
			ctx := context.Background()
			var links []crawl.Link
			for i := range 200 {
				links = append(links,
					crawl.Link{URL: fmt.Sprintf("http://a.test/cal?d=%d", i)},
					crawl.Link{URL: fmt.Sprintf("http://a.test/day/%d/x", i)},
					crawl.Link{URL: fmt.Sprintf("http://a.test/article-%c%c", 'a'+i%26, 'a'+i/26)})
			}
			added, err := f.Push(ctx, links)
			if err != nil {
				t.Fatal(err)
			}
			// 50 query variants of /cal, 80 of /day/#/x, 200 distinct articles.
			if want := 50 + 80 + 200; added != want {
				t.Errorf("Push added %d, want %d", added, want)
			}
			// Pushing the same again adds nothing and refuses the over-cap ones again.
			if n, _ := f.Push(ctx, links); n != 0 {
				t.Errorf("second Push added %d", n)
			}
			got := f.(frontier.Refuser).Refused()
			want := map[string]int64{frontier.RuleQueryVariants: 2 * 150, frontier.RuleURLsPerPattern: 2 * 120}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("Refused()[%s] = %d, want %d", k, got[k], v)
				}
			}
		})
	}
}
