package frontier_test

import (
	"context"
	"fmt"
	"net/url"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

func ExampleNormalize() {
	base, _ := url.Parse("http://News.Example.com:80/sport/index.html")
	for _, href := range []string{"../world/./a.html#top", "HTTP://Bücher.de/%7euser?", "mailto:desk@example.com"} {
		u, err := frontier.Normalize(href, base)
		fmt.Println(u, err)
	}
	// Output:
	// http://news.example.com/world/a.html <nil>
	// http://xn--bcher-kva.de/~user <nil>
	//  frontier: unsupported scheme "mailto" in "mailto:desk@example.com"
}

func ExampleMemory() {
	ctx := context.Background()
	f, _ := frontier.NewMemory(frontier.Config{Scope: frontier.Scope{AllowedDomains: []string{"example.com"}}})
	f.Push(ctx, []crawl.Link{
		{URL: "http://example.com/a", Priority: 1},
		{URL: "http://example.com/b", Priority: 5},
		{URL: "http://other.test/c", Priority: 9}, // out of scope
		{URL: "http://www.example.com/d", Priority: 1},
	})
	for {
		l, err := f.Pop(ctx, nil)
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(l.URL)
	}
	// Output:
	// http://example.com/b
	// http://example.com/a
	// http://www.example.com/d
	// frontier: empty
}
