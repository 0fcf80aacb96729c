package sqlitefrontier_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
	"github.com/crawl-project/crawl/store"
)

// crawlerEnv names the database a helper process crawls until killed.
const crawlerEnv = "FRONTIER_CRASH_HELPER_DB"

// TestCrashHelper is not a test on its own: run by TestKilledCrawlResumes
// in a child process, it crawls a synthetic web forever, as the engine
// does: pop, push the out-links, save the page; after each page saved it
// prints a line, so that the parent kills it mid-crawl on progress, not
// after a guessed time.
func TestCrashHelper(t *testing.T) {
	path := os.Getenv(crawlerEnv)
	if path == "" {
		return // only meaningful as the child of TestKilledCrawlResumes
	}
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := sqlitefrontier.New(ctx, st, frontier.Config{Window: 50})
	if err != nil {
		t.Fatal(err)
	}
	seq, err := st.MaxSeq(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Push(ctx, []crawl.Link{{URL: "http://seed.test/0", Priority: 1e9}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		l, err := f.Pop(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]crawl.Link, 3)
		for j := range out {
			out[j] = crawl.Link{URL: fmt.Sprintf("http://h%d.test/%d-%d", j, i, j), Parent: l.URL, Depth: l.Depth + 1, Priority: float64(j)}
		}
		if _, err := f.Push(ctx, out); err != nil {
			t.Fatal(err)
		}
		seq++
		p := &crawl.Page{Seq: seq, URL: l.URL, Status: 200, FetchedAt: time.Now(), HTML: []byte("<p>x</p>"), Links: out}
		if err := st.SaveResults(ctx, []*crawl.Page{p}, nil); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(os.Stdout, "stored", seq)
	}
}

// TestKilledCrawlResumes SIGKILLs a crawling child process and checks that
// the store opens again (lock released, WAL recovered), that every stored
// page's frontier row is done, and that a resumed frontier never returns a
// stored page again while still holding everything pushed but not stored.
// The child is killed once it has said it stored 40 (then 80 more) pages,
// while it goes on crawling: no sleep decides it, so a loaded machine
// changes where the kill lands, never whether the test means something.
func TestKilledCrawlResumes(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crawl.db")
	for round := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
		cmd.Env = append(os.Environ(), crawlerEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		for seen := 0; seen < 40+40*round && lines.Scan(); {
			if strings.HasPrefix(lines.Text(), "stored ") {
				seen++
			}
		}
		go io.Copy(io.Discard, out) // the child crawls on until killed
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		st := openStoreAt(t, path)
		stored := map[string]bool{}
		err = st.PagesNoHTML(ctx, func(p *crawl.Page) error {
			stored[p.URL] = true
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		c, err := st.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if c.Pages == 0 {
			t.Fatalf("round %d: the helper stored no page before being killed", round)
		}
		links, err := st.LinkCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if links != 3*c.Pages || c.Frontier-c.Queued != c.Pages {
			t.Errorf("round %d: %d pages, %d links, %d frontier rows of which %d queued: want 3 links a page and one done row a page",
				round, c.Pages, links, c.Frontier, c.Queued)
		}
		f := newSQLite(t, st, frontier.Config{Window: 50})
		if f.Len() != int(c.Queued) {
			t.Errorf("round %d: resumed Len = %d, want %d", round, f.Len(), c.Queued)
		}
		popped := 0
		for {
			l, err := f.Pop(ctx, nil)
			if errors.Is(err, frontier.ErrEmpty) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if stored[l.URL] {
				t.Fatalf("round %d: resumed frontier returned stored page %s", round, l.URL)
			}
			popped++
		}
		if popped != int(c.Queued) {
			t.Errorf("round %d: resumed frontier popped %d, want %d queued", round, popped, c.Queued)
		}
		t.Logf("round %d: killed after %d pages; %d queued links resumed", round, c.Pages, popped)
		f.Close()
		st.Close()
	}
}
