package hub_test

import (
	"fmt"

	"github.com/crawl-project/crawl/classifiers/hub"
)

func ExampleClassifier_Classify() {
	c, err := hub.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, u := range []string{
		"https://www.example.com/business/",
		"https://www.example.com/2014/03/05/oil-prices-ease-in-asian-trade-as-supply-worries-fade/",
	} {
		label, _ := c.Classify(hub.URLInfo{URL: u, Depth: -1})
		fmt.Println(label, u)
	}
	// Output:
	// hub https://www.example.com/business/
	// topic https://www.example.com/2014/03/05/oil-prices-ease-in-asian-trade-as-supply-worries-fade/
}
