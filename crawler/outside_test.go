package crawler_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
)

// TestOutsideObeysRobots: a request outside Run asks robots.txt first
// (once per host), with the crawl's identity; a disallowed URL is never
// requested and its error wraps crawl.ErrDisallowed; an allowed one is.
func TestOutsideObeysRobots(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Path+" "+r.UserAgent())
		mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: seedbot\nDisallow: /private\n")
			return
		}
		fmt.Fprint(w, "page "+r.URL.Path)
	}))
	defer srv.Close()
	cfg := crawler.Config{UserAgent: "seedbot/1.0", PerHostDelay: -1}
	o, err := crawler.NewOutside(cfg)
	if err != nil {
		t.Fatal(err)
	}
	get := func(u string) (string, error) {
		var body string
		err := o.Do(context.Background(), u, func(c *http.Client) error {
			resp, err := c.Get(u)
			if err != nil {
				return err
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			body = string(b)
			return err
		})
		return body, err
	}
	if body, err := get(srv.URL + "/private/a.html"); !errors.Is(err, crawl.ErrDisallowed) || body != "" {
		t.Errorf("disallowed URL: body %q, error %v; want no request and crawl.ErrDisallowed", body, err)
	}
	if body, err := get(srv.URL + "/public.html"); err != nil || body != "page /public.html" {
		t.Errorf("allowed URL: body %q, error %v", body, err)
	}
	want := []string{"/robots.txt seedbot/1.0", "/public.html seedbot/1.0"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("requests %q, want %q", seen, want)
	}
}

// TestOutsideRobotsUnavailable: a host whose robots.txt answers 503 gets
// no request (RFC 9309: disallow all while it is unavailable), and the
// error says so; with robots off the page is asked for at once.
func TestOutsideRobotsUnavailable(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.Path)
		mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, "page")
	}))
	defer srv.Close()
	cfg := crawler.Config{PerHostDelay: -1}
	o, err := crawler.NewOutside(cfg)
	if err != nil {
		t.Fatal(err)
	}
	called := false
	err = o.Do(context.Background(), srv.URL+"/a.html", func(*http.Client) error { called = true; return nil })
	if err == nil || called || !strings.Contains(err.Error(), "robots.txt") {
		t.Errorf("robots.txt 503: error %v, get called %v; want an error naming robots.txt and no request", err, called)
	}
	off := false
	cfg.RespectRobots = &off
	if o, err = crawler.NewOutside(cfg); err != nil {
		t.Fatal(err)
	}
	if err := o.Do(context.Background(), srv.URL+"/a.html", func(*http.Client) error { called = true; return nil }); err != nil || !called {
		t.Errorf("robots off: error %v, get called %v", err, called)
	}
	if fmt.Sprint(seen) != "[/robots.txt]" {
		t.Errorf("requests %q, want only the first Outside's robots.txt", seen)
	}
}

// TestOutsideCancelled: a cancelled context returns its error without a
// request.
func TestOutsideCancelled(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request %s after the context ended", r.URL.Path)
	}))
	defer srv.Close()
	o, err := crawler.NewOutside(crawler.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := o.Do(ctx, srv.URL+"/a.html", func(*http.Client) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}
