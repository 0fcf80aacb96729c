package topic_test

import (
	"bytes"
	"math"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// FuzzScoreHTML parses arbitrary bytes as HTML, extracts the content and
// scores it: nothing may panic, the content must be valid UTF-8 when the
// input is, Hub must agree with the counts, and scores must lie in [0, 1].
func FuzzScoreHTML(f *testing.F) {
	for _, s := range []string{
		"", "<p>football</p>", "<a href=x>a</a><a>b</a>", "<script>x</script><nav>n</nav>",
		"<div class='sd-menu'><a>m</a></div><p>足球比赛</p>", "\xff\xfe<p>\xc3</p>", "<a><a><a>",
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
