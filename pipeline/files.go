package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// RemoveStore deletes the store at path and its WAL files, for -fresh. It
// first opens the file as a store, so a file that is not a crawl store (or
// is in use by another crawl) is refused, never deleted.
func RemoveStore(ctx context.Context, path string) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	st, err := store.Open(ctx, path)
	if err != nil {
		return fmt.Errorf("-fresh: refusing to delete %s: %w", path, err)
	}
	if err := st.Close(); err != nil {
		return err
	}
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("-fresh: %w", err)
		}
	}
	return nil
}

// Export writes the configured exports into dir: one CSV per table, and
// the records both as one file with a cluster column and as one file per
// cluster (with that cluster's columns) under dir/records/.
func (p *Pipeline) Export(ctx context.Context, dir string, log io.Writer) error {
	if len(p.cfg.Exports) == 0 {
		return nil
	}
	for _, what := range p.cfg.Exports {
		path := filepath.Join(dir, what+".csv")
		if err := export.WriteFile(ctx, p.st, what, "csv", path); err != nil {
			return err
		}
		fmt.Fprintf(log, "wrote %s\n", path)
		if what == "harvest" && p.cfg.Topic.Enabled {
			svg := filepath.Join(dir, "harvest.svg")
			if err := export.WriteHarvestSVG(ctx, p.st, svg); err != nil {
				return err
			}
			fmt.Fprintf(log, "wrote %s\n", svg)
		}
		if what == "records" {
			files, err := export.WriteRecordsDir(ctx, p.st, "csv", filepath.Join(dir, "records"))
			if err != nil {
				return err
			}
			if len(files) > 0 {
				fmt.Fprintf(log, "wrote %d per-cluster record files in %s\n", len(files), filepath.Join(dir, "records"))
			}
		}
	}
	return nil
}

// Check validates what Load cannot: that files the configuration names exist.
func Check(cfg *config.Config) error {
	var errs []error
	if cfg.Hub.Enabled && cfg.Hub.Model != "" {
		if _, err := os.Stat(cfg.Hub.Model); err != nil {
			errs = append(errs, fmt.Errorf("config: hub.model: %w", err))
		}
	}
	if cfg.Topic.Enabled && cfg.Topic.Corpus != "" {
		if fi, err := os.Stat(filepath.Join(cfg.Topic.Corpus, cfg.Topic.CorpusTopic)); err != nil || !fi.IsDir() {
			errs = append(errs, fmt.Errorf("config: topic.corpus: no folder %s in %s", cfg.Topic.CorpusTopic, cfg.Topic.Corpus))
		}
	}
	return errors.Join(errs...)
}

// Describe summarises a configuration in one line.
func Describe(cfg *config.Config) string {
	on := []string{}
	add := func(b bool, name string) {
		if b {
			on = append(on, name)
		}
	}
	add(cfg.Hub.Enabled, "hub classifier ("+cfg.Hub.Policy+")")
	add(cfg.Topic.Enabled, "topic ("+cfg.Topic.Strategy+")")
	add(cfg.Clustering.Enabled, "structural clustering")
	add(cfg.Extraction.Enabled, "record extraction")
	add(cfg.Topics.Enabled, "fuzzy topics")
	seeds := fmt.Sprintf("%d seeds", len(cfg.Seeds))
	if cfg.Demo {
		seeds += " on the demo site"
	}
	if len(on) == 0 {
		return seeds + ", no built-in hooks"
	}
	return seeds + ", " + strings.Join(on, ", ")
}
