package demosite_test

import (
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/crawl-project/crawl/internal/demosite"
)

// TestGenerated: every page of the synthetic site is reachable from "/",
// 10–20 KB with 10–20 links, and robots.txt is absent.
func TestGenerated(t *testing.T) {
	const n = 3000
	h := demosite.NewGenerated(n)
	href := regexp.MustCompile(`href="(/p/\d+)"`)
	seen := map[string]bool{"/": true}
	queue := []string{"/"}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", u, nil))
		if rec.Code != 200 {
			t.Fatalf("GET %s = %d", u, rec.Code)
		}
		if kb := rec.Body.Len() / 1024; kb < 10 || kb > 20 {
			t.Errorf("%s is %d KB", u, kb)
		}
		links := href.FindAllStringSubmatch(rec.Body.String(), -1)
		if len(links) < 10 || len(links) > 20 {
			t.Errorf("%s has %d links", u, len(links))
		}
		for _, m := range links {
			if !seen[m[1]] {
				seen[m[1]] = true
				queue = append(queue, m[1])
			}
		}
	}
	if len(seen) != n+1 { // "/" and /p/0 … /p/n-1
		t.Errorf("%d pages reachable, want %d", len(seen), n+1)
	}
	for _, u := range []string{"/robots.txt", "/p/-1", "/p/3000", "/p/x"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", u, nil))
		if rec.Code != 404 {
			t.Errorf("GET %s = %d, want 404", u, rec.Code)
		}
	}
}
