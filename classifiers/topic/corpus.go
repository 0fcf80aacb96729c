package topic

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"strings"
	"unicode/utf8"
)

// NewFromCorpus trains the paper's best-first baseline from a labelled
// corpus: corpus holds one folder per topic, each with plain-text
// documents (*.txt, UTF-8 or else read as Latin-1), like the BBC News
// corpus (business/, sport/, …); topicName is the folder of the crawl's
// topic. Features are the Config.Terms terms with the highest χ² score of
// document presence that occur more often in the topic than elsewhere;
// weights are TF·IDF with IDF = ln(N / df) over all N documents; the
// centroid is the mean of the topic documents' unit TF·IDF vectors. The
// model is static: it has no seed pages, and Update never changes it.
func NewFromCorpus(cfg Config, corpus fs.FS, topicName string) (*Model, error) {
	m, err := newModel(cfg)
	if err != nil {
		return nil, err
	}
	docs, inTopic, err := readCorpus(corpus, topicName, m)
	if err != nil {
		return nil, err
	}
	df, dfTopic := map[string]int{}, map[string]int{}
	for d, toks := range docs {
		for _, t := range uniq(toks) {
			df[t]++
			if inTopic[d] {
				dfTopic[t]++
			}
		}
	}
	nTopic := 0
	for _, in := range inTopic {
		if in {
			nTopic++
		}
	}
	chi := map[string]float64{}
	for t, a := range dfTopic {
		if s, ok := chiSquare(a, df[t]-a, nTopic, len(docs)); ok {
			chi[t] = s
		}
	}
	m.setFeatures(topTerms(chi, m.cfg.Terms))
	m.idf = make([]float64, len(m.terms))
	for i, t := range m.terms {
		m.idf[i] = math.Log(float64(len(docs)) / float64(df[t]))
	}
	sum := make([]float64, len(m.terms))
	for d, toks := range docs {
		if !inTopic[d] {
			continue
		}
		v := m.vectorOfTokens(toks)
		for k, i := range v.idx {
			sum[i] += v.val[k] / float64(nTopic)
		}
	}
	m.setAnchor(sum)
	return m, nil
}

// readCorpus tokenises every *.txt under the topic folders of corpus.
func readCorpus(corpus fs.FS, topicName string, m *Model) (docs [][]string, inTopic []bool, err error) {
	tops, err := fs.ReadDir(corpus, ".")
	if err != nil {
		return nil, nil, fmt.Errorf("topic: read corpus: %w", err)
	}
	found := false
	for _, top := range tops {
		if !top.IsDir() {
			continue
		}
		files, err := fs.Glob(corpus, path.Join(top.Name(), "*.txt"))
		if err != nil {
			return nil, nil, fmt.Errorf("topic: read corpus: %w", err)
		}
		for _, f := range files {
			b, err := fs.ReadFile(corpus, f)
			if err != nil {
				return nil, nil, fmt.Errorf("topic: read corpus: %w", err)
			}
			docs = append(docs, m.tok.Tokens(decodeText(b)))
			inTopic = append(inTopic, top.Name() == topicName)
			found = found || top.Name() == topicName
		}
	}
	if !found {
		return nil, nil, fmt.Errorf("topic: corpus has no documents in folder %q", topicName)
	}
	if allTrue(inTopic) {
		return nil, nil, fmt.Errorf("topic: corpus has no folder besides %q to contrast it with", topicName)
	}
	return docs, inTopic, nil
}

// chiSquare is the χ² statistic of a term present in a topic documents and
// b other documents, with nTopic topic documents out of n. ok is false for
// terms more frequent outside the topic (negative association).
func chiSquare(a, b, nTopic, n int) (float64, bool) {
	c, d := nTopic-a, n-nTopic-b // topic and other documents without the term
	A, B, C, D := float64(a), float64(b), float64(c), float64(d)
	if A*D <= B*C {
		return 0, false
	}
	den := (A + C) * (B + D) * (A + B) * (C + D)
	if den == 0 {
		return 0, false
	}
	x := A*D - B*C
	return float64(n) * x * x / den, true
}

// decodeText returns b as a string, reading it as Latin-1 when it is not
// valid UTF-8 (one file of the BBC corpus is Latin-1).
func decodeText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

func uniq(toks []string) []string {
	seen := make(map[string]bool, len(toks))
	out := toks[:0:0]
	for _, t := range toks {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

func allTrue(l []bool) bool {
	for _, x := range l {
		if !x {
			return false
		}
	}
	return true
}
