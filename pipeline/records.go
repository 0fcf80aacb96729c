package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// recordsBuiltin extracts the data records of each page of a batch (paper
// 004), per template cluster when structural clustering ran before it. A
// page whose extraction fails is logged and counted; the others go on.
type recordsBuiltin struct {
	ce      *extraction.ClusterExtractor
	log     *slog.Logger
	failed  map[string]int // by kind
	lists   int            // pages with records
	none    int            // pages without (not lists of records)
	records int
}

func newRecordsBuiltin(minRecords int, log *slog.Logger) *recordsBuiltin {
	return &recordsBuiltin{ce: extraction.NewClusterExtractor(extraction.Config{MinRecords: minRecords}), log: log,
		failed: map[string]int{}}
}

func (r *recordsBuiltin) OnBatch(ctx context.Context, b *crawl.Batch) error {
	var pages []extraction.Page
	for _, p := range b.Pages {
		if p.Doc != nil {
			pages = append(pages, extraction.Page{Cluster: p.Cluster, URL: p.URL, Doc: p.Doc})
		}
	}
	// pages are analysed on all CPUs; a page that fails fails alone
	recs, errs := r.ce.ExtractBatch(ctx, pages, runtime.GOMAXPROCS(0))
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, err := range errs {
		if err != nil {
			kind := "error"
			switch {
			case errors.Is(err, extraction.ErrTooLarge):
				kind = "too-large"
			case errors.Is(err, extraction.ErrPanic):
				kind = "panic"
			}
			r.failed[kind]++
			r.log.Warn("record extraction failed", "url", pages[i].URL, "kind", kind, "err", err)
			continue
		}
		if len(recs[i]) == 0 {
			r.none++
		} else {
			r.lists++
			r.records += len(recs[i])
		}
		b.Records = append(b.Records, recs[i]...)
	}
	return nil
}

func (r *recordsBuiltin) reportLines() []string {
	out := []string{fmt.Sprintf("extraction      %d records from %d pages; %d pages had none (not lists of records)",
		r.records, r.lists, r.none)}
	for _, kind := range []string{"too-large", "panic", "error"} {
		if n := r.failed[kind]; n > 0 {
			out = append(out, fmt.Sprintf("extraction      %d pages failed: %s (see log)", n, kind))
		}
	}
	return out
}
