package fpc_test

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/hooks"
)

// The hook is what the engine runs at OnBatch.
var _ hooks.BatchHook = (*fpc.Hook)(nil)

func Example() {
	blog := `<html><head><link rel="stylesheet" href="/css/blog.css"><script src="/js/blog.js"></script></head>
<body><div id="header" class="top"><a href="/">Home</a><a href="/about">About</a></div>
<div class="post"><h1>%s</h1><p class="meta">by ann</p><p>%s</p></div><div id="footer">© blog</div></body></html>`
	shop := `<html><head><link rel="stylesheet" href="/static/shop.css"></head>
<body><table id="products"><tr><td class="name">%s</td><td class="price">%s</td></tr>
<tr><td class="name">lamp</td><td class="price">9</td></tr></table><form id="cart"><input name="q"></form></body></html>`
	pages := []string{
		fmt.Sprintf(blog, "Hello", "first post"), fmt.Sprintf(shop, "chair", "30"),
		fmt.Sprintf(blog, "Again", "second post"), fmt.Sprintf(shop, "table", "80"),
		fmt.Sprintf(blog, "Third", "more words here"), fmt.Sprintf(shop, "sofa", "300"),
	}
	var feats []*fpc.Features
	for _, p := range pages {
		doc, err := html.Parse(strings.NewReader(p))
		if err != nil {
			panic(err)
		}
		feats = append(feats, fpc.Extract(doc))
	}
	c := fpc.New(fpc.Config{})
	fmt.Println(c.AddBatch(feats[:4]), c.AddBatch(feats[4:]), c.Len())
	// Output: [1 2 1 2] [1 2] 2
}
