package demosite_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/internal/demosite"
)

// FuzzRequest sends arbitrary request URIs to every host: the handler
// never panics, answers only with the statuses the site uses, and Truth
// knows exactly the HTML pages that answer 200.
func FuzzRequest(f *testing.F) {
	s, err := demosite.New(demosite.Config{SlowDelay: time.Millisecond})
	if err != nil {
		f.Fatal(err)
	}
	if err := s.Start(); err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	for _, seed := range []string{"/", "/sport/", "/sport/page/2", "/sport/page/0", "/tag/chelsea/", "/tag//page/x",
		"/search?q=film&page=2", "/search?q=%zz", "/search?page=-1&q=a", "/old/3", "/old/-1", "/old/99999",
		"/robots.txt", "/intl/zh.html", "/business/2004/01/01/x-0.html", "/-.html", "/a/b/c/-99.html", "/about.html?x"} {
		for hi := range 5 {
			f.Add(hi, seed)
		}
	}
	f.Fuzz(func(t *testing.T, hi int, uri string) {
		if hi < 0 || hi >= len(s.Hosts()) {
			return
		}
		u, err := url.ParseRequestURI(uri)
		if err != nil || !strings.HasPrefix(uri, "/") {
			return
		}
		req := httptest.NewRequest("GET", "/", nil)
		req.URL, req.RequestURI = u, uri
		rec := httptest.NewRecorder()
		s.Handler(hi).ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 301, 302, 404:
		default:
			t.Fatalf("host %d %q: status %d", hi, uri, rec.Code)
		}
		tr, ok := s.Truth(s.Hosts()[hi] + u.RequestURI())
		isHTML := strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html")
		if rec.Code == 200 && isHTML && !ok {
			t.Errorf("host %d %q answers an HTML page but Truth does not know it", hi, uri)
		}
		if ok && rec.Code == http.StatusNotFound {
			t.Errorf("host %d %q: Truth %+v for a 404", hi, uri, tr)
		}
	})
}
