package linkgraph_test

import (
	"context"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

// TestFocusTarget asserts the focused-crawl target of issue 15 where it
// holds on held-out topics (none of them was used to choose the method or
// its parameters; see README.md): with the defaults (topic.Config{}) and 4
// workers, the learned strategy's harvest@200, mean over 5 seed draws, is
// at least 1.5× breadth-first's and at least 60% of the oracle's. It holds
// on four of the fourth round's topics over two graphs, declared before
// any run and run once with the method frozen: Wikispeedia
// General_Geography and Countries, and the PostgreSQL docs' parts
// client-interfaces and server-programming (it does not hold on the
// sixteen others, README.md); and on eight of the sixth round's seventeen
// topics over three graphs none of whose topics was used for any choice
// (declared before any run, every folder with 2–8 % of its graph's pages;
// run once with the defaults frozen): the Linux docs' media/v4l,
// admin-guide/media and networking/device_drivers, Qt's qtnetwork, and
// CMake's policy, command, envvar and prop_sf; and with opaque URLs
// (WithOpaqueURLs: the folders that are these graphs' labels hidden from
// the link model) on the six of them whose oracle is at least 2× bfs. The
// replays are deterministic (seed draws from a fixed PCG seed, one
// goroutine), so the test cannot flake; it fails when a change of the
// method loses the target on these topics.
func TestFocusTarget(t *testing.T) {
	for _, tt := range []struct {
		graph  string
		topics []string
		opaque bool // replay with WithOpaqueURLs: the target without the URL's folders
	}{
		{"wikispeedia.json.gz", []string{"Geography.General_Geography", "Countries"}, false},
		{"pgdocs.json.gz", []string{"client-interfaces", "server-programming"}, false},
		{"linuxdocs.json.gz", []string{"userspace-api/media/v4l", "admin-guide/media", "networking/device_drivers"}, false},
		{"qtdocs.json.gz", []string{"qtnetwork"}, false},
		{"cmakedocs.json.gz", []string{"policy", "command", "envvar", "prop_sf"}, false},
		{"linuxdocs.json.gz", []string{"userspace-api/media/v4l", "admin-guide/media", "networking/device_drivers"}, true},
		{"cmakedocs.json.gz", []string{"policy", "command", "envvar"}, true},
	} {
		g := readGraph(t, tt.graph)
		name := tt.graph
		if tt.opaque {
			var err error
			if g, err = g.WithOpaqueURLs(); err != nil {
				t.Fatal(err)
			}
			name += "(opaque URLs)"
		}
		cells, err := linkgraph.Evaluate(context.Background(), g, linkgraph.EvalOptions{
			Topics:     tt.topics,
			Strategies: []string{topic.StrategyBFS, topic.StrategyLearned, linkgraph.StrategyOracle},
			Draws:      5, Workers: []int{4}, Budget: 200, At: []int{200},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, tp := range tt.topics {
			t.Run(name+"/"+tp, func(t *testing.T) {
				h := map[string]float64{}
				for _, c := range cells {
					if c.Topic == tp {
						h[c.Strategy] = c.Mean(200)
					}
				}
				learned, bfs, oracle := h[topic.StrategyLearned], h[topic.StrategyBFS], h[linkgraph.StrategyOracle]
				t.Logf("harvest@200: learned %.3f, bfs %.3f (×%.2f), oracle %.3f (%.0f%%)", learned, bfs, learned/bfs, oracle, 100*learned/oracle)
				if learned < 1.5*bfs || learned < 0.6*oracle {
					t.Errorf("harvest@200 learned %.3f: want ≥ 1.5 × bfs %.3f and ≥ 0.6 × oracle %.3f", learned, bfs, oracle)
				}
			})
		}
	}
}

// TestMeasuredHarvest checks issue 13's "harvest that means something":
// a breadth-first crawl of 200 pages reports a measured harvest (the share
// of pages the hook calls relevant) within a factor of the true one, mean
// over 5 seed draws. On the Python docs (library/ipc, 24 of 530 pages;
// tutorial, 17) within 2× (the TF cosine over the feature terms measured
// 0.39 for tutorial against a true 0.085); on Wikispeedia within 1.6× in
// both directions, which the median-of-seeds threshold alone missed
// (military history 0.211 against 0.112, engineering 0.242 against
// 0.122). Every topic here is a tuning topic (README.md).
func TestMeasuredHarvest(t *testing.T) {
	for _, tt := range []struct {
		graph  string
		topics []string
		factor float64
	}{
		{"pydocs.json.gz", []string{"library/ipc", "tutorial"}, 2},
		{"wikispeedia.json.gz", []string{"History.Military_History_and_War", "Design_and_Technology.Engineering",
			"Science.Biology.Mammals", "Science.Biology.Plants", "Geography.Geography_of_Great_Britain"}, 1.6},
	} {
		g := readGraph(t, tt.graph)
		cells, err := linkgraph.Evaluate(context.Background(), g, linkgraph.EvalOptions{
			Topics: tt.topics, Strategies: []string{topic.StrategyBFS}, Draws: 5, Workers: []int{4}, Budget: 200, At: []int{200},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cells {
			var meas float64
			for _, x := range c.Measured[200] {
				meas += x / float64(len(c.Measured[200]))
			}
			truth := c.Mean(200)
			t.Logf("%s: measured harvest@200 %.3f, true %.3f", c.Topic, meas, truth)
			if meas > tt.factor*truth || meas < truth/tt.factor {
				t.Errorf("%s: measured harvest@200 %.3f not within %.1f× the true %.3f", c.Topic, meas, tt.factor, truth)
			}
		}
	}
}
