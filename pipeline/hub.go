package pipeline

import (
	"fmt"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/config"
)

// hubBuiltin is the hub/topic URL classifier (paper 001): OnPage labels the
// fetched page (its label drives the incremental re-crawl), OnURL labels
// each out-link before it enters the frontier and applies the policy.
type hubBuiltin struct {
	*hub.Hook
}

// hostCalibrationPages is how many fetched pages of a host its links'
// calibration waits for.
const hostCalibrationPages = 20

// newHubBuiltin loads hub.model, or the model shipped with the package.
func newHubBuiltin(cfg *config.Config) (*hubBuiltin, error) {
	c, err := LoadHubModel(cfg.Hub.Model)
	if err != nil {
		return nil, fmt.Errorf("pipeline: hub model: %w", err)
	}
	mode, err := hub.ParseMode(cfg.Hub.Policy)
	if err != nil {
		return nil, err
	}
	var opts []hub.HookOption
	if !cfg.Hub.URLOnly {
		pm, err := hub.DefaultPageModel()
		if err != nil {
			return nil, fmt.Errorf("pipeline: hub page model: %w", err)
		}
		opts = append(opts, hub.WithPageModel(pm), hub.WithHostCalibration(hostCalibrationPages))
	}
	h, err := hub.NewHook(c, hub.Policy{Mode: mode, Boost: cfg.Hub.Boost, Depth: cfg.Hub.Depth}, opts...)
	if err != nil {
		return nil, err
	}
	return &hubBuiltin{h}, nil
}
