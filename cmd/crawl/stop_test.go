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
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
)

// hangingSite never answers /slow until the client goes away (or the test
// ends), unless fast is set (the resumed run); it reports each time a
// request for it arrives, and counts the answers it sent.
type hangingSite struct {
	arrived  chan struct{}
	fast     atomic.Bool // answer at once (the resumed run)
	answered atomic.Int64
	done     chan struct{}
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
		case <-r.Context().Done(): // the client gave the request up
		case <-h.done:
		}
		return
	}
	h.answered.Add(1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, "<html><head><title>slow</title></head><body>at last</body></html>")
}

// stopConfig writes the crawl configuration of the hanging site: a fetch
// timeout no test waits for, and fetch lines of extra (indented by two).
func stopConfig(t *testing.T, dir, seed, extra string) string {
	t.Helper()
	cfg := fmt.Sprintf("seeds: [%q]\ndb: %s\nout: %s\nfetch:\n  timeout: 1h\n  retries: -1\n%spoliteness:\n  no_delay: true\n",
		seed, filepath.Join(dir, "s.db"), filepath.Join(dir, "out"), extra)
	path := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// watchedOutput collects a child's output and tells when a line holding
// a given text was written.
type watchedOutput struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
}

// stoppingLine is what the command prints when the first interrupt is
// handled (main.go).
const stoppingLine = "crawl: stopping"

func newWatchedOutput(want string) *watchedOutput {
	return &watchedOutput{want: want, seen: make(chan struct{})}
}

func (o *watchedOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buf.Write(p)
	if o.want != "" && strings.Contains(o.buf.String(), o.want) {
		o.want = ""
		close(o.seen)
	}
	return len(p), nil
}

func (o *watchedOutput) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// waitSeen waits until the watched text was written or the child exited
// without writing it (then the test fails).
func waitSeen(t *testing.T, o *watchedOutput, exited <-chan error) {
	t.Helper()
	select {
	case <-o.seen:
	case err := <-exited:
		t.Fatalf("the crawl exited (%v) before printing %q:\n%s", err, stoppingLine, o)
	}
}

// exitWatchdog is how long a test waits for a child that should exit; it
// is a safety net, not a measure: far longer than any wait the crawl
// itself could make, it only keeps a broken stop from hanging the suite.
const exitWatchdog = 5 * time.Minute

// startChild starts cmd with its output watched for stoppingLine; exited
// gets cmd.Wait's error once the child is gone (killed by the watchdog
// after exitWatchdog).
func startChild(t *testing.T, cmd *exec.Cmd) (*watchedOutput, <-chan error) {
	t.Helper()
	out := newWatchedOutput(stoppingLine)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() {
		dog := time.AfterFunc(exitWatchdog, func() { cmd.Process.Kill() })
		defer dog.Stop()
		exited <- cmd.Wait()
	}()
	return out, exited
}

// startHanging starts a crawl child whose only URL hangs, and returns once
// the request is in flight.
func startHanging(t *testing.T, h *hangingSite, cfgPath string) (*exec.Cmd, *watchedOutput, <-chan error) {
	t.Helper()
	cmd := child(cfgPath)
	out, exited := startChild(t, cmd)
	select {
	case <-h.arrived:
	case err := <-exited:
		t.Fatalf("the crawl exited (%v) without requesting /slow:\n%s", err, out)
	}
	return cmd, out, exited
}

// waitExit waits for the child and fails the test when it had to be killed.
func waitExit(t *testing.T, cmd *exec.Cmd, out *watchedOutput, exited <-chan error) error {
	t.Helper()
	err := <-exited
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
		t.Fatalf("the crawl did not exit within %v; killed:\n%s", exitWatchdog, out)
	}
	return err
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

// TestCtrlCAbandonsHangingFetch: with a fetch in flight that the server
// never answers (and a fetch timeout of an hour), the first SIGINT ends
// the crawl with exit code 130 once the 5 s default grace is over (not
// before: the exit comes at least 5 s after the signal, a lower bound no
// load can break), the fetch abandoned: no answer was ever sent, no
// failure stored, the URL still queued, and the next run fetches it.
func TestCtrlCAbandonsHangingFetch(t *testing.T) {
	h, srv := newHangingSite(t)
	dir := t.TempDir()
	cfgPath := stopConfig(t, dir, srv.URL+"/slow", "")
	cmd, out, exited := startHanging(t, h, cfgPath)
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := waitExit(t, cmd, out, exited)
	took := time.Since(start)
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code after SIGINT = %d (%v), want 130\n%s", code, err, out)
	}
	t.Logf("first SIGINT: exited %v after the signal", took.Round(time.Millisecond))
	if took < 5*time.Second {
		t.Errorf("exited %v after SIGINT: the fetch in flight did not get its 5s grace\n%s", took, out)
	}
	if n := h.answered.Load(); n != 0 {
		t.Errorf("the site answered /slow %d times before the crawl exited; want none: the fetch was to be abandoned", n)
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
	if q, p := queuedAndPages(t, filepath.Join(dir, "s.db")); q != 0 || p != 1 || h.answered.Load() != 1 {
		t.Errorf("after the resumed run: %d queued, %d pages, %d answers; want the URL fetched once", q, p, h.answered.Load())
	}
}

// TestSecondCtrlCExitsAtOnce: with a grace of an hour and a fetch the
// server never answers, only the second SIGINT (sent once the first was
// handled) can end the crawl: it exits 130, and the store stays
// consistent with the URL still queued.
func TestSecondCtrlCExitsAtOnce(t *testing.T) {
	h, srv := newHangingSite(t)
	dir := t.TempDir()
	cmd, out, exited := startHanging(t, h, stopConfig(t, dir, srv.URL+"/slow", "  stop_grace: 1h\n"))
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	waitSeen(t, out, exited) // the first interrupt is handled: the grace runs
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := waitExit(t, cmd, out, exited)
	t.Logf("second SIGINT: exited %v after the signal", time.Since(start).Round(time.Millisecond)) // logged, not asserted
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(out.String(), "second interrupt") {
		t.Errorf("exit code after the second SIGINT = %d (%v), want 130 and the second interrupt told\n%s", code, err, out)
	}
	if q, p := queuedAndPages(t, filepath.Join(dir, "s.db")); q != 1 || p != 0 {
		t.Errorf("after the second interrupt: %d queued, %d pages; want the URL queued", q, p)
	}
}
