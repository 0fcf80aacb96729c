package pipeline

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/crawl-project/crawl/internal/demosite"
)

// demo is the built-in demo site of a demo configuration.
type demo struct{ site *demosite.Site }

func startDemo() (*demo, error) {
	s, err := demosite.New(demosite.Config{})
	if err != nil {
		return nil, err
	}
	if err := s.Start(); err != nil {
		return nil, err
	}
	return &demo{site: s}, nil
}

// Site is the running demo site (nil for configurations without demo).
func (d *demo) Site() *demosite.Site { return d.site }

func (d *demo) Close() error { return d.site.Close() }

var placeholder = regexp.MustCompile(`^\{(demo|sport):(\d+)\}$`)

// resolve expands {demo:N} into the home page of demo host N and
// {sport:N} into the first N sport article URLs.
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
			out = append(out, d.site.SportSeeds(n)...)
		}
	}
	return out, nil
}
