package demosite_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/internal/demosite"
)

// BenchmarkArticle serves one cached article page through the handler.
func BenchmarkArticle(b *testing.B) {
	s, err := demosite.New(demosite.Config{})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Start(); err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	u := s.SportSeeds(1)[0]
	path := strings.TrimPrefix(u, s.Hosts()[1])
	if path == u {
		path = strings.TrimPrefix(u, s.Hosts()[0])
	}
	hi := 1
	if strings.HasPrefix(u, s.Hosts()[0]+"/") {
		hi = 0
	}
	h := s.Handler(hi)
	req := httptest.NewRequest("GET", path, nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Body.Len() < 1000 {
			b.Fatalf("GET %s = %d, %d bytes", path, rec.Code, rec.Body.Len())
		}
	}
}

// BenchmarkGenerated serves pages of the synthetic benchmark site.
func BenchmarkGenerated(b *testing.B) {
	h := demosite.NewGenerated(5000)
	reqs := []string{"/", "/p/1", "/p/4999", "/p/2500"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", reqs[i%len(reqs)], nil))
		i++
		if rec.Code != 200 || rec.Body.Len() < 10000 {
			b.Fatalf("GET = %d, %d bytes", rec.Code, rec.Body.Len())
		}
	}
}

// BenchmarkTruth looks up the ground truth of a sport article and a hub, as
// the harvest harnesses do for every page they crawl.
func BenchmarkTruth(b *testing.B) {
	s, err := demosite.New(demosite.Config{})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Start(); err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	urls := []string{s.SportSeeds(1)[0], s.Hosts()[1] + "/sport/page/3"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		tr, ok := s.Truth(urls[i%2])
		i++
		if !ok || tr.Topic != "sport" {
			b.Fatalf("Truth = %+v %v", tr, ok)
		}
	}
}
