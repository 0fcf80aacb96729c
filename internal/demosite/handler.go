package demosite

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Handler serves host hi of the site. Pages are rendered once and cached
// until Publish; every page has an ETag and a Last-Modified and answers
// conditional GETs with 304.
func (s *Site) Handler(hi int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.special(hi, w, r) {
			return
		}
		cp := s.cached(hi, r.URL.RequestURI())
		if cp == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("ETag", cp.etag)
		w.Header().Set("Last-Modified", cp.modified.Format(http.TimeFormat))
		if notModified(r, cp) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", cp.contentType)
		w.Write(cp.body)
	})
}

func notModified(r *http.Request, cp *cachedPage) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		return inm == cp.etag
	}
	if ims, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil {
		return !cp.modified.After(ims)
	}
	return false
}

// cached returns the rendered page at uri, rendering it on first use.
func (s *Site) cached(hi int, uri string) *cachedPage {
	key := strconv.Itoa(hi) + uri
	s.mu.RLock()
	cp, ok := s.cache[key]
	s.mu.RUnlock()
	if ok {
		return cp
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cp, ok := s.cache[key]; ok {
		return cp
	}
	p := s.route(hi, uri)
	if p == nil {
		return nil
	}
	body := s.hosts[hi].style.render(s.hosts[hi], p)
	sum := sha1.Sum(body)
	cp = &cachedPage{body: body, contentType: "text/html; charset=utf-8", etag: `"` + hex.EncodeToString(sum[:8]) + `"`, modified: modTime(s.version)}
	if old, ok := s.prev[key]; ok && bytes.Equal(old.body, body) {
		cp.modified = old.modified
	}
	s.cache[key] = cp
	return cp
}

// route maps a request URI of host hi to a page, or nil for 404.
func (s *Site) route(hi int, uri string) *page {
	path, query, _ := strings.Cut(uri, "?")
	if path == "/" {
		return s.homePage(hi)
	}
	if hi == hostSearch {
		if path != "/search" {
			return nil
		}
		q, n := "", 1
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "q":
				q = strings.ReplaceAll(v, "+", " ")
			case "page":
				n, _ = strconv.Atoi(v)
			}
		}
		return s.searchPage(q, n)
	}
	if query != "" {
		return nil
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) >= 2 && parts[0] == "tag":
		l := s.tags[hi][parts[1]]
		return s.listPage(hi, "Tag: "+parts[1], "/tag/"+parts[1]+"/", l, pageNum(path, parts, 2))
	case len(parts) >= 1 && contains(s.hosts[hi].topics, parts[0]) && (len(parts) == 1 || parts[1] == "page"):
		l := onHost(s.byTopic[parts[0]], hi)
		return s.listPage(hi, strings.ToUpper(parts[0][:1])+parts[0][1:], "/"+parts[0]+"/", l, pageNum(path, parts, 1))
	case path == "/about.html":
		return &page{title: "About " + s.hosts[hi].name, heading: "About us", nav: s.nav(hi),
			paras: []string{s.hosts[hi].name + " is a demo news site of the crawl project."}, footer: s.footer(hi)}
	}
	if a := s.articleAt(hi, path); a != nil {
		return s.articlePage(a)
	}
	return nil
}

// pageNum reads ".../page/N/" after the list's base parts; 1 without it, 0 when malformed.
func pageNum(path string, parts []string, base int) int {
	switch {
	case len(parts) == base && strings.HasSuffix(path, "/"):
		return 1
	case len(parts) == base+2 && parts[base] == "page":
		n, err := strconv.Atoi(parts[base+1])
		if err != nil || n < 2 {
			return 0
		}
		return n
	}
	return 0
}

// articleAt finds the published article at path on host hi.
func (s *Site) articleAt(hi int, path string) *article {
	i := strings.LastIndexByte(path, '-')
	if i < 0 || !strings.HasSuffix(path, ".html") {
		return nil
	}
	id, err := strconv.Atoi(path[i+1 : len(path)-len(".html")])
	if err != nil || id < 0 || id >= len(s.articles) {
		return nil
	}
	a := s.articles[id]
	if a.host != hi || a.path != path || !a.published {
		return nil
	}
	return a
}

// special serves the pages that are not news: robots.txt, redirects, the
// slow page, the PDF, the Chinese-encoded pages, static files and images.
func (s *Site) special(hi int, w http.ResponseWriter, r *http.Request) bool {
	path := r.URL.Path
	switch {
	case path == "/robots.txt":
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		if hi == hostSport {
			fmt.Fprintf(w, "Crawl-delay: %g\n", s.cfg.CrawlDelay.Seconds())
		}
	case strings.HasPrefix(path, "/old/"):
		id, err := strconv.Atoi(strings.TrimPrefix(path, "/old/"))
		if err != nil || id < 0 || id >= len(s.articles) {
			http.NotFound(w, r)
			return true
		}
		s.mu.RLock()
		target := s.urlOf(s.articles[id])
		s.mu.RUnlock()
		http.Redirect(w, r, target, http.StatusMovedPermanently)
	case hi == hostGlobe && path == "/loop/a":
		http.Redirect(w, r, "/loop/b", http.StatusFound)
	case hi == hostGlobe && path == "/loop/b":
		http.Redirect(w, r, "/loop/a", http.StatusFound)
	case hi == hostGlobe && path == "/slow.html":
		select {
		case <-time.After(s.cfg.SlowDelay):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<html><head><title>Live blog</title></head><body><p>Finally.</p></body></html>")
		case <-r.Context().Done():
		}
	case hi == hostWire && path == "/files/annual-report.pdf":
		w.Header().Set("Content-Type", "application/pdf")
		fmt.Fprint(w, "%PDF-1.4\n% demo document\n")
	case hi == hostGlobe && (path == "/intl/zh.html" || path == "/intl/tw.html"):
		serveCJK(w, path == "/intl/zh.html")
	case strings.HasPrefix(path, "/static/") || strings.HasPrefix(path, "/img/"):
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "/* static */")
	default:
		return false
	}
	return true
}

// serveCJK serves a page in GBK or Big5 whose charset is declared only in
// a <meta> tag (the Content-Type header names none).
func serveCJK(w http.ResponseWriter, simplified bool) {
	title, body, cs := "体育新闻", "足球比赛今天在北京举行。", "gbk"
	enc := simplifiedchinese.GBK.NewEncoder()
	if !simplified {
		title, body, cs = "體育新聞", "籃球比賽今天在台北舉行。", "big5"
		enc = traditionalchinese.Big5.NewEncoder()
	}
	doc := fmt.Sprintf("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=%s\"><title>%s</title></head><body><p>%s</p></body></html>", cs, title, body)
	b, err := enc.Bytes([]byte(doc))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html")
	w.Write(b)
}
