package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/export"
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

// exportMerged writes one table over several stores (export.WriteMerged).
func exportMerged(ctx context.Context, dbs []string, what, format, out string, stdout io.Writer) error {
	if !slices.Contains(export.MergedWhats, what) {
		return fmt.Errorf("%w: -what %q over several stores: want one of %s", errUsage, what, strings.Join(export.MergedWhats, ", "))
	}
	if !slices.Contains(export.Formats, format) {
		return fmt.Errorf("%w: -format %q: want csv or jsonl", errUsage, format)
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
	if out == "" {
		return export.WriteMerged(ctx, stores, what, format, stdout)
	}
	return export.WriteMergedFile(ctx, stores, what, format, out)
}
