package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// topicsStore writes a temporary crawl store with five pages: two about the
// dollar, two about Chelsea, one with no words.
func topicsStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "crawl.db")
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var pages []*crawl.Page
	for i, m := range [][3]string{
		{"Dollar falls against euro", "dollar, euro, currency", "Dollar fell against euro"},
		{"Chelsea win league title", "football, Chelsea", "Chelsea won league"},
		{"Euro hits record against dollar", "euro, dollar", "Currency markets"},
		{"Chelsea manager praises league win", "football; Chelsea", "Manager of Chelsea"},
		{"", "", ""},
	} {
		url := "http://news.test/" + string(rune('a'+i))
		html := []byte("<html><head><title>" + m[0] + "</title></head></html>")
		pages = append(pages, &crawl.Page{Seq: int64(i + 1), URL: url, FinalURL: url, Status: 200,
			FetchedAt: time.Date(2026, 11, 22, 0, 0, i, 0, time.UTC), ContentType: "text/html", Charset: "utf-8",
			HTML: html, Size: len(html), Title: m[0], Keywords: m[1], Description: m[2], Relevance: -1})
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunTopics(t *testing.T) {
	db := topicsStore(t)
	out := filepath.Join(t.TempDir(), "topics.csv")
	var stdout, stderr bytes.Buffer
	if err := runTopics(context.Background(), []string{"-db", db, "-r", "0.2", "-out", out, "-words", "2"}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("runTopics: %v (stderr %s)", err, stderr.String())
	}
	f, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(f)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"url", "topic", "size", "top_words"},
		{"http://news.test/a", "1", "2", "dollar euro"},
		{"http://news.test/b", "2", "2", "chelsea league"},
		{"http://news.test/c", "1", "2", "dollar euro"},
		{"http://news.test/d", "2", "2", "chelsea league"},
		{"http://news.test/e", "0", "1", ""}, // alone: unclustered
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("CSV = %q, want %q", rows, want)
	}
	if !strings.Contains(stderr.String(), "2 topics, 1 unclustered pages") {
		t.Errorf("summary %q does not say 2 topics, 1 unclustered pages", stderr.String())
	}
	if err := runTopics(context.Background(), []string{"-db", db, "-r", "0.2", "-out", out, "-words", "2", "-paper"}, nil, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if f, _ := os.ReadFile(out); !strings.HasSuffix(string(f), "http://news.test/e,3,1,\n") {
		t.Errorf("-paper: the single page is not topic 3 of size 1:\n%s", f)
	}
	if err := runTopics(context.Background(), []string{"-db", db, "-r", "0.2", "-words", "2", "-out", out}, nil, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	words, err := st.TopicWords(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(words) != 2 || !slices.Equal(words[2], []string{"chelsea", "league"}) {
		t.Errorf("stored topic words = %v", words)
	}
	for seq, topic := range map[int64]int64{1: 1, 2: 2, 3: 1, 4: 2, 5: 0} {
		p, err := st.PageBySeq(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		if p.Topic != topic {
			t.Errorf("stored topic of page %d = %d, want %d", seq, p.Topic, topic)
		}
	}
}

func TestRunTopicsLevels(t *testing.T) {
	db := topicsStore(t)
	var stdout, stderr bytes.Buffer
	if err := runTopics(context.Background(), []string{"-db", db, "-levels"}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("runTopics: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	// header, r=0 (3 groups: dollar, Chelsea, empty), one level per group
	// of two, and r=1 (5 singletons).
	if len(lines) != 5 || lines[0] != "r\ttopics" || lines[1] != "0\t3" || lines[4] != "1\t5" {
		t.Errorf("-levels output:\n%s", stdout.String())
	}
}

func TestRunTopicsErrors(t *testing.T) {
	db := topicsStore(t)
	for _, c := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{nil, true, "-db FILE is required"},
		{[]string{"-db", db, "-r", "1.5"}, true, "-r 1.5"},
		{[]string{"-db", db, "-c-title", "0.5"}, true, "TitleWeight"},
		{[]string{"-db", db, "extra"}, true, "unexpected argument"},
		{[]string{"-nope"}, true, "nope"},
		{[]string{"-db", filepath.Join(t.TempDir(), "missing.db")}, false, "missing.db"},
	} {
		var stdout, stderr bytes.Buffer
		err := runTopics(context.Background(), c.args, nil, &stdout, &stderr)
		if err == nil || errors.Is(err, errUsage) != c.usage || !strings.Contains(err.Error(), c.want) {
			t.Errorf("runTopics(%q) = %v, want error containing %q (usage %v)", c.args, err, c.want, c.usage)
		}
	}
}
