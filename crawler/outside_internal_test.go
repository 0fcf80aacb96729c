package crawler

import (
	"context"
	"net/http"
	"slices"
	"testing"
)

// TestOutsideHostKeyIsTheCrawls: a request outside Run holds the slot of
// the host the crawl would count it under (crawl.HostKey of the URL as
// the crawl normalises it), however its URL spells the host, so a seed
// page and the crawl's own fetches of its host (a distributed crawl's
// shared HostGate among them) share one politeness.
func TestOutsideHostKeyIsTheCrawls(t *testing.T) {
	off := false
	o, err := NewOutside(Config{PerHostDelay: -1, RespectRobots: &off})
	if err != nil {
		t.Fatal(err)
	}
	var held []string
	err = o.Do(context.Background(), "HTTP://Docs.Example.TEST:80/a?utm_source=x#top", func(*http.Client) error {
		o.c.hosts.mu.Lock()
		defer o.c.hosts.mu.Unlock()
		for h, s := range o.c.hosts.hosts {
			if s.inflight > 0 {
				held = append(held, h)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(held, []string{"docs.example.test"}) {
		t.Errorf("held the slots of %q; want the crawl's host key [docs.example.test]", held)
	}
	if err := o.Do(context.Background(), "http://[bad", func(*http.Client) error { return nil }); err == nil {
		t.Error("Do of a URL the crawl cannot queue = nil error")
	}
}
