package fuzzy

import "github.com/crawl-project/crawl/text"

// defaultTokenizer is the shared tokeniser of the topic methods: Latin-script
// words lower-cased, CJK text as character bigrams, English and Chinese stop
// words and bare numbers removed, no stemming (topic words stay readable).
func defaultTokenizer() (Tokenizer, error) {
	t, err := text.New(text.Config{Language: text.LangAuto})
	if err != nil {
		return nil, err
	}
	return t, nil
}
