package fuzzy

import (
	"slices"
	"strings"
)

// Tokenizer turns text into feature words: lower-cased, stop words removed,
// CJK text as character bigrams. *text.Tokenizer satisfies it. It is used
// from one goroutine at a time.
type Tokenizer interface {
	Tokens(s string) []string
}

// Doc is one page to cluster: its id (the crawl's page Seq), its site
// (Host, e.g. crawl.HostKey(url); "" for none) and the raw contents of its title,
// meta keywords and meta description.
type Doc struct {
	ID          int64
	Host        string
	Title       string
	Keywords    string
	Description string
}

// TagWords are the distinct feature words of each tag of one page.
type TagWords struct {
	Title, Keywords, Description []string
}

// Feature is one word of a page with the tags it occurs in and its weight
// Σ ln c_k over those tags.
type Feature struct {
	Word   string
	Tags   Tags
	Weight float64
}

// isKeywordSep reports whether r separates meta keywords: ASCII and
// full-width comma, semicolon and vertical bar, the ideographic enumeration
// comma 、, the Arabic comma and line breaks/tabs.
func isKeywordSep(r rune) bool {
	switch r {
	case ',', ';', '|', '，', '；', '、', '｜', '،', '\n', '\r', '\t':
		return true
	}
	return false
}

// SplitKeywords splits the content of a meta keywords tag into keyword
// phrases. When the content holds any separator (see isKeywordSep: , ; |
// ， ； 、 ｜ and line breaks) phrases are split there only, so "house
// prices, london" gives "house prices" and "london". When it holds none,
// whitespace separates the keywords ("python golang crawler"). Phrases are
// trimmed, inner whitespace collapsed to one space, empty phrases dropped
// and case-insensitive duplicates removed (first spelling kept). It never
// fails: any string, valid UTF-8 or not, gives a (possibly empty) slice.
func SplitKeywords(s string) []string {
	var parts []string
	if strings.ContainsFunc(s, isKeywordSep) {
		parts = strings.FieldsFunc(s, isKeywordSep)
	} else {
		parts = strings.Fields(s)
	}
	out := parts[:0]
	seen := make(map[string]bool, len(parts))
	for _, p := range parts {
		p = strings.Join(strings.Fields(p), " ")
		key := strings.ToLower(p)
		if p == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, p)
	}
	return out
}

// Extract returns the distinct feature words of each tag of d: the title and
// the description through tok, the keywords split by SplitKeywords and each
// phrase through tok, so a keyword matches the same word in the title
// (multi-word phrases become their words; CJK phrases their bigrams).
func Extract(tok Tokenizer, d Doc) TagWords {
	var kw []string
	for _, p := range SplitKeywords(d.Keywords) {
		kw = append(kw, tok.Tokens(p)...)
	}
	return TagWords{
		Title:       distinct(tok.Tokens(d.Title)),
		Keywords:    distinct(kw),
		Description: distinct(tok.Tokens(d.Description)),
	}
}

// distinct returns the non-empty words of ws, each once, in first-seen order.
func distinct(ws []string) []string {
	out := ws[:0:0]
	seen := make(map[string]bool, len(ws))
	for _, w := range ws {
		if w == "" || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// Features returns the words of tw sorted by word, each with the tags it
// occurs in and its weight Σ ln c_k under cfg (tf = 1 per tag, as in the
// paper). Words whose weight is 0 (every tag of theirs has c = 1) are
// dropped. It fails only on a bad cfg.
func Features(tw TagWords, cfg Config) ([]Feature, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	return features(tw, cfg.weights()), nil
}

func features(tw TagWords, w [8]float64) []Feature {
	tags := make(map[string]Tags, len(tw.Title)+len(tw.Keywords)+len(tw.Description))
	for _, t := range []struct {
		words []string
		tag   Tags
	}{{tw.Title, InTitle}, {tw.Keywords, InKeywords}, {tw.Description, InDescription}} {
		for _, word := range t.words {
			if word != "" {
				tags[word] |= t.tag
			}
		}
	}
	out := make([]Feature, 0, len(tags))
	for word, t := range tags {
		if w[t] > 0 {
			out = append(out, Feature{Word: word, Tags: t, Weight: w[t]})
		}
	}
	slices.SortFunc(out, func(a, b Feature) int { return strings.Compare(a.Word, b.Word) })
	return out
}
