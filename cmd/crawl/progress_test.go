package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
)

func TestProgressPlainLines(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, 100, true)
	p.update(crawler.Stats{Elapsed: 2 * time.Second, Fetched: 10, Relevant: 5, Failed: 1, Queued: 7})
	p.update(crawler.Stats{Elapsed: 4 * time.Second, Fetched: 30, Relevant: 21, Batches: 1, Records: 40})
	p.update(crawler.Stats{Elapsed: 6 * time.Second, Fetched: 30, Relevant: 21, Paused: true})
	p.update(crawler.Stats{Elapsed: 8 * time.Second, Fetched: 30, Relevant: 21, Held: 4})
	p.done()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("progress wrote %d lines, want 4 (one per update, no terminal control):\n%s", len(lines), buf.String())
	}
	for _, want := range []string{"progress: 10 pages 5/s, 1 failed, 7 queued, harvest 0.50", "30 pages 8/s", "harvest 0.70, 1 batches, 40 records", "30 pages 5/s, 0 failed, 0 queued, harvest 0.70, paused", "30 pages 4/s, 0 failed, 0 queued, 4 waiting for robots.txt, harvest 0.70"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("progress output lacks %q:\n%s", want, buf.String())
		}
	}
	if strings.Contains(buf.String(), "\r") {
		t.Error("plain progress contains carriage returns")
	}
}
