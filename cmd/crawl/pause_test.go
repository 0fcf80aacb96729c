package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestCtrlCWhilePaused pauses a crawl from its dashboard, then sends
// SIGINT: the crawl exits as on any Ctrl-C (code 130, summary), its last
// progress line says paused, and at most the fetches in flight at the
// pause (one per worker) reached the site after it.
func TestCtrlCWhilePaused(t *testing.T) {
	var pages atomic.Int64
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if pages.Add(1) == 3 {
			arrived <- struct{}{}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var b strings.Builder
		for i := range 200 {
			fmt.Fprintf(&b, `<a href="/p/%d">p</a> `, i)
		}
		fmt.Fprint(w, b.String())
	}))
	defer srv.Close()
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "p.yaml")
	const workers = 2
	cfg := fmt.Sprintf("seeds: [%q]\ndb: %s\nout: %s\nexports: []\npoliteness:\n  workers: %d\n  delay: 100ms\n",
		srv.URL+"/", filepath.Join(dir, "p.db"), filepath.Join(dir, "out"), workers)
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-config", cfgPath, "-serve", "127.0.0.1:0", "-serve-token", "tok")
	cmd.Env = append(os.Environ(), "CRAWL_TEST_AS_MAIN=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	rd := bufio.NewReader(stdout)
	line, err := rd.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "dashboard on http://") {
		t.Fatalf("first line %q: %v", line, err)
	}
	base := strings.TrimSpace(strings.TrimPrefix(line, "dashboard on "))
	var out bytes.Buffer
	copied := make(chan struct{})
	go func() { io.Copy(&out, rd); close(copied) }()
	select {
	case <-arrived:
	case <-time.After(60 * time.Second):
		t.Fatal("the crawl never fetched 3 pages")
	}
	req, _ := http.NewRequest(http.MethodPost, base+"api/control/pause", nil)
	req.Header.Set("Authorization", "Bearer tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("pause: %d", resp.StatusCode)
	}
	atPause := pages.Load()
	time.Sleep(time.Second) // an unpaused crawl fetches about 10 pages meanwhile
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	werr := cmd.Wait()
	<-copied
	took := time.Since(start)
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit code after SIGINT while paused = %d (%v), want 130\n%s%s", code, werr, out.String(), errOut.String())
	}
	t.Logf("exited %v after SIGINT; %d page requests at the pause, %d at the end", took.Round(time.Millisecond), atPause, pages.Load())
	if n := pages.Load(); n > atPause+workers {
		t.Errorf("%d page requests after the pause, want at most %d (the fetches in flight)", n-atPause, workers)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var last string
	for _, l := range lines {
		if strings.HasPrefix(l, "progress: ") {
			last = l
		}
	}
	t.Logf("last progress line: %s", last)
	if !strings.HasSuffix(last, ", paused") || !strings.Contains(out.String(), "interrupted") {
		t.Errorf("last progress line %q; want it to end with \", paused\", and the summary to say interrupted:\n%s", last, out.String())
	}
}
