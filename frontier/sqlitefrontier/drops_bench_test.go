package sqlitefrontier_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// BenchmarkDrops is Drops for one page's 200 out-links (per op), as the
// crawler asks before their URL hooks run: 150 pushed before, 25 outside
// the scope, 25 new. It asserts the answers.
func BenchmarkDrops(b *testing.B) {
	ctx := context.Background()
	f := newSQLite(b, openStore(b, b.TempDir()), frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"a.test"}}})
	defer f.Close()
	links := make([]crawl.Link, 200)
	for i := range links {
		links[i] = crawl.Link{URL: fmt.Sprintf("http://a.test/library/section-%d/page-%d.html", i%9, i), Depth: 2}
		if i >= 175 {
			links[i].URL = fmt.Sprintf("http://elsewhere.test/page-%d.html", i)
		}
	}
	if _, err := f.Push(ctx, links[:150]); err != nil {
		b.Fatal(err)
	}
	drops := make([]bool, len(links))
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Drops(ctx, links, drops); err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	for _, d := range drops {
		if d {
			n++
		}
	}
	if n != 175 {
		b.Fatalf("Drops said yes to %d links, want 175", n)
	}
}
