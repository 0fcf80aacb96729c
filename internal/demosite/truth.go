package demosite

import (
	"strconv"
	"strings"
)

// Truth is the ground truth of one URL of the demo web.
type Truth struct {
	Kind  string // home, section, tag, article, search, other
	Topic string // business, entertainment, politics, sport, tech; "" for mixed pages
}

// Truth returns the ground truth of an absolute URL of the site; ok is
// false for URLs of other sites and for pages that do not exist. A tag
// page has the topic of its articles when at least 80% share one.
func (s *Site) Truth(rawURL string) (Truth, bool) {
	hi, uri, ok := s.hostIndex(rawURL)
	if !ok {
		return Truth{}, false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	key := strconv.Itoa(hi) + uri
	s.tmu.Lock()
	known, ok := s.truths[key]
	s.tmu.Unlock()
	if ok {
		return known.t, known.ok
	}
	tr, ok := s.truth(hi, uri)
	s.tmu.Lock()
	if len(s.truths) < maxCached {
		s.truths[key] = truthEntry{tr, ok}
	}
	s.tmu.Unlock()
	return tr, ok
}

// truthEntry is a memoised answer of Truth.
type truthEntry struct {
	t  Truth
	ok bool
}

// truth works out the ground truth of uri on host hi; s.mu is held.
func (s *Site) truth(hi int, uri string) (Truth, bool) {
	path, _, _ := strings.Cut(uri, "?")
	if s.fixedFile(hi, path) {
		return Truth{Kind: "other"}, true
	}
	if s.route(hi, uri) == nil {
		return Truth{}, false
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case path == "/":
		return Truth{Kind: "home"}, true
	case hi == hostSearch && path == "/search":
		return Truth{Kind: "search"}, true
	case parts[0] == "tag":
		return Truth{Kind: "tag", Topic: majority(s.tags[hi][parts[1]])}, true
	case contains(s.hosts[hi].topics, parts[0]) && (len(parts) == 1 || parts[1] == "page"):
		return Truth{Kind: "section", Topic: parts[0]}, true
	}
	if a := s.articleAt(hi, path); a != nil {
		return Truth{Kind: "article", Topic: a.topic}, true
	}
	return Truth{Kind: "other"}, true
}

func majority(l []*article) string {
	counts := map[string]int{}
	for _, a := range l {
		counts[a.topic]++
	}
	for t, n := range counts {
		if n*5 >= len(l)*4 {
			return t
		}
	}
	return ""
}

// fixedFile reports whether path is one of the pages of host hi that are
// not news: robots.txt, the slow page, the Chinese pages, the PDF.
func (s *Site) fixedFile(hi int, path string) bool {
	switch path {
	case "/robots.txt":
		return true
	case "/slow.html", "/intl/zh.html", "/intl/tw.html":
		return hi == hostGlobe
	case "/files/annual-report.pdf":
		return hi == hostWire
	}
	return false
}
