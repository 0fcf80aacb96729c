package redisfrontier

import (
	"fmt"
	"math"
	"testing"

	"github.com/crawl-project/crawl"
)

func TestRecordRoundTrip(t *testing.T) {
	cases := []struct {
		host string
		l    crawl.Link
	}{
		{"a.test", crawl.Link{URL: "http://a.test/x?q=1", Anchor: "Sport news", Parent: "http://a.test/", Depth: 3,
			Priority: 0.25, Label: crawl.LabelHub, Score: 1.5, Tags: []string{"seed", "hub"}}},
		{"a.test:8080", crawl.Link{URL: "https://a.test:8080/sport/x", Parent: "https://a.test:8080/sport/", Label: crawl.LabelTopic}},
		{"a.test", crawl.Link{URL: "https://a.test", Parent: "http://a.test/same/path"}},
		{"a.test", crawl.Link{URL: "http://a.test/p", Parent: "http://b.test/p/q", Label: "custom", Score: math.Inf(-1)}},
		{"u@a.test", crawl.Link{URL: "http://u@a.test/p", Parent: "http://u@a.test/p/q"}},
		{"a.test", crawl.Link{URL: "http://a.test.evil/p", Parent: "http://a.test/p"}},
		{"a.test", crawl.Link{URL: "http://a.test/p", Tags: []string{""}}},
	}
	for _, c := range cases {
		t.Run(c.l.URL, func(t *testing.T) {
			rec := encodeLink(&c.l, c.host)
			got, err := decodeLink(rec, c.host, c.l.Priority, c.l.Parent)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", c.l) {
				t.Errorf("round trip = %+v\nwant %+v", got, c.l)
			}
		})
	}
}

// FuzzDecodeLink: records come from Redis; a bad one is an error, never a
// panic, and a good one decodes to what was encoded.
func FuzzDecodeLink(f *testing.F) {
	f.Add(encodeLink(&crawl.Link{URL: "http://a.test/x", Anchor: "a", Parent: "http://a.test/", Tags: []string{"t"}, Score: 2, Label: "x"}, "a.test"), "http://a.test/")
	f.Add([]byte{0xff, 0x80}, "")
	f.Add([]byte{0, 1, 0, 200, 1}, "http://a.test/abc")
	f.Fuzz(func(t *testing.T, rec []byte, parent string) {
		l, err := decodeLink(rec, "a.test", 1, parent)
		if err != nil {
			return
		}
		again, err := decodeLink(encodeLink(&l, "a.test"), "a.test", 1, parent)
		if err != nil || fmt.Sprintf("%+v", again) != fmt.Sprintf("%+v", l) {
			t.Fatalf("re-encoded %+v decodes to %+v, %v", l, again, err)
		}
	})
}
