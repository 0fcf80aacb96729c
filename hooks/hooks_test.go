package hooks_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/hooks"
)

func TestChainOrderAndSentinels(t *testing.T) {
	var order []string
	rec := func(name string, ret error) hooks.PageFunc {
		return func(ctx context.Context, p *crawl.Page) error {
			order = append(order, name)
			return ret
		}
	}
	tests := []struct {
		name    string
		hooks   []hooks.PageHook
		wantErr error
		want    string
	}{
		{"all run in order", []hooks.PageHook{rec("a", nil), rec("b", nil), rec("c", nil)}, nil, "a b c"},
		{"skip ends the chain quietly", []hooks.PageHook{rec("a", hooks.ErrSkip), rec("b", nil)}, nil, "a"},
		{"stop is returned", []hooks.PageHook{rec("a", nil), rec("b", hooks.ErrStop), rec("c", nil)}, hooks.ErrStop, "a b"},
		{"wrapped stop is returned", []hooks.PageHook{rec("a", fmt.Errorf("quota: %w", hooks.ErrStop))}, hooks.ErrStop, "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			order = nil
			var c hooks.Chain
			c.OnPage(tt.hooks...)
			err := c.RunPage(context.Background(), &crawl.Page{})
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && err != nil) {
				t.Errorf("RunPage error = %v, want %v", err, tt.wantErr)
			}
			if got := strings.Join(order, " "); got != tt.want {
				t.Errorf("hooks ran %q, want %q", got, tt.want)
			}
		})
	}
}

func TestURLSkipDropsTheLink(t *testing.T) {
	var c hooks.Chain
	c.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		l.Priority = 2
		if strings.Contains(l.URL, "/tag/") {
			return hooks.ErrSkip
		}
		return nil
	}))
	l := crawl.Link{URL: "http://a.example/tag/x"}
	if err := c.RunURL(context.Background(), nil, &l); !errors.Is(err, hooks.ErrSkip) {
		t.Errorf("RunURL(tag link) = %v, want ErrSkip", err)
	}
	l = crawl.Link{URL: "http://a.example/story"}
	if err := c.RunURL(context.Background(), nil, &l); err != nil || l.Priority != 2 {
		t.Errorf("RunURL(story) = %v, priority %v; want nil, 2", err, l.Priority)
	}
}

func TestPanicsBecomeErrors(t *testing.T) {
	var c hooks.Chain
	c.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error { panic("boom") }))
	c.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		var m map[string]int
		m["x"]++ // nil map write
		return nil
	}))
	c.OnBatch(hooks.BatchFunc(func(ctx context.Context, b *crawl.Batch) error { panic(errors.New("bad batch")) }))
	checks := []struct {
		hook string
		err  error
	}{
		{"OnPage", c.RunPage(context.Background(), &crawl.Page{})},
		{"OnURL", c.RunURL(context.Background(), nil, &crawl.Link{})},
		{"OnBatch", c.RunBatch(context.Background(), &crawl.Batch{})},
	}
	for _, ch := range checks {
		var pe *hooks.PanicError
		if !errors.As(ch.err, &pe) || pe.Hook != ch.hook || len(pe.Stack) == 0 {
			t.Errorf("%s panic gave %v, want a *PanicError naming %s with a stack", ch.hook, ch.err, ch.hook)
		}
	}
	if u, p, b := c.Len(); u != 1 || p != 1 || b != 1 {
		t.Errorf("Len = %d %d %d, want 1 1 1", u, p, b)
	}
}

func ExampleChain() {
	var c hooks.Chain
	c.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
		if strings.HasSuffix(l.URL, ".pdf") {
			return hooks.ErrSkip
		}
		l.AddTag("kept")
		return nil
	}))
	for _, u := range []string{"http://a.example/report.pdf", "http://a.example/news"} {
		l := crawl.Link{URL: u}
		err := c.RunURL(context.Background(), nil, &l)
		fmt.Println(u, errors.Is(err, hooks.ErrSkip), l.Tags)
	}
	// Output:
	// http://a.example/report.pdf true []
	// http://a.example/news false [kept]
}

// TestRewrittenLinkIsNotDropped: the frontier's "drops" answer and the
// crawler's "refused" are of the link the crawler asked about; a hook that
// rewrites the URL or the depth makes them false for the hooks after it,
// and one that leaves them keeps them.
func TestRewrittenLinkIsNotDropped(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rewrite func(*crawl.Link)
		want    bool
	}{
		{"untouched", func(*crawl.Link) {}, true},
		{"priority only", func(l *crawl.Link) { l.Priority = 2 }, true},
		{"URL rewritten", func(l *crawl.Link) { l.URL = "http://h.test/canonical" }, false},
		{"depth rewritten", func(l *crawl.Link) { l.Depth = 0 }, false},
	} {
		var c hooks.Chain
		var seen, refused []bool
		c.OnURL(hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
			seen, refused = append(seen, l.FrontierDrops), append(refused, l.Refused)
			tc.rewrite(l)
			return nil
		}), hooks.URLFunc(func(ctx context.Context, from *crawl.Page, l *crawl.Link) error {
			seen, refused = append(seen, l.FrontierDrops), append(refused, l.Refused)
			return nil
		}))
		l := crawl.Link{URL: "http://h.test/a?session=1", Depth: 2, FrontierDrops: true, Refused: true}
		if err := c.RunURL(context.Background(), &crawl.Page{}, &l); err != nil {
			t.Fatal(err)
		}
		if !seen[0] || seen[1] != tc.want || l.FrontierDrops != tc.want {
			t.Errorf("%s: the hooks saw FrontierDrops %v, the link ends %v; want true, %v", tc.name, seen, l.FrontierDrops, tc.want)
		}
		if !refused[0] || refused[1] != tc.want || l.Refused != tc.want {
			t.Errorf("%s: the hooks saw Refused %v, the link ends %v; want true, %v", tc.name, refused, l.Refused, tc.want)
		}
	}
}
