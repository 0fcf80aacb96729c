package sqlitefrontier_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

// TestRescore: both backends reorder their queue by the new priorities,
// and the SQLite backend, whose window spills after a rescoring, still
// returns every queued link exactly once.
func TestRescore(t *testing.T) {
	ctx := context.Background()
	backends := map[string]func(t *testing.T) frontier.Frontier{
		"memory": func(t *testing.T) frontier.Frontier {
			f, err := frontier.NewMemory(frontier.Config{})
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
		"sqlite-window5": func(t *testing.T) frontier.Frontier {
			return newSQLite(t, openStore(t, t.TempDir()), frontier.Config{Window: 5, ExpectedURLs: 1000})
		},
	}
	for name, open := range backends {
		t.Run(name, func(t *testing.T) {
			f := open(t)
			defer f.Close()
			var links []crawl.Link
			for i := range 8 {
				links = append(links, crawl.Link{URL: fmt.Sprintf("http://h%d.test/%d", i%3, i), Priority: float64(i)})
			}
			if _, err := f.Push(ctx, links); err != nil {
				t.Fatal(err)
			}
			r, ok := f.(frontier.Rescorer)
			if !ok {
				t.Fatalf("%T is not a Rescorer", f)
			}
			// Reverse the order: the link pushed with priority i gets −i.
			n, err := r.Rescore(ctx, func(l *crawl.Link) float64 { return -l.Priority })
			if err != nil || n == 0 {
				t.Fatalf("Rescore = %d, %v", n, err)
			}
			first, err := f.Pop(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(first.URL, "/0") {
				t.Errorf("first pop after rescoring %s (priority %v), want the link pushed with priority 0", first.URL, first.Priority)
			}
			// Overflow the window after the rescoring, then drain.
			var more []crawl.Link
			for i := 8; i < 30; i++ {
				more = append(more, crawl.Link{URL: fmt.Sprintf("http://h%d.test/%d", i%3, i), Priority: float64(i % 5)})
			}
			if _, err := f.Push(ctx, more); err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{first.URL: true}
			for {
				l, err := f.Pop(ctx, nil)
				if err != nil {
					break
				}
				if seen[l.URL] {
					t.Fatalf("%s popped twice", l.URL)
				}
				seen[l.URL] = true
			}
			if len(seen) != 30 {
				t.Errorf("%d links popped, want 30", len(seen))
			}
		})
	}
}

// TestSQLiteRescoreResumes: the priorities Rescore gave the links in
// memory are saved by Close, so a frontier reopened on the same store
// pops in the rescored order.
func TestSQLiteRescoreResumes(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	f := newSQLite(t, st, frontier.Config{ExpectedURLs: 1000})
	var links []crawl.Link
	for i := range 6 {
		links = append(links, crawl.Link{URL: fmt.Sprintf("http://h%d.test/%d", i%2, i), Priority: float64(i)})
	}
	if _, err := f.Push(ctx, links); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Rescore(ctx, func(l *crawl.Link) float64 { return -l.Priority }); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	again := newSQLite(t, st, frontier.Config{ExpectedURLs: 1000})
	defer again.Close()
	var got []string
	for {
		l, err := again.Pop(ctx, nil)
		if err != nil {
			break
		}
		got = append(got, l.URL[strings.LastIndexByte(l.URL, '/')+1:])
	}
	if want := "[0 1 2 3 4 5]"; fmt.Sprint(got) != want {
		t.Errorf("reopened frontier pops %v, want %s (the rescored order)", got, want)
	}
}
