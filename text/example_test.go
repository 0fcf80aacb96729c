package text_test

import (
	"fmt"

	"github.com/crawl-project/crawl/text"
)

func Example() {
	tk, err := text.New(text.Config{Stem: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(tk.Tokens("The players were training for the World Cup: 世界杯足球赛"))
	// Output: [player train world cup 世界 界杯 杯足 足球 球赛]
}
