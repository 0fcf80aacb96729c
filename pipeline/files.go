package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/cookiefile"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/store"
)

// RemoveStore deletes the store at path and its WAL files, for -fresh.
// Only a crawl store is deleted (store.Remove): any other file, or a store
// another crawl has open, is refused and left untouched.
func RemoveStore(ctx context.Context, path string) error {
	if err := store.Remove(ctx, path); err != nil {
		return fmt.Errorf("-fresh: refusing to delete %s: %w", path, err)
	}
	return nil
}

// Export writes the configured exports into dir: one CSV per table, and
// the records both as one file with a cluster column and as one file per
// cluster (with that cluster's columns) under dir/records/. The files are
// written side by side (each whole or not at all); what was written is
// logged in the configured order.
func (p *Pipeline) Export(ctx context.Context, dir string, log io.Writer) error {
	return runExports(ctx, p.exportJobs(dir), nil, log)
}

// CheckOutDir makes sure the exports can be written to dir, before a crawl
// rather than after it: it creates dir when missing and creates and
// removes a probe file in it.
func CheckOutDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("output directory %s: %w (set out: in the configuration, or -out)", dir, err)
	}
	f, err := os.CreateTemp(dir, ".crawl-write-check-*")
	if err != nil {
		return fmt.Errorf("output directory %s is not writable: %w (set out: in the configuration, or -out)", dir, err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("output directory %s: %w", dir, err)
	}
	return nil
}

// loadCookies reads a Netscape cookie file into a cookie jar.
func loadCookies(path string) (*cookiejar.Jar, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config: fetch.cookies_file: %w", err)
	}
	defer f.Close()
	cookies, err := cookiefile.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("config: fetch.cookies_file %s: %w", path, err)
	}
	jar, err := cookiefile.Jar(cookies, time.Now())
	if err != nil {
		return nil, fmt.Errorf("config: fetch.cookies_file %s: %w", path, err)
	}
	return jar, nil
}

// Check validates what Load cannot: that files the configuration names
// exist and parse, and that the store is a crawl store (or not there yet).
func Check(cfg *config.Config) error {
	var errs []error
	if err := store.Check(context.Background(), cfg.DB); err != nil {
		errs = append(errs, fmt.Errorf("config: db: %w", err))
	}
	if cfg.Fetch.CookiesFile != "" {
		if _, err := loadCookies(cfg.Fetch.CookiesFile); err != nil {
			errs = append(errs, err)
		}
	}
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

// cookieJar is the engine option of the configured cookie file (none
// without one).
func (p *Pipeline) cookieJar() ([]crawler.Option, error) {
	if p.cfg.Fetch.CookiesFile == "" {
		return nil, nil
	}
	jar, err := loadCookies(p.cfg.Fetch.CookiesFile)
	if err != nil {
		return nil, err
	}
	return []crawler.Option{crawler.WithCookieJar(jar)}, nil
}
