package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

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
	for _, p := range b.Pages {
		if err := ctx.Err(); err != nil {
			return err
		}
		if p.Doc == nil {
			continue
		}
		recs, err := r.extract(p)
		if err != nil {
			kind := "error"
			switch {
			case errors.Is(err, extraction.ErrTooLarge):
				kind = "too-large"
			case errors.Is(err, errPanic):
				kind = "panic"
			}
			r.failed[kind]++
			r.log.Warn("record extraction failed", "url", p.URL, "kind", kind, "err", err)
			continue
		}
		if len(recs) == 0 {
			r.none++
		} else {
			r.lists++
			r.records += len(recs)
		}
		b.Records = append(b.Records, recs...)
	}
	return nil
}

// errPanic marks a page whose extraction panicked.
var errPanic = errors.New("panic")

// extract runs the extractor on one page, turning a panic into an error.
func (r *recordsBuiltin) extract(p *crawl.Page) (recs []crawl.Record, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: %v", errPanic, v)
		}
	}()
	return r.ce.Extract(p.Cluster, p.URL, p.Doc)
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
