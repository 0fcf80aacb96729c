package store

import (
	"context"
	"fmt"
)

// SavedAmong returns which of urls the store holds as pages and which as
// failures: a distributed crawl (frontier/redisfrontier) asks it when a
// process restarts, to settle the links it stored but had not settled.
func (s *Store) SavedAmong(ctx context.Context, urls []string) (pages, failures map[string]bool, err error) {
	pages, failures = map[string]bool{}, map[string]bool{}
	if err := s.inChunks(ctx, urls, "SELECT url FROM pages WHERE url IN ", func(u string) { pages[u] = true }); err != nil {
		return nil, nil, fmt.Errorf("store: saved pages: %w", err)
	}
	if err := s.inChunks(ctx, urls, "SELECT url FROM failures WHERE url IN ", func(u string) { failures[u] = true }); err != nil {
		return nil, nil, fmt.Errorf("store: saved failures: %w", err)
	}
	return pages, failures, nil
}
