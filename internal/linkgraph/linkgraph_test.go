package linkgraph_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

func readGraph(t testing.TB, name string) *linkgraph.Graph {
	t.Helper()
	g, err := linkgraph.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGraphs checks the saved graphs: sizes, labels, and that no page text
// carries Wikispeedia's "Schools Wikipedia Selection. Related subjects:"
// header (it names the labels).
func TestGraphs(t *testing.T) {
	for _, tt := range []struct {
		file         string
		pages, links int // lower bounds
		topic        string
		onTopic      int
	}{
		{"pydocs.json.gz", 530, 15000, "c-api", 64},
		{"wikispeedia.json.gz", 4598, 119000, "Science.Chemistry", 191},
	} {
		t.Run(tt.file, func(t *testing.T) {
			g := readGraph(t, tt.file)
			links := 0
			for _, p := range g.Pages {
				links += len(p.Links)
				if strings.Contains(p.Text, "Schools Wikipedia Selection") {
					t.Fatalf("%s: text keeps the subject header", p.URL)
				}
				for _, l := range p.Links {
					if l.Anchor == "" && g.TitleAnchors {
						t.Fatalf("%s: a link without anchor", p.URL)
					}
				}
			}
			if len(g.Pages) < tt.pages || links < tt.links {
				t.Errorf("%d pages, %d links; want ≥ %d, ≥ %d", len(g.Pages), links, tt.pages, tt.links)
			}
			if n := len(g.WithTopic(tt.topic)); n != tt.onTopic {
				t.Errorf("%d pages on %s, want %d", n, tt.topic, tt.onTopic)
			}
		})
	}
}

func TestReadWriteRoundTrip(t *testing.T) {
	g := &linkgraph.Graph{Name: "tiny", TitleAnchors: true, Pages: []linkgraph.Page{
		{URL: "http://a.test/1", Title: "One", Text: "alpha", Topics: []string{"x"}, Links: []linkgraph.Link{{To: 1}}},
		{URL: "http://a.test/2", Title: "Two", Text: "beta", Links: []linkgraph.Link{{To: 0}}},
	}}
	var buf bytes.Buffer
	if err := linkgraph.Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	back, err := linkgraph.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Pages[0].Links[0].Anchor != "Two" || back.Pages[1].Links[0].Anchor != "One" {
		t.Errorf("anchors %q, %q; want the targets' titles", back.Pages[0].Links[0].Anchor, back.Pages[1].Links[0].Anchor)
	}
	if g.Pages[0].Links[0].Anchor != "" {
		t.Error("Write changed its argument")
	}
}

func TestReadRejects(t *testing.T) {
	for name, g := range map[string]*linkgraph.Graph{
		"dangling link": {Pages: []linkgraph.Page{{URL: "http://a/", Links: []linkgraph.Link{{To: 5}}}}},
		"duplicate URL": {Pages: []linkgraph.Page{{URL: "http://a/"}, {URL: "http://a/"}}},
		"no URL":        {Pages: []linkgraph.Page{{}}},
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := linkgraph.Write(&buf, g); err == nil {
				t.Errorf("Write(%s) = nil error", name)
			}
		})
	}
	if _, err := linkgraph.Read(strings.NewReader("not gzip")); err == nil {
		t.Error("Read(garbage) = nil error")
	}
}

// TestReplay replays c-api crawls on the Python docs: the oracle must reach
// at least the harvest of every other strategy; a replay is deterministic;
// the measured relevance must agree with the truth better than chance.
func TestReplay(t *testing.T) {
	g := readGraph(t, "pydocs.json.gz")
	seeds, err := g.DrawSeeds("c-api", 5, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	at := map[string]float64{}
	for _, s := range []string{topic.StrategyBFS, topic.StrategyLearned, linkgraph.StrategyOracle} {
		o := linkgraph.Options{Topic: "c-api", Seeds: seeds, Strategy: s, Workers: 4, Budget: 100}
		r, err := linkgraph.Replay(ctx, g, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Pages) != 100 {
			t.Fatalf("%s: %d pages, want 100", s, len(r.Pages))
		}
		again, err := linkgraph.Replay(ctx, g, o)
		if err != nil {
			t.Fatal(err)
		}
		if !slicesEqual(r.Pages, again.Pages) {
			t.Errorf("%s: two replays fetched different pages", s)
		}
		at[s] = r.At(100)
	}
	if at[linkgraph.StrategyOracle] < at[topic.StrategyBFS] || at[linkgraph.StrategyOracle] < at[topic.StrategyLearned] {
		t.Errorf("harvest@100 %v: the oracle is not the best", at)
	}
	if at[topic.StrategyLearned] <= at[topic.StrategyBFS] {
		t.Errorf("harvest@100 %v: learned does not beat bfs on c-api", at)
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEvaluate runs the evaluation on two draws and checks its table.
func TestEvaluate(t *testing.T) {
	g := readGraph(t, "pydocs.json.gz")
	o := linkgraph.EvalOptions{Topics: []string{"c-api"}, Strategies: []string{topic.StrategyBFS, linkgraph.StrategyOracle},
		Draws: 2, Seeds: 5, Budget: 60, At: []int{30, 60}}
	cells, err := linkgraph.Evaluate(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 2 || len(cells[0].At[60]) != 2 || len(cells[1].Curve) != 60 {
		t.Fatalf("cells %+v", cells)
	}
	var out strings.Builder
	linkgraph.FormatCells(&out, g, cells, o.At)
	if !strings.Contains(out.String(), "c-api (64)") || !strings.Contains(out.String(), "100%") {
		t.Errorf("table:\n%s", out.String())
	}
}
