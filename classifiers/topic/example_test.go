package topic_test

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/hooks"
)

func Example() {
	// The seed pages, fetched by the engine before the crawl.
	seeds := []topic.SeedPage{
		{URL: "http://news.example/sport/1", Text: "United won the cup final after a late goal by their striker."},
		{URL: "http://news.example/sport/2", Text: "The striker scored twice as City won the league match."},
	}
	model, err := topic.NewFromPages(topic.Config{Strategy: topic.StrategyAdaptive, MinSeedPages: 1}, seeds)
	if err != nil {
		panic(err)
	}
	h, err := topic.NewHook(model, nil)
	if err != nil {
		panic(err)
	}
	var chain hooks.Chain
	chain.OnPage(h)
	chain.OnURL(h)

	page := &crawl.Page{URL: "http://news.example/sport/3", Text: "A goal from the striker won the match for United."}
	if err := chain.RunPage(context.Background(), page); err != nil {
		panic(err)
	}
	link := crawl.Link{URL: "http://news.example/sport/4"}
	if err := chain.RunURL(context.Background(), page, &link); err != nil {
		panic(err)
	}
	fmt.Printf("relevant=%v relevance=%.2f priority=%.2f\n", page.Relevant, page.Relevance, link.Priority)
	// Output: relevant=true relevance=0.21 priority=0.76
}
