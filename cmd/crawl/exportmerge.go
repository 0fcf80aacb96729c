package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
)

// storeList is the -db flag of export: repeated, and globs expanded (a
// pattern that matches nothing is an error naming it).
type storeList []string

func (s *storeList) String() string { return strings.Join(*s, " ") }

func (s *storeList) Set(v string) error {
	if !strings.ContainsAny(v, "*?[") {
		*s = append(*s, v)
		return nil
	}
	m, err := filepath.Glob(v)
	if err != nil {
		return fmt.Errorf("glob %q: %w", v, err)
	}
	if len(m) == 0 {
		return fmt.Errorf("glob %q matches no file", v)
	}
	for _, f := range m {
		if !slices.Contains(*s, f) {
			*s = append(*s, f)
		}
	}
	return nil
}

// mergeOptions are the flags of the merged mining (-config, -mining).
type mergeOptions struct {
	config string
	method string // pipeline.MergeRecluster, pipeline.MergeCentres or "off"
}

// minedTables are the tables whose merged export needs the merged mining.
var minedTables = []string{"pages", "records", "clusters", "topics"}

// exportMerged writes one table over several stores: export.WriteMerged,
// or with the merged mining (pipeline.MineMerged) export.WriteMined.
func exportMerged(ctx context.Context, dbs []string, what, format, out string, mo mergeOptions, stdout, stderr io.Writer) error {
	whats := export.MinedWhats
	if mo.method == "off" {
		whats = export.MergedWhats
	} else if mo.method != pipeline.MergeRecluster && mo.method != pipeline.MergeCentres {
		return fmt.Errorf("%w: -mining %q: want recluster, centres or off", errUsage, mo.method)
	}
	if !slices.Contains(whats, what) {
		return fmt.Errorf("%w: -what %q over several stores: want one of %s", errUsage, what, strings.Join(whats, ", "))
	}
	if !slices.Contains(export.Formats, format) {
		return fmt.Errorf("%w: -format %q: want csv or jsonl", errUsage, format)
	}
	mcfg, err := mergeConfig(mo)
	if err != nil {
		return err
	}
	var stores []*store.Store
	defer func() {
		for _, st := range stores {
			st.Close()
		}
	}()
	for _, db := range dbs {
		if _, err := os.Stat(db); err != nil {
			return fmt.Errorf("store %s: %w", db, err)
		}
		st, err := store.Open(ctx, db)
		if err != nil {
			return err
		}
		stores = append(stores, st)
	}
	var mined *export.Mined
	if mo.method != "off" && slices.Contains(minedTables, what) {
		m, rep, err := pipeline.MineMerged(ctx, stores, mcfg)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "merged %d stores: %d pages, %d template clusters (%s over %d pages), %d fuzzy topics\n",
			len(stores), rep.Pages, rep.Clusters, rep.Method, rep.Clustered, rep.Topics)
		mined = m
	}
	switch {
	case out == "":
		return export.WriteMined(ctx, stores, mined, what, format, stdout)
	case what == "records" && isDir(out):
		files, err := export.WriteMergedRecordsDir(ctx, stores, mined, format, out)
		for _, f := range files {
			fmt.Fprintln(stderr, "wrote", f)
		}
		return err
	default:
		return export.WriteMinedFile(ctx, stores, mined, what, format, out)
	}
}

// mergeConfig is the merged mining's configuration: the crawl's (-config)
// or the defaults.
func mergeConfig(mo mergeOptions) (pipeline.MergeConfig, error) {
	def := config.Default()
	cfg := &def
	if mo.config != "" {
		c, err := config.Load(mo.config)
		if err != nil {
			return pipeline.MergeConfig{}, err
		}
		cfg = c
	}
	mc := pipeline.MergeConfigOf(cfg)
	if mo.method != "off" {
		mc.Clusters = mo.method
	}
	return mc, nil
}
