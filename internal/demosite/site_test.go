package demosite_test

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/internal/demosite"
)

func start(t *testing.T) *demosite.Site {
	t.Helper()
	s, err := demosite.New(demosite.Config{SlowDelay: 300 * 1e6})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func get(t *testing.T, url string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestHomesSectionsArticles(t *testing.T) {
	s := start(t)
	if len(s.Hosts()) != 5 {
		t.Fatalf("hosts = %v", s.Hosts())
	}
	for _, seed := range s.Seeds() {
		resp, body := get(t, seed)
		if resp.StatusCode != 200 || !strings.Contains(body, "<title>") {
			t.Errorf("GET %s = %d", seed, resp.StatusCode)
		}
		if tr, ok := s.Truth(seed); !ok || tr.Kind != "home" {
			t.Errorf("Truth(%s) = %v %v", seed, tr, ok)
		}
	}
	seeds := s.SportSeeds(10)
	if len(seeds) != 10 {
		t.Fatalf("SportSeeds(10) = %d URLs", len(seeds))
	}
	for _, u := range seeds {
		resp, body := get(t, u)
		if resp.StatusCode != 200 || !strings.Contains(body, `name="keywords"`) || !strings.Contains(body, `name="description"`) {
			t.Errorf("GET %s = %d, want an article with meta keywords and description", u, resp.StatusCode)
		}
		if tr, ok := s.Truth(u); !ok || tr != (demosite.Truth{Kind: "article", Topic: "sport"}) {
			t.Errorf("Truth(%s) = %v %v, want sport article", u, tr, ok)
		}
	}
	h := s.Hosts()
	for _, c := range []struct {
		url    string
		status int
		kind   string
		topic  string
	}{
		{h[1] + "/sport/", 200, "section", "sport"},
		{h[1] + "/sport/page/2", 200, "section", "sport"},
		{h[1] + "/sport/page/99", 404, "", ""},
		{h[2] + "/tech/", 200, "section", "tech"},
		{h[0] + "/nonsense", 404, "", ""},
		{h[4] + "/search?q=film", 200, "search", ""},
	} {
		resp, _ := get(t, c.url)
		if resp.StatusCode != c.status {
			t.Errorf("GET %s = %d, want %d", c.url, resp.StatusCode, c.status)
		}
		tr, ok := s.Truth(c.url)
		if c.status == 200 && (!ok || tr.Kind != c.kind || tr.Topic != c.topic) {
			t.Errorf("Truth(%s) = %+v %v, want %s/%s", c.url, tr, ok, c.kind, c.topic)
		}
	}
}

func TestOddPages(t *testing.T) {
	s := start(t)
	h := s.Hosts()
	_, robots := get(t, h[1]+"/robots.txt")
	if !strings.Contains(robots, "Disallow: /private/") || !strings.Contains(robots, "Crawl-delay: 1") {
		t.Errorf("sport robots.txt = %q", robots)
	}
	if resp, _ := get(t, h[0]+"/loop/a"); resp.StatusCode != 302 || resp.Header.Get("Location") != "/loop/b" {
		t.Errorf("/loop/a = %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp, _ := get(t, h[0]+"/old/3"); resp.StatusCode != 301 || !strings.HasPrefix(resp.Header.Get("Location"), "http://") {
		t.Errorf("/old/3 = %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp, _ := get(t, h[2]+"/files/annual-report.pdf"); resp.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("pdf content type = %q", resp.Header.Get("Content-Type"))
	}
	resp, body := get(t, h[0]+"/intl/zh.html")
	if resp.Header.Get("Content-Type") != "text/html" || !strings.Contains(body, "charset=gbk") || strings.Contains(body, "体育") {
		t.Errorf("GBK page: content type %q, body not GBK-encoded", resp.Header.Get("Content-Type"))
	}
	if resp, _ := get(t, h[0]+"/slow.html"); resp.StatusCode != 200 {
		t.Errorf("slow page = %d", resp.StatusCode)
	}
}

func TestConditionalGetAndPublish(t *testing.T) {
	s := start(t)
	h := s.Hosts()
	section := h[1] + "/sport/"
	article := s.SportSeeds(1)[0]
	resp, _ := get(t, section)
	etag, lm := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if etag == "" || lm == "" {
		t.Fatal("no validators")
	}
	if resp, _ := get(t, section, "If-None-Match", etag); resp.StatusCode != 304 {
		t.Errorf("If-None-Match = %d, want 304", resp.StatusCode)
	}
	if resp, _ := get(t, section, "If-Modified-Since", lm); resp.StatusCode != 304 {
		t.Errorf("If-Modified-Since = %d, want 304", resp.StatusCode)
	}
	aresp, _ := get(t, article)
	if n := s.Publish(3); n != 15 {
		t.Errorf("Publish(3) = %d, want 15 (3 per topic)", n)
	}
	resp, body := get(t, section, "If-None-Match", etag)
	if resp.StatusCode != 200 || resp.Header.Get("ETag") == etag {
		t.Errorf("section after Publish = %d with the same ETag", resp.StatusCode)
	}
	if resp, _ := get(t, article, "If-None-Match", aresp.Header.Get("ETag")); resp.StatusCode != 304 {
		t.Errorf("unchanged article after Publish = %d, want 304", resp.StatusCode)
	}
	if resp, _ := get(t, article, "If-Modified-Since", aresp.Header.Get("Last-Modified")); resp.StatusCode != 304 {
		t.Errorf("unchanged article If-Modified-Since after Publish = %d, want 304", resp.StatusCode)
	}
	_ = body
}

// TestSportSample checks that the sample takes every (N/n)-th published
// sport article, so that it spans the section the corpus orders by
// sub-topic, and that it degrades to the whole section or nothing.
func TestSportSample(t *testing.T) {
	s, err := demosite.New(demosite.Config{})
	if err != nil {
		t.Fatal(err)
	}
	all := s.SportSeeds(1 << 20)
	if len(all) < 100 {
		t.Fatalf("%d published sport articles, want the corpus's hundreds", len(all))
	}
	sample := s.SportSample(10)
	if len(sample) != 10 {
		t.Fatalf("SportSample(10) = %d URLs", len(sample))
	}
	for i, u := range sample {
		if want := all[i*len(all)/10]; u != want {
			t.Errorf("SportSample(10)[%d] = %s, want %s", i, u, want)
		}
	}
	if first := s.SportSeeds(10); sample[9] == first[9] {
		t.Errorf("the sample ends where the first ten do (%s): not spread", sample[9])
	}
	if got := s.SportSample(len(all) + 5); !slices.Equal(got, all) {
		t.Errorf("SportSample(more than published) = %d URLs, want all %d", len(got), len(all))
	}
	if got := s.SportSample(0); len(got) != 0 {
		t.Errorf("SportSample(0) = %v", got)
	}
}
