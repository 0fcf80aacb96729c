package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
)

// TestMain lets the test binary act as the crawl command in a child
// process, so tests can kill a real crawl at any moment.
func TestMain(m *testing.M) {
	if os.Getenv("CRAWL_TEST_AS_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// countingSite serves n linked pages (each links to 6 others) slowly enough
// that a crawl can be killed in the middle, and counts hits per path. With
// hold set, page requests after the first holdAfter report on held and
// wait until hold is closed.
type countingSite struct {
	mu        sync.Mutex
	hits      map[string]int
	pages     int
	holdAfter int
	hold      chan struct{}
	held      chan struct{}
}

func (s *countingSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	if r.URL.Path != "/robots.txt" {
		s.pages++
	}
	wait := s.hold != nil && s.pages > s.holdAfter && r.URL.Path != "/robots.txt"
	s.mu.Unlock()
	if wait {
		select {
		case s.held <- struct{}{}:
		default: // the test has heard enough
		}
		<-s.hold
	}
	if r.URL.Path == "/robots.txt" {
		http.NotFound(w, r)
		return
	}
	var i int
	if _, err := fmt.Sscanf(r.URL.Path, "/p/%d", &i); err != nil && r.URL.Path != "/" {
		http.NotFound(w, r)
		return
	}
	time.Sleep(6 * time.Millisecond)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Ten subjects, each on a tenth of the pages: every page shares its
	// title's subject with others, so each one ends in a fuzzy topic ("page"
	// is on every page: site boilerplate, no weight).
	subject := []string{"apples", "boats", "cards", "drums", "eggs", "forks", "glue", "hats", "ink", "jars"}[i%10]
	fmt.Fprintf(w, "<html><head><title>Page %d %s</title></head><body><ul>", i, subject)
	for j := 1; j <= 6; j++ {
		fmt.Fprintf(w, `<li><a href="/p/%d">item %d</a> <span>note %d</span></li>`, (i*6+j)%300, j, j)
	}
	fmt.Fprint(w, "</ul></body></html>")
}

func writeConfig(t *testing.T, dir, seed string) string {
	t.Helper()
	cfg := fmt.Sprintf(`seeds: [%q]
db: %s
out: %s
politeness:
  workers: 4
  no_delay: true
dedup:
  enabled: false   # the pages differ only in their numbers: duplicates by design
batch:
  size: 7
clustering:
  enabled: true
extraction:
  enabled: true
topics:
  enabled: true
`, seed, filepath.Join(dir, "k.db"), filepath.Join(dir, "out"))
	path := filepath.Join(dir, "k.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func child(cfgPath string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-config", cfgPath, "-quiet")
	cmd.Env = append(os.Environ(), "CRAWL_TEST_AS_MAIN=1")
	return cmd
}

// TestKillAndResume kills a crawl with SIGKILL several times at different
// moments, then lets it finish: no page is fetched twice, and no page,
// cluster assignment or record is lost or duplicated.
func TestKillAndResume(t *testing.T) {
	site := &countingSite{hits: map[string]int{}}
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	cfgPath := writeConfig(t, dir, srv.URL+"/")
	for _, after := range []time.Duration{250 * time.Millisecond, 400 * time.Millisecond, 150 * time.Millisecond} {
		cmd := child(cfgPath)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		cmd.Process.Kill()
		cmd.Wait()
	}
	out, err := child(cfgPath).CombinedOutput()
	if err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "frontier ran dry") {
		t.Errorf("final run did not finish the crawl:\n%s", out)
	}
	site.mu.Lock()
	for p, n := range site.hits {
		if n > 1 && p != "/robots.txt" {
			// A page fetched but not yet committed when the process died is
			// fetched again; the store keeps it once. Count those.
			t.Logf("%s fetched %d times (in flight at a kill)", p, n)
		}
	}
	site.mu.Unlock()
	checkStore(t, filepath.Join(dir, "k.db"), 301)
}

func checkStore(t *testing.T, db string, wantPages int) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	counts, err := st.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if counts.Pages != int64(wantPages) {
		t.Errorf("stored %d pages, want %d", counts.Pages, wantPages)
	}
	urls := map[string]bool{}
	untopiced, unclustered := 0, 0
	err = st.ExportPages(ctx, func(r store.PageRow) error {
		if urls[r.URL] {
			t.Errorf("page %s stored twice", r.URL)
		}
		urls[r.URL] = true
		if r.Topic == 0 {
			untopiced++
		}
		if r.Cluster == 0 {
			unclustered++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if unclustered > 0 {
		t.Errorf("%d pages never went through the clustering batch hook", unclustered)
	}
	clusters, err := st.Clusters(ctx)
	if err != nil || len(clusters) == 0 {
		t.Errorf("stored clusters: %d, %v", len(clusters), err)
	}
	if untopiced > 0 {
		t.Errorf("%d pages have no fuzzy topic: the final batch did not cover them", untopiced)
	}
	seen := map[string]bool{}
	err = st.ExportRecords(ctx, func(r store.RecordRow) error {
		k := fmt.Sprintf("%d/%d", r.PageSeq, r.Index)
		if seen[k] {
			t.Errorf("record %s stored twice", k)
		}
		seen[k] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestInterruptIsGraceful sends SIGINT in the middle of a crawl (the site
// holds the page requests after the first 40 until the interrupt has been
// handled, so the crawl is in flight and cannot have ended): the crawl
// stores what is in flight, says interrupted and exits with 130; the next
// run finishes the crawl, no page fetched twice. The grace is an hour, so
// no fetch in flight is abandoned however slowly the machine runs.
func TestInterruptIsGraceful(t *testing.T) {
	site := &countingSite{hits: map[string]int{}, holdAfter: 40, hold: make(chan struct{}), held: make(chan struct{}, 1)}
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	cfgPath := writeConfig(t, dir, srv.URL+"/")
	f, err := os.OpenFile(cfgPath, os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString("fetch:\n  stop_grace: 1h\n")
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		t.Fatal(err)
	}
	cmd := child(cfgPath)
	out, exited := startChild(t, cmd)
	select {
	case <-site.held: // 40 pages served, a request held: the crawl is under way
	case err := <-exited:
		t.Fatalf("the crawl exited (%v) before its 41st page request:\n%s", err, out)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	waitSeen(t, out, exited)
	close(site.hold)
	err = waitExit(t, cmd, out, exited)
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(out.String(), "interrupted") {
		t.Fatalf("SIGINT: exit code %d (%v), want 130 and the summary saying interrupted\n%s", code, err, out)
	}
	if o, err := child(cfgPath).CombinedOutput(); err != nil {
		t.Fatalf("resume after SIGINT: %v\n%s", err, o)
	}
	site.mu.Lock()
	for p, n := range site.hits {
		if n > 1 && p != "/robots.txt" {
			t.Errorf("%s fetched %d times: a graceful stop must store what it fetched", p, n)
		}
	}
	site.mu.Unlock()
	checkStore(t, filepath.Join(dir, "k.db"), 301)
}
