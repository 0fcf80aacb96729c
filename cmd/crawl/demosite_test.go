package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDemoSiteCommand starts `crawl demo-site`, fetches the first home page
// and a sport seed it printed, and stops it by cancelling its context.
func TestDemoSiteCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- runDemoSite(ctx, []string{"-addr", "127.0.0.1:0", "-publish", "2"}, strings.NewReader(""), pw, io.Discard)
		pw.Close()
	}()
	var urls []string
	sc := bufio.NewScanner(pr)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "press Ctrl-C") {
		if u := strings.TrimSpace(sc.Text()); strings.HasPrefix(u, "http://127.0.0.1:") {
			urls = append(urls, u)
		}
	}
	go io.Copy(io.Discard, pr)
	if len(urls) != 15 { // five homes and ten sport seeds
		t.Fatalf("printed %d URLs, want 15: %v", len(urls), urls)
	}
	for _, u := range []string{urls[0], urls[5]} {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), "<title>") {
			t.Errorf("GET %s = %d", u, resp.StatusCode)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("demo-site returned %v", err)
		}
	case <-time.After(time.Minute): // a safety net, not a measure
		t.Fatal("demo-site did not stop after cancel")
	}
	if _, err := http.Get(urls[0]); err == nil {
		t.Errorf("site still serving after the command returned")
	}
}

func TestDemoSiteBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-crawl-delay", "-1s"}, {"extra"}, {"-addr", "256.0.0.1:99999"}} {
		if err := runDemoSite(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard); err == nil {
			t.Errorf("demo-site %v: no error", args)
		}
	}
}
