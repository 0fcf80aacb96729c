package pipeline

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/store"
)

// demo is the built-in demo site of a demo configuration.
type demo struct{ site *demosite.Site }

// Store meta keys of the demo site: its addresses and how many runs used it.
const (
	demoAddrsKey = "demo.addrs"
	demoRunsKey  = "demo.runs"
)

// DemoNewsPerRun is how many held-back articles per topic the demo site
// publishes before each run after the first on the same store: the news
// that arrived between two crawls, for the incremental re-crawl.
const DemoNewsPerRun = 5

// startDemo starts the demo site where the store's earlier runs found it,
// so stored and queued URLs stay valid across runs (resume, re-crawl); a
// new store gets free ports, remembered for next time. Each later run
// sees DemoNewsPerRun more articles per topic.
func startDemo(ctx context.Context, st *store.Store) (*demo, error) {
	s, err := demosite.New(demosite.Config{})
	if err != nil {
		return nil, err
	}
	runs := 0
	if v, ok, err := st.Meta(ctx, demoRunsKey); err != nil {
		return nil, err
	} else if ok {
		runs, _ = strconv.Atoi(v)
	}
	s.Publish(runs * DemoNewsPerRun)
	if err := st.SetMeta(ctx, demoRunsKey, strconv.Itoa(runs+1)); err != nil {
		return nil, err
	}
	saved, ok, err := st.Meta(ctx, demoAddrsKey)
	if err != nil {
		return nil, err
	}
	if ok {
		if err := s.StartAt(strings.Split(saved, " ")); err != nil {
			return nil, fmt.Errorf("pipeline: restart the demo site where the store found it (%s): %w", saved, err)
		}
		return &demo{site: s}, nil
	}
	if err := s.Start(); err != nil {
		return nil, err
	}
	if err := st.SetMeta(ctx, demoAddrsKey, strings.Join(s.Addrs(), " ")); err != nil {
		s.Close()
		return nil, err
	}
	return &demo{site: s}, nil
}

// Site is the running demo site (nil for configurations without demo).
func (d *demo) Site() *demosite.Site { return d.site }

func (d *demo) Close() error { return d.site.Close() }

var placeholder = regexp.MustCompile(`^\{(demo|sport):(\d+)\}$`)

// resolve expands {demo:N} into the home page of demo host N and
// {sport:N} into N sport article URLs spread over the sport section.
func (d *demo) resolve(in []string) ([]string, error) {
	var out []string
	for _, s := range in {
		m := placeholder.FindStringSubmatch(s)
		if m == nil {
			out = append(out, s)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		switch m[1] {
		case "demo":
			hosts := d.site.Seeds()
			if n >= len(hosts) {
				return nil, fmt.Errorf("pipeline: %s: the demo site has hosts 0 to %d", s, len(hosts)-1)
			}
			out = append(out, hosts[n])
		case "sport":
			out = append(out, d.site.SportSample(n)...)
		}
	}
	return out, nil
}
