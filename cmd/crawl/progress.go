package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"golang.org/x/term"

	"github.com/crawl-project/crawl/crawler"
)

// progress shows a crawl's statistics: a bar redrawn in place on a
// terminal, a plain log line per update otherwise (pipes, CI, files).
type progress struct {
	w        io.Writer
	tty      bool
	max      int  // page budget for the bar; 0 when unlimited
	topic    bool // show the harvest rate
	mu       sync.Mutex
	lastLine int
}

func newProgress(w io.Writer, maxPages int, topic bool) *progress {
	tty := false
	if f, ok := w.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	return &progress{w: w, tty: tty, max: maxPages, topic: topic}
}

// update is the crawler's progress callback.
func (p *progress) update(s crawler.Stats) {
	p.mu.Lock()
	defer p.mu.Unlock()
	line := fmt.Sprintf("%d pages %.0f/s, %d failed, %d queued", s.Fetched, s.PagesPerSecond(), s.Failed, s.Queued)
	if s.Held > 0 { // else a crawl left with only these looks stalled
		line += fmt.Sprintf(", %d waiting for robots.txt", s.Held)
	}
	if p.topic {
		line += fmt.Sprintf(", harvest %.2f", s.Harvest())
	}
	if s.Batches > 0 {
		line += fmt.Sprintf(", %d batches, %d records", s.Batches, s.Records)
	}
	if s.Paused {
		line += ", paused"
	}
	if !p.tty {
		fmt.Fprintf(p.w, "progress: %s\n", line)
		return
	}
	bar := ""
	if p.max > 0 {
		const width = 30
		done := min(width, int(s.Stored)*width/p.max)
		bar = "[" + strings.Repeat("=", done) + strings.Repeat(" ", width-done) + "] "
	}
	out := bar + line
	pad := max(0, p.lastLine-len(out))
	fmt.Fprintf(p.w, "\r%s%s", out, strings.Repeat(" ", pad))
	p.lastLine = len(out)
}

// done ends the in-place line on a terminal; later updates start a new one.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endLine()
}

func (p *progress) endLine() {
	if p.tty && p.lastLine > 0 {
		fmt.Fprintln(p.w)
		p.lastLine = 0
	}
}

// Write passes b to the progress output, first ending an in-place line, so
// that the summary printed after a crawl starts on a line of its own.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endLine()
	return p.w.Write(b)
}
