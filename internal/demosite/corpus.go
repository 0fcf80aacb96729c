package demosite

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
)

//go:embed data/bbc.tsv.gz
var corpusGz []byte

// Topics are the corpus topics, in a fixed order.
var Topics = []string{"business", "entertainment", "politics", "sport", "tech"}

// article is one corpus article placed on the demo web.
type article struct {
	id          int // global index, 0-based, stable
	topic       string
	num         string // corpus file number
	title       string
	paras       []string
	keywords    []string // top words, used for meta keywords and tags
	description string
	date        time.Time
	host        int    // index of the host that publishes it
	path        string // URL path on its host
	published   bool   // false while held back for Publish
	order       int    // publication order within its topic (newest first on hubs)
}

// loadCorpus decodes the embedded corpus.
func loadCorpus() ([]*article, error) {
	zr, err := gzip.NewReader(bytes.NewReader(corpusGz))
	if err != nil {
		return nil, fmt.Errorf("demosite: corpus: %w", err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []*article
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), "\t", 4)
		if len(f) != 4 {
			return nil, fmt.Errorf("demosite: corpus line %d: %d fields", len(out)+1, len(f))
		}
		a := &article{id: len(out), topic: f[0], num: f[1], title: f[2], paras: strings.Split(f[3], "\x1f")}
		a.keywords = topWords(a.title+" "+f[3], 5)
		a.description = firstSentence(a.paras[0], 200)
		// Dates in 2004–2005 spread by id, so URLs carry a date like real news.
		a.date = time.Date(2004, 1, 1, 8, 0, 0, 0, time.UTC).Add(time.Duration(a.id*7919%700) * 24 * time.Hour)
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("demosite: corpus: %w", err)
	}
	return out, nil
}

// slug makes a URL-safe slug of a title.
func slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 60 {
			break
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func firstSentence(p string, max int) string {
	if i := strings.Index(p, ". "); i > 0 && i < max {
		return p[:i+1]
	}
	if len(p) <= max {
		return p
	}
	cut := strings.LastIndexByte(p[:max], ' ')
	if cut < 0 {
		cut = max
	}
	return p[:cut] + "…"
}

// stopWords is a short English stop list for picking keywords.
var stopWords = wordSet(`a about after again against all also am an and any are as at be because been
	before being between both but by can could did do does doing down during each few for from further had has have
	having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on
	once only or other our out over own said same says she should so some such than that the their them then there
	these they this those through to too under until up very was we were what when where which while who whom why
	will with would you your year years new one two three last first told people mr mrs ms could also back time
	make made like well many much may might get got going want take still even us uk`)

func wordSet(list string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(list) {
		m[w] = true
	}
	return m
}

// topWords returns the n most frequent non-stop words of at least 4 letters.
func topWords(text string, n int) []string {
	counts := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 4 && !stopWords[w] {
			counts[w]++
		}
	}
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if counts[words[i]] != counts[words[j]] {
			return counts[words[i]] > counts[words[j]]
		}
		return words[i] < words[j]
	})
	if len(words) > n {
		words = words[:n]
	}
	return words
}
