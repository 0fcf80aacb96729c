package text

import (
	"strings"
	"sync"

	"github.com/kljensen/snowball/english"
)

// maxStems bounds the stem cache of one Tokenizer; past it, new words are
// stemmed on every call (a crawl's vocabulary keeps growing, memory must not).
const maxStems = 200_000

// stemCache memoises Snowball English stems; safe for concurrent use.
type stemCache struct {
	mu  sync.RWMutex
	m   map[string]string
	max int
}

func newStemCache(max int) *stemCache {
	return &stemCache{m: make(map[string]string, 1024), max: max}
}

// stem returns the stem of the lower-case word w; w may alias a buffer
// that changes after the call (add clones what it keeps).
func (c *stemCache) stem(w string) string {
	c.mu.RLock()
	s, ok := c.m[w]
	c.mu.RUnlock()
	if ok {
		return s
	}
	return c.add(w)
}

// add stems w and caches it while the cache has room. The key is cloned so
// the cache never pins the page text w may be a substring of.
func (c *stemCache) add(w string) string {
	s := english.Stem(w, true)
	if s == w {
		s = strings.Clone(w)
	}
	c.mu.Lock()
	if len(c.m) < c.max {
		c.m[strings.Clone(w)] = s
	}
	c.mu.Unlock()
	return s
}
