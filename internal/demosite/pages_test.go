package demosite_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/crawl-project/crawl/internal/demosite"
)

// TestHomeLinksResolve follows every link of every home page: each answers
// 200, a redirect, or (robots-disallowed /private/) 404, and the slow page
// is the only one left out.
func TestHomeLinksResolve(t *testing.T) {
	s := start(t)
	for _, seed := range s.Seeds() {
		links := outLinks(t, seed)
		if len(links) < 5 {
			t.Errorf("%s has %d links", seed, len(links))
		}
		for _, l := range links {
			if strings.HasSuffix(l, "/slow.html") || strings.Contains(l, "/loop/") {
				continue
			}
			resp, _ := get(t, l)
			ok := resp.StatusCode == 200 || (strings.Contains(l, "/private/") && resp.StatusCode == 404)
			if !ok {
				t.Errorf("%s links %s: %d", seed, l, resp.StatusCode)
			}
			if _, known := s.Truth(l); resp.StatusCode == 200 && !known {
				t.Errorf("Truth(%s) unknown for a page that exists", l)
			}
		}
	}
}

// TestEveryArticleHasTruth walks every section of every news host through
// its pagination: every published article is listed once, its ground truth
// is an article of the section's topic, and ≥ 400 sport articles exist.
func TestEveryArticleHasTruth(t *testing.T) {
	s := start(t)
	seen := map[string]bool{}
	perTopic := map[string]int{}
	for hi, h := range s.Hosts()[:4] {
		for _, topic := range demosite.Topics {
			next := h + "/" + topic + "/"
			if resp, _ := get(t, next); resp.StatusCode == 404 {
				continue // the host has no such section
			}
			for page := 2; next != ""; page++ {
				for _, l := range outLinks(t, next) {
					tr, ok := s.Truth(l)
					if !ok || tr.Kind != "article" || seen[l] || !strings.HasPrefix(l, h+"/"+topic+"/") {
						continue
					}
					if tr.Topic != topic {
						t.Errorf("host %d: %s listed under %s has topic %q", hi, l, topic, tr.Topic)
					}
					seen[l] = true
					perTopic[topic]++
				}
				next = h + "/" + topic + "/page/" + itoa(page)
				if resp, _ := get(t, next); resp.StatusCode != 200 {
					next = ""
				}
			}
		}
	}
	want := map[string]int{"business": 490, "entertainment": 366, "politics": 397, "sport": 491, "tech": 381}
	for topic, n := range want {
		if perTopic[topic] != n {
			t.Errorf("%s: %d articles listed, want %d (corpus minus 20 held back)", topic, perTopic[topic], n)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestCharsets(t *testing.T) {
	s := start(t)
	for _, c := range []struct {
		path, charset, text string
		decode              func([]byte) ([]byte, error)
	}{
		{"/intl/zh.html", "gbk", "体育新闻", simplifiedchinese.GBK.NewDecoder().Bytes},
		{"/intl/tw.html", "big5", "體育新聞", traditionalchinese.Big5.NewDecoder().Bytes},
	} {
		t.Run(c.charset, func(t *testing.T) {
			resp, body := get(t, s.Hosts()[0]+c.path)
			if ct := resp.Header.Get("Content-Type"); ct != "text/html" {
				t.Errorf("Content-Type %q names a charset; only the meta tag may", ct)
			}
			if !strings.Contains(body, "charset="+c.charset) || strings.Contains(body, c.text) {
				t.Errorf("body is not %s with a meta charset", c.charset)
			}
			dec, err := c.decode([]byte(body))
			if err != nil || !strings.Contains(string(dec), c.text) {
				t.Errorf("decoded as %s: %q, %v", c.charset, dec, err)
			}
		})
	}
}

func TestBrokenRedirectFiles(t *testing.T) {
	s := start(t)
	h := s.Hosts()
	if resp, _ := get(t, h[0]+"/loop/b"); resp.StatusCode != 302 || resp.Header.Get("Location") != "/loop/a" {
		t.Errorf("/loop/b = %d %s, want 302 to /loop/a", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, _ := get(t, h[0]+"/old/5")
	if tr, ok := s.Truth(resp.Header.Get("Location")); resp.StatusCode != 301 || !ok || tr.Kind != "article" {
		t.Errorf("/old/5 = %d to %s (%v)", resp.StatusCode, resp.Header.Get("Location"), tr)
	}
	if resp, _ := get(t, h[1]+"/sport/2005/01/01/missing-story-7.html"); resp.StatusCode != 404 {
		t.Errorf("broken link = %d, want 404", resp.StatusCode)
	}
	resp, body := get(t, h[2]+"/files/annual-report.pdf")
	if !strings.HasPrefix(body, "%PDF-") || resp.Header.Get("ETag") == "" {
		t.Errorf("pdf: %q, ETag %q", body[:min(10, len(body))], resp.Header.Get("ETag"))
	}
	resp, body = get(t, h[4]+"/search?q=film")
	if n := strings.Count(body, `class="result"`); n < 20 || n > 50 {
		t.Errorf("search page has %d results, want 20–50", n)
	}
	img := body[strings.Index(body, `class="thumb" src="`)+19:]
	img = img[:strings.IndexByte(img, '"')]
	if resp, body := get(t, img); resp.Header.Get("Content-Type") != "image/jpeg" || !strings.HasPrefix(body, "\xff\xd8") {
		t.Errorf("thumbnail %s: %s", img, resp.Header.Get("Content-Type"))
	}
	if resp, _ := get(t, h[4]+"/search?q=film", "If-None-Match", `"x", `+resp.Header.Get("ETag")); resp.StatusCode != 304 {
		t.Errorf("If-None-Match list = %d, want 304", resp.StatusCode)
	}
}

// TestSlowPageCancel: the slow page (an hour) gives up as soon as the
// request's context is done, writing nothing. The minute's wait is a
// safety net against a page that ignores the cancel, not a measure.
func TestSlowPageCancel(t *testing.T) {
	s, err := demosite.New(demosite.Config{SlowDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequest("GET", "/slow.html", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		s.Handler(0).ServeHTTP(rec, req)
		close(done)
	}()
	cancel()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the slow page did not give up when its request was cancelled")
	}
	if rec.Body.Len() != 0 {
		t.Errorf("the cancelled slow page wrote %d bytes", rec.Body.Len())
	}
}

// TestPublishChangesOnlyHubs: after Publish(3) the three new sport
// articles top the sport sections (of the sport host and the general one); homes and first hub pages change validators, articles
// and the robots file do not.
func TestPublishChangesOnlyHubs(t *testing.T) {
	s := start(t)
	h := s.Hosts()
	pages := map[string]bool{ // URL → want changed
		h[0] + "/": true, h[1] + "/": true, h[1] + "/sport/": true, h[2] + "/tech/": true,
		h[3] + "/politics/": true, h[1] + "/robots.txt": false, h[2] + "/files/annual-report.pdf": false,
		h[4] + "/search?q=film": true, h[0] + "/about.html": false, h[0] + "/intl/zh.html": false,
	}
	for _, u := range s.SportSeeds(5) {
		pages[u] = false
	}
	before := map[string]*http.Response{}
	for u := range pages {
		before[u], _ = get(t, u)
	}
	firstSport := append(outLinks(t, h[1]+"/sport/"), outLinks(t, h[0]+"/sport/")...)
	s.Publish(3)
	for u, changed := range pages {
		b := before[u]
		resp, _ := get(t, u, "If-None-Match", b.Header.Get("ETag"))
		if got := resp.StatusCode == 200; got != changed {
			t.Errorf("%s after Publish: status %d, want changed=%v", u, resp.StatusCode, changed)
		}
		if !changed && resp.Header.Get("Last-Modified") != b.Header.Get("Last-Modified") {
			t.Errorf("%s: Last-Modified moved from %s to %s", u, b.Header.Get("Last-Modified"), resp.Header.Get("Last-Modified"))
		}
	}
	old := map[string]bool{}
	for _, l := range firstSport {
		old[l] = true
	}
	var fresh []string
	for _, l := range append(outLinks(t, h[1]+"/sport/"), outLinks(t, h[0]+"/sport/")...) {
		if tr, _ := s.Truth(l); tr.Kind == "article" && !old[l] {
			fresh = append(fresh, l)
		}
	}
	if len(fresh) != 3 {
		t.Errorf("sport sections gained %d new articles after Publish(3), want 3: %v", len(fresh), fresh)
	}
}

// TestLatin1Article: the one corpus file in Latin-1 (sport 199) reads
// correctly on its article page.
func TestLatin1Article(t *testing.T) {
	s := start(t)
	for _, l := range outLinks(t, s.Hosts()[4]+"/search?q=mutu") {
		if tr, ok := s.Truth(l); !ok || tr.Kind != "article" || !strings.Contains(l, "chelsea-sack-mutu") {
			continue
		}
		_, body := get(t, l)
		if !strings.Contains(body, "£15.8m") || strings.ContainsRune(body, '\uFFFD') {
			t.Errorf("%s does not show the decoded pound sign", l)
		}
		return
	}
	t.Error("no search result for the article \"Chelsea sack Mutu\"")
}
