package pipeline_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/crawl-project/crawl/pipeline"
)

// docsSite is a small documentation site: a table of contents (index.html)
// listing 60 sections, each an article of running text. Its section URLs
// (DocBook's chNNsMM.html, no words) are ones the news-trained URL SVM
// calls hubs.
func docsSite(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var b strings.Builder
		b.WriteString("<html><head><title>Manual</title></head><body>")
		switch p := r.URL.Path; {
		case p == "/" || p == "/index.html":
			b.WriteString("<h1>Contents</h1><ul class=\"toc\">")
			for ch := 1; ch <= 6; ch++ {
				for s := 1; s <= 10; s++ {
					fmt.Fprintf(&b, "<li><a href=\"ch%02ds%02d.html\">%d.%d. Section %d of chapter %d</a></li>", ch, s, ch, s, s, ch)
				}
			}
			b.WriteString("</ul>")
		case len(p) == len("/ch01s01.html") && strings.HasPrefix(p, "/ch") && strings.HasSuffix(p, ".html"):
			fmt.Fprintf(&b, "<h1>Section %s</h1>", p[3:9])
			x := uint32(p[3])<<24 | uint32(p[4])<<16 | uint32(p[7])<<8 | uint32(p[8]) // a page's own words
			for range 6 {
				b.WriteString("<p>")
				for range 60 {
					x = x*1664525 + 1013904223
					fmt.Fprintf(&b, "term%d ", x>>20)
				}
				b.WriteString("</p>")
			}
			b.WriteString("<p><a href=\"index.html\">Contents</a></p>")
		default:
			http.NotFound(w, r)
			return
		}
		b.WriteString("</body></html>")
		w.Write([]byte(b.String()))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestHubLinkModelRelabelsQueuedLinks crawls the docs site with the hub
// built-in and stops after 25 pages. The URL SVM labels the queued
// section links hub; with the per-host link model (the default) the
// host's fetched sections, topics by their page evidence, teach it
// otherwise, and the links queued from the table of contents before any
// section was fetched get their labels revised in the frontier.
func TestHubLinkModelRelabelsQueuedLinks(t *testing.T) {
	srv := docsSite(t)
	for _, tc := range []struct {
		model   string
		atLeast float64 // share of section links labelled topic
		atMost  float64
	}{
		{"svm", 0, 0.2},         // the URL model is wrong for this host
		{"calibration", 0, 0.3}, // calibrated after 20 pages, too late for links queued at the first
		{"online", 0.9, 1},
	} {
		t.Run(tc.model, func(t *testing.T) {
			dir := t.TempDir()
			cfg := config.Default()
			cfg.Seeds = []string{srv.URL + "/index.html"}
			cfg.DB, cfg.Out = filepath.Join(dir, "h.db"), filepath.Join(dir, "out")
			cfg.Exports = []string{}
			cfg.MaxPages = 25
			cfg.Politeness.NoDelay = true
			cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = 1, 1
			cfg.Hub.Enabled = true
			cfg.Hub.LinkModel = tc.model
			ctx := context.Background()
			p, err := pipeline.Open(ctx, &cfg, pipeline.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Run(ctx); err != nil {
				p.Close()
				t.Fatal(err)
			}
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			queued, topics, queuedTopics, sections := frontierLabels(t, cfg.DB)
			if sections != 60 || queued < 30 {
				t.Fatalf("%d section rows, %d still queued; want 60 and ≥ 30", sections, queued)
			}
			share := float64(topics) / float64(sections)
			t.Logf("link_model %s: %d of %d section links labelled topic (%d of %d queued)", tc.model, topics, sections, queuedTopics, queued)
			if share < tc.atLeast || share > tc.atMost {
				t.Errorf("share of section links labelled topic %.2f, want in [%.2f, %.2f]", share, tc.atLeast, tc.atMost)
			}
		})
	}
}

// frontierLabels counts the section rows of the store's frontier, those
// still queued, and how many of each are labelled topic.
func frontierLabels(t *testing.T, path string) (queued, topics, queuedTopics, sections int) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT url, label, state FROM frontier`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var u, label, state string
		if err := rows.Scan(&u, &label, &state); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(u, "/ch") {
			continue
		}
		sections++
		isTopic := label == "topic"
		if isTopic {
			topics++
		}
		if state == "queued" {
			queued++
			if isTopic {
				queuedTopics++
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return queued, topics, queuedTopics, sections
}

// TestHubLinkModelRelabelsRedisFrontier is TestHubLinkModelRelabelsQueuedLinks
// with the frontier in Redis (a distributed crawl of one process): the
// section links still queued when the crawl stops carry the labels the
// per-host link model revised when they are leased (read here by popping
// them all, the crawl's stop flag cleared); the URL SVM alone labels them
// hub.
func TestHubLinkModelRelabelsRedisFrontier(t *testing.T) {
	srv := docsSite(t)
	rs := redistest.Start(t, redistest.Options{})
	for _, tc := range []struct {
		model   string
		atLeast float64 // share of the queued section links labelled topic
		atMost  float64
	}{
		{"svm", 0, 0.2},
		{"online", 0.9, 1},
	} {
		t.Run(tc.model, func(t *testing.T) {
			dir := t.TempDir()
			name := "relabel-" + tc.model
			cfg := config.Default()
			cfg.Seeds = []string{srv.URL + "/index.html"}
			cfg.DB, cfg.Out = filepath.Join(dir, "h.db"), filepath.Join(dir, "out")
			cfg.Exports = []string{}
			cfg.MaxPages = 25
			cfg.Politeness.NoDelay = true
			cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = 1, 1
			cfg.Hub.Enabled = true
			cfg.Hub.LinkModel = tc.model
			cfg.Distributed = config.Distributed{Redis: rs.URL(0), Name: name, Lease: 5 * time.Second}
			ctx := context.Background()
			p, err := pipeline.Open(ctx, &cfg, pipeline.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Run(ctx); err != nil {
				p.Close()
				t.Fatal(err)
			}
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			rdb := rs.Client()
			if err := rdb.Del(ctx, redisfrontier.Prefix(name)+"stop").Err(); err != nil {
				t.Fatal(err)
			}
			fr, err := redisfrontier.New(ctx, rdb, redisfrontier.Config{Name: name, Owner: "reader"})
			if err != nil {
				t.Fatal(err)
			}
			defer fr.Close()
			var queued, topics int
			for {
				l, err := fr.Pop(ctx, nil)
				if errors.Is(err, frontier.ErrEmpty) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(l.URL, "/ch") {
					queued++
					if l.Label == crawl.LabelTopic {
						topics++
					}
				}
			}
			if queued < 30 {
				t.Fatalf("%d section links still queued; want ≥ 30", queued)
			}
			share := float64(topics) / float64(queued)
			t.Logf("link_model %s, Redis frontier: %d of %d queued section links labelled topic", tc.model, topics, queued)
			if share < tc.atLeast || share > tc.atMost {
				t.Errorf("share of queued section links labelled topic %.2f, want in [%.2f, %.2f]", share, tc.atLeast, tc.atMost)
			}
		})
	}
}
