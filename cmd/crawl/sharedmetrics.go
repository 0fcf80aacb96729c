package main

import (
	"context"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/pipeline"
)

// shared reads a distributed crawl's shared counters for the dashboard's
// /metrics.
type shared struct {
	read  func(context.Context) (dashboard.SharedTotals, error)
	close func() error
}

func sharedMetrics(cfg *config.Config) (shared, error) {
	read, closeClient, err := pipeline.SharedTotals(cfg)
	if err != nil {
		return shared{}, err
	}
	return shared{
		read: func(ctx context.Context) (dashboard.SharedTotals, error) {
			t, err := read(ctx)
			return dashboard.SharedTotals{Queued: t.Queued, Leased: t.Leased, Stored: t.Stored, Failed: t.Failed, Alive: t.Alive}, err
		},
		close: closeClient,
	}, nil
}
