package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/sqlitefrontier"
)

const story = "The committee met on a wet Tuesday to weigh the harbour plan, which would move the ferry pier north and open the old fish market as a covered hall for traders and visitors alike."

func dedupConfig() crawler.Config {
	cfg := fastConfig()
	cfg.Dedup = nil // the default: on
	return cfg
}

// TestDuplicatesAcrossRuns: an identical page, the same text with another
// link, a near copy (one word changed) and a distinct page; duplicates are stored as failures naming the first,
// their links are not followed, and a later run of the same store still
// knows the pages of the first.
func TestDuplicatesAcrossRuns(t *testing.T) {
	page := func(text, link string) http.HandlerFunc {
		return html(fmt.Sprintf(`<html><body><p>%s</p><a href="%s">more</a></body></html>`, text, link))
	}
	s := newSite(t, map[string]http.HandlerFunc{
		"/":          html(`<html><body><a href="/orig">o</a> <a href="/copy">c</a> <a href="/near">n</a> <a href="/exact">e</a></body></html>`),
		"/orig":      page(story, "/from-orig"),
		"/copy":      page(story, "/from-copy"),
		"/exact":     page(story, "/from-orig"),
		"/near":      page(strings.Replace(story, "Tuesday", "Monday", 1), "/from-near"),
		"/from-orig": page("A page of its own about the weather in the hills and the road works near the bridge over the river.", "/"),
		"/later":     page(story, "/from-later"),
	})
	dir := t.TempDir()
	st, fr := env(t, dir)
	cfg := dedupConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1 // /orig is fetched before its copies
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	if sum.Duplicates != 3 {
		t.Errorf("duplicates %d, want 3", sum.Duplicates)
	}
	for _, p := range []string{"/from-copy", "/from-near"} {
		if s.hitCount(p) != 0 {
			t.Errorf("%s fetched: a duplicate's link was followed", p)
		}
	}
	if s.hitCount("/from-orig") != 1 {
		t.Error("the original's link was not followed")
	}
	msgs := map[string]string{}
	st.ExportFailures(context.Background(), func(f crawl.Failure) error {
		if f.Kind == "duplicate" {
			msgs[strings.TrimPrefix(f.URL, s.URL)] = f.Message
		}
		return nil
	})
	if !strings.Contains(msgs["/exact"], "/orig (identical body)") || !strings.Contains(msgs["/copy"], "/orig (SimHash distance 0)") ||
		!strings.Contains(msgs["/near"], "/orig (SimHash distance") {
		t.Errorf("duplicate records %v", msgs)
	}
	// A second run on the same store: /later duplicates /orig, fetched by the first.
	fr.Close()
	fr2, err := sqlitefrontier.New(context.Background(), st, frontier.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer fr2.Close()
	sum = run(t, cfg, st, fr2, []string{s.URL + "/later"})
	if sum.Duplicates != 1 || s.hitCount("/from-later") != 0 {
		t.Errorf("second run: duplicates %d, /from-later fetched %d times; want 1 and 0", sum.Duplicates, s.hitCount("/from-later"))
	}
}

// TestDuplicateMazeAndHostQuota: a mirror whose every page copies a real
// one is refused after dedup's pattern limit, and max pages per host stops
// a host.
func TestDuplicateMazeAndHostQuota(t *testing.T) {
	var links strings.Builder
	routes := map[string]http.HandlerFunc{}
	for i := range 40 {
		fmt.Fprintf(&links, `<a href="/doc/%d">d</a> <a href="/mirror/doc/%d">m</a> `, i, i)
		body := html(fmt.Sprintf(`<html><body><p>Story %c%c: %s</p></body></html>`, 'a'+i%26, 'a'+i/26, strings.Repeat(fmt.Sprintf("word%c%c ", 'a'+i%26, 'a'+i/26), 12)))
		routes[fmt.Sprintf("/doc/%d", i)] = body
		routes[fmt.Sprintf("/mirror/doc/%d", i)] = body
	}
	routes["/"] = html("<html><body>" + links.String() + "</body></html>")
	s := newSite(t, routes)
	st, fr := env(t, t.TempDir())
	cfg := dedupConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	mirrors := 0
	for i := range 40 {
		mirrors += s.hitCount(fmt.Sprintf("/mirror/doc/%d", i))
	}
	if mirrors > 6 || sum.Refused[crawler.RuleDuplicatePattern] == 0 {
		t.Errorf("%d mirror pages fetched, refused %v; want ≤ 6 and some refused", mirrors, sum.Refused)
	}
	s2 := newSite(t, routes)
	st2, fr2 := env(t, t.TempDir())
	cfg.MaxPagesPerHost = 10
	sum = run(t, cfg, st2, fr2, []string{s2.URL + "/"})
	total := 0
	for p := range routes {
		total += s2.hitCount(p)
	}
	if total != 10 || sum.Refused[crawler.RuleMaxPagesPerHost] == 0 {
		t.Errorf("%d pages fetched with max 10 per host, refused %v", total, sum.Refused)
	}
}

// TestNearDuplicatesNeedTheirTitle: generated API pages share most of
// their text under titles of their own (rustdoc's iterator structs, each
// mostly the Iterator trait's methods; StringBuilder and StringBuffer of
// a Javadoc): a near copy under another title is another document and is
// stored, while a near copy whose title differs only in numbers (a
// calendar's empty days) is a duplicate.
func TestNearDuplicatesNeedTheirTitle(t *testing.T) {
	page := func(title, text string) http.HandlerFunc {
		return html(fmt.Sprintf(`<html><head><title>%s</title></head><body><p>%s</p></body></html>`, title, text))
	}
	shared := strings.Repeat(story+" ", 6)
	s := newSite(t, map[string]http.HandlerFunc{
		"/":       html(`<html><body><a href="/keys">k</a> <a href="/values">v</a> <a href="/day/12">12</a> <a href="/day/13">13</a></body></html>`),
		"/keys":   page("Keys in std::collections::btree_map", "An iterator over the keys. "+shared),
		"/values": page("Values in std::collections::btree_map", "An iterator over the values. "+shared),
		"/day/12": page("Events on 2024-05-12", "No events on this day. "+shared),
		"/day/13": page("Events on 2024-05-13", "No events on this day. "+shared),
	})
	st, fr := env(t, t.TempDir())
	cfg := dedupConfig()
	cfg.Workers, cfg.PerHostParallel = 1, 1
	sum := run(t, cfg, st, fr, []string{s.URL + "/"})
	var dups []string
	st.ExportFailures(context.Background(), func(f crawl.Failure) error {
		if f.Kind == "duplicate" {
			dups = append(dups, strings.TrimPrefix(f.URL, s.URL))
		}
		return nil
	})
	if sum.Duplicates != 1 || len(dups) != 1 || dups[0] != "/day/13" && dups[0] != "/day/12" {
		t.Errorf("duplicates %d: %v; want one of the two days alone", sum.Duplicates, dups)
	}
}
