package demosite

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
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
		serveCached(w, r, cp)
	})
}

// serveCached writes cp with its validators, or 304 when the request's
// conditional headers match them.
func serveCached(w http.ResponseWriter, r *http.Request, cp *cachedPage) {
	w.Header().Set("ETag", cp.etag)
	w.Header().Set("Last-Modified", cp.modified.Format(http.TimeFormat))
	if notModified(r, cp) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", cp.contentType)
	w.Write(cp.body)
}

// serveFixed serves a page that never changes (robots.txt, files, the
// Chinese pages), with validators like every other page.
func serveFixed(w http.ResponseWriter, r *http.Request, contentType string, body []byte) {
	sum := sha1.Sum(body)
	serveCached(w, r, &cachedPage{body: body, contentType: contentType,
		etag: `"` + hex.EncodeToString(sum[:8]) + `"`, modified: modTime(0)})
}

// notModified applies If-None-Match (a list of tags or "*", weak tags
// compared weakly) and, without it, If-Modified-Since.
func notModified(r *http.Request, cp *cachedPage) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for _, tag := range strings.Split(inm, ",") {
			tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
			if tag == "*" || tag == cp.etag {
				return true
			}
		}
		return false
	}
	if ims, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil {
		return !cp.modified.After(ims)
	}
	return false
}

// maxCached bounds the page cache (the whole site is ~4,000 pages).
const maxCached = 50000

// cached returns the rendered page at uri, rendering it on first use.
func (s *Site) cached(hi int, uri string) *cachedPage {
	key := strconv.Itoa(hi) + uri
	// The site is read under s.mu's read lock, so that handlers render
	// in parallel; the cache map alone is guarded by s.cmu, held only to
	// look up and store. (A render under s.mu's write lock serialised
	// every fetch of a crawl behind it.) Publish and SetBase replace the
	// cache under the write lock, so no render straddles them.
	s.mu.RLock()
	defer s.mu.RUnlock()
	s.cmu.Lock()
	cp, ok := s.cache[key]
	s.cmu.Unlock()
	if ok {
		return cp
	}
	if cp = s.render(hi, key, uri); cp == nil {
		return nil
	}
	s.cmu.Lock()
	defer s.cmu.Unlock()
	if old, ok := s.cache[key]; ok {
		return old
	}
	if len(s.cache) < maxCached { // odd query strings must not grow it without bound
		s.cache[key] = cp
	}
	return cp
}

// render renders uri of host hi, or returns nil for 404; s.mu is held
// (read or write).
func (s *Site) render(hi int, key, uri string) *cachedPage {
	p := s.route(hi, uri)
	if p == nil {
		return nil
	}
	body := s.hosts[hi].style.render(s.hosts[hi], p)
	sum := sha1.Sum(body)
	cp := &cachedPage{body: body, contentType: "text/html; charset=utf-8", etag: `"` + hex.EncodeToString(sum[:8]) + `"`, modified: modTime(s.version)}
	if old, ok := s.prev[key]; ok && bytes.Equal(old.body, body) {
		cp.modified = old.modified
	}
	return cp
}

// route maps a request URI of host hi to a page, or nil for 404.
func (s *Site) route(hi int, uri string) *page {
	path, query, _ := strings.Cut(uri, "?")
	switch path {
	case "/":
		return s.homePage(hi)
	case "/about.html":
		return &page{title: "About " + s.hosts[hi].name, heading: "About us", nav: s.nav(hi),
			paras: []string{s.hosts[hi].name + " is a demo news site of the crawl project."}, footer: s.footer(hi)}
	}
	if hi == hostSearch {
		if path != "/search" {
			return nil
		}
		v, err := url.ParseQuery(query)
		if err != nil {
			return nil
		}
		n := 1
		if pg := v.Get("page"); pg != "" {
			if n, err = strconv.Atoi(pg); err != nil {
				return nil
			}
		}
		return s.searchPage(strings.TrimSpace(v.Get("q")), n)
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
		robots := "User-agent: *\nDisallow: /private/\n"
		if hi == hostSport {
			robots += fmt.Sprintf("Crawl-delay: %g\n", s.cfg.CrawlDelay.Seconds())
		}
		serveFixed(w, r, "text/plain; charset=utf-8", []byte(robots))
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
		serveFixed(w, r, "application/pdf", []byte(demoPDF))
	case hi == hostGlobe && (path == "/intl/zh.html" || path == "/intl/tw.html"):
		serveCJK(w, r, path == "/intl/zh.html")
	case strings.HasPrefix(path, "/static/"):
		ct := "text/css; charset=utf-8"
		if strings.HasSuffix(path, ".js") {
			ct = "text/javascript; charset=utf-8"
		}
		serveFixed(w, r, ct, []byte("/* "+path+" */\n"))
	case strings.HasPrefix(path, "/img/") && strings.HasSuffix(path, ".jpg"):
		serveFixed(w, r, "image/jpeg", s.thumb)
	default:
		return false
	}
	return true
}

// serveCJK serves a page in GBK or Big5 whose charset is declared only in
// a <meta> tag (the Content-Type header names none).
func serveCJK(w http.ResponseWriter, r *http.Request, simplified bool) {
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
	serveFixed(w, r, "text/html", b)
}
