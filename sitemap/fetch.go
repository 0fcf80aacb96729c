package sitemap

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// IsSitemapURL reports whether a seed URL names a sitemap: its path ends
// in .xml or .xml.gz (any case).
func IsSitemapURL(u string) bool {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	u = strings.ToLower(u)
	return strings.HasSuffix(u, ".xml") || strings.HasSuffix(u, ".xml.gz")
}

// Get fetches and parses the sitemap at u with client, sending agent as
// User-Agent. A status other than 2xx is an error naming it.
func Get(ctx context.Context, client *http.Client, agent, u string) (*Sitemap, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("sitemap: %s: %w", u, err)
	}
	req.Header.Set("User-Agent", agent)
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sitemap: %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("sitemap: %s: status %d", u, resp.StatusCode)
	}
	// A compressed file is never larger than its content, so MaxSize+1
	// read bytes bound both forms; Parse bounds the uncompressed size.
	sm, err := Parse(io.LimitReader(resp.Body, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u, err)
	}
	return sm, nil
}

// Walk limits.
const (
	// MaxDepth: an index may list indexes this deep (the protocol allows
	// none; some sites nest once).
	MaxDepth = 2
	// DefaultMaxFiles is how many sitemap files one Walk reads at most.
	DefaultMaxFiles = 1000
)

// Walk reads the sitemaps at roots, following indexes up to MaxDepth,
// each sitemap file once, at most maxFiles files (0: DefaultMaxFiles), and
// calls page with each page entry and the sitemap it came from. get reads
// one file (Get, or a caller's version with politeness); problem is called
// with each file that failed and each problem of a file (nil: ignored).
// Walk stops early when ctx ends or page returns an error, which it returns.
func Walk(ctx context.Context, roots []string, maxFiles int, get func(ctx context.Context, u string) (*Sitemap, error),
	page func(from string, e Entry) error, problem func(error)) error {
	if maxFiles <= 0 {
		maxFiles = DefaultMaxFiles
	}
	if problem == nil {
		problem = func(error) {}
	}
	type job struct {
		u     string
		depth int
	}
	seen := map[string]bool{}
	var queue []job
	for _, r := range roots {
		if !seen[r] {
			seen[r] = true
			queue = append(queue, job{r, 0})
		}
	}
	for read := 0; len(queue) > 0 && read < maxFiles; read++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		j := queue[0]
		queue = queue[1:]
		sm, err := get(ctx, j.u)
		if err != nil {
			problem(err)
			continue
		}
		for _, p := range sm.Problems {
			problem(fmt.Errorf("sitemap: %s: %w", j.u, p))
		}
		for _, e := range sm.Entries {
			switch {
			case !sm.Index:
				if err := page(j.u, e); err != nil {
					return err
				}
			case j.depth+1 > MaxDepth:
				problem(fmt.Errorf("sitemap: %s: index nested deeper than %d: %s not read", j.u, MaxDepth, e.Loc))
			case !seen[e.Loc]:
				seen[e.Loc] = true
				queue = append(queue, job{e.Loc, j.depth + 1})
			}
		}
	}
	if len(queue) > 0 {
		problem(fmt.Errorf("sitemap: %d sitemap files not read: over %d files", len(queue), maxFiles))
	}
	return nil
}
