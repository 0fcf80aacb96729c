package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
)

// hangingSite answers /slow only after 60 s (or when released), and
// reports each time a request for it arrives.
type hangingSite struct {
	arrived chan struct{}
	fast    atomic.Bool // answer at once (the resumed run)
	done    chan struct{}
}

func newHangingSite(t *testing.T) (*hangingSite, *httptest.Server) {
	t.Helper()
	h := &hangingSite{arrived: make(chan struct{}, 16), done: make(chan struct{})}
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		close(h.done)
		srv.Close()
	})
	return h, srv
}

func (h *hangingSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/slow" {
		http.NotFound(w, r)
		return
	}
	if !h.fast.Load() {
		h.arrived <- struct{}{}
		select {
		case <-time.After(60 * time.Second):
		case <-r.Context().Done():
			return
		case <-h.done:
			return
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, "<html><head><title>slow</title></head><body>at last</body></html>")
}

func stopConfig(t *testing.T, dir, seed string) string {
	t.Helper()
	cfg := fmt.Sprintf("seeds: [%q]\ndb: %s\nout: %s\nfetch:\n  timeout: 90s\n  retries: -1\npoliteness:\n  no_delay: true\n",
		seed, filepath.Join(dir, "s.db"), filepath.Join(dir, "out"))
	path := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// startHanging starts a crawl child whose only URL hangs, and returns once
// the request is in flight.
func startHanging(t *testing.T, h *hangingSite, cfgPath string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := child(cfgPath)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-h.arrived:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the crawl never requested /slow:\n%s", out.String())
	}
	return cmd, &out
}

// exitAfter sends sig and returns how long the process took to exit.
func exitAfter(t *testing.T, cmd *exec.Cmd, sig os.Signal) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	return time.Since(start), err
}

func queuedAndPages(t *testing.T, db string) (int64, int64) {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := st.Counts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if c.Failures != 0 {
		t.Errorf("%d failures stored; an abandoned fetch must stay queued, not fail", c.Failures)
	}
	return c.Queued, c.Pages
}

// TestCtrlCAbandonsHangingFetch: with a fetch that would take 60 s in
// flight, the first SIGINT ends the crawl within 6 s (the 5 s default
// grace, then the fetch is abandoned) with exit code 130, and the URL is
// still queued: the next run fetches it.
func TestCtrlCAbandonsHangingFetch(t *testing.T) {
	h, srv := newHangingSite(t)
	dir := t.TempDir()
	cfgPath := stopConfig(t, dir, srv.URL+"/slow")
	cmd, out := startHanging(t, h, cfgPath)
	took, err := exitAfter(t, cmd, os.Interrupt)
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code after SIGINT = %d (%v), want 130\n%s", code, err, out)
	}
	t.Logf("first SIGINT: exited %v after the signal", took.Round(time.Millisecond))
	if took > 6*time.Second {
		t.Errorf("exited %v after SIGINT, want within 6s\n%s", took, out)
	}
	if q, p := queuedAndPages(t, filepath.Join(dir, "s.db")); q != 1 || p != 0 {
		t.Errorf("after the interrupt: %d queued, %d pages; want the abandoned URL queued and no page", q, p)
	}
	if !strings.Contains(out.String(), "queued          1 links left") {
		t.Errorf("summary does not count the abandoned URL as queued:\n%s", out)
	}
	h.fast.Store(true)
	if res, err := child(cfgPath).CombinedOutput(); err != nil {
		t.Fatalf("resumed run: %v\n%s", err, res)
	}
	if q, p := queuedAndPages(t, filepath.Join(dir, "s.db")); q != 0 || p != 1 {
		t.Errorf("after the resumed run: %d queued, %d pages; want the URL fetched", q, p)
	}
}

// TestSecondCtrlCExitsAtOnce: a second SIGINT during the grace exits
// within 1 s, and the store stays consistent with the URL still queued.
func TestSecondCtrlCExitsAtOnce(t *testing.T) {
	h, srv := newHangingSite(t)
	dir := t.TempDir()
	cmd, out := startHanging(t, h, stopConfig(t, dir, srv.URL+"/slow"))
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // inside the 5 s grace
	took, err := exitAfter(t, cmd, syscall.SIGINT)
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code after the second SIGINT = %d (%v), want 130\n%s", code, err, out)
	}
	t.Logf("second SIGINT: exited %v after the signal", took.Round(time.Millisecond))
	if took > time.Second {
		t.Errorf("exited %v after the second SIGINT, want within 1s\n%s", took, out)
	}
	if q, p := queuedAndPages(t, filepath.Join(dir, "s.db")); q != 1 || p != 0 {
		t.Errorf("after the second interrupt: %d queued, %d pages; want the URL queued", q, p)
	}
}
