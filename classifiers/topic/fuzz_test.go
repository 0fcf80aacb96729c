package topic_test

import (
	"bytes"
	"context"
	"math"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
)

// FuzzScoreHTML parses arbitrary bytes as HTML, extracts the content and
// scores it: nothing may panic, the content must be valid UTF-8 when the
// input is, Hub must agree with the counts, and scores must lie in [0, 1].
func FuzzScoreHTML(f *testing.F) {
	for _, s := range []string{
		"", "<p>football</p>", "<a href=x>a</a><a>b</a>", "<script>x</script><nav>n</nav>",
		"<div class='sd-menu'><a>m</a></div><p>足球比赛</p>", "\xff\xfe<p>\xc3</p>", "<a><a><a>",
		"<body class='has-sidebar'><div class='menu'><main>x</main><a>m</a></div></body>",
		"<div class=header><div class='Main'><div id=nav><p role=MAIN>t</p></div></div></div>",
	} {
		f.Add([]byte(s))
	}
	m := sportModel(f, topic.Config{Update: 0.01, DriftFloor: -1})
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := html.Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		c := topic.ExtractContent(doc)
		if utf8.Valid(data) && !utf8.ValidString(c.Text) {
			t.Fatalf("content of valid UTF-8 input is invalid: %q", c.Text)
		}
		if c.AnchorRunes > c.TextRunes || c.Hub != (float64(c.AnchorRunes) > topic.HubRatio*float64(c.TextRunes)) {
			t.Fatalf("Hub %v inconsistent with %d anchor of %d", c.Hub, c.AnchorRunes, c.TextRunes)
		}
		v := m.Vector(c.Text)
		for _, s := range []float64{m.Score(v), m.SeedScore(v), m.MaxSeedPageScore(v)} {
			if math.IsNaN(s) || s < 0 || s > 1+1e-9 {
				t.Fatalf("score %v out of [0, 1] for %q", s, c.Text)
			}
		}
		m.Update(v)
	})
}

// FuzzFollowable checks Followable never panics on arbitrary URLs.
func FuzzFollowable(f *testing.F) {
	for _, s := range []string{"", "http://a/b.exe", "?.", "#", "a.b/c", "x.JPG?q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) { topic.Followable(u) })
}

// FuzzLearnedPage runs the learned strategy's hooks on arbitrary bytes
// parsed as a page with arbitrary links: link contexts are read from the
// DOM, the page is a training example, and every priority must lie in
// [0, 1].
func FuzzLearnedPage(f *testing.F) {
	for _, s := range []string{
		"", "<p>race <a href=/a>win</a> today</p>", "<li><a href='../x#f'>a</a></li>", "<td><a href=::>b</a></td>",
		"<dd>\xff<a href=/y>\xc3</a></dd>", "<p><a><a><a href=z>",
	} {
		f.Add([]byte(s), "http://demo/a")
	}
	h, err := topic.NewHook(sportModel(f, topic.Config{Retrain: 1}), nil)
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, data []byte, link string) {
		doc, err := html.Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		p := &crawl.Page{URL: "http://demo/p", FinalURL: "http://demo/p", Parent: "http://demo/", Doc: doc, Relevance: -1}
		if err := h.OnPage(ctx, p); err != nil {
			t.Fatal(err)
		}
		if math.IsNaN(p.Relevance) || p.Relevance < 0 || p.Relevance > 1+1e-9 {
			t.Fatalf("relevance %v out of [0, 1]", p.Relevance)
		}
		for _, u := range []string{link, "http://demo/a", "http://demo/y"} {
			l := crawl.Link{URL: u, Anchor: string(data[:min(len(data), 20)])}
			if err := h.OnURL(ctx, p, &l); err != nil {
				continue // not followable
			}
			if math.IsNaN(l.Priority) || l.Priority < 0 || l.Priority > 1+1e-9 {
				t.Fatalf("priority %v out of [0, 1]", l.Priority)
			}
		}
	})
}
