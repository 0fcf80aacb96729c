package pipeline

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// recordsBuiltin extracts the data records of each page of a batch (paper
// 004), per template cluster when structural clustering ran before it. A
// page whose extraction fails is logged and counted; the others go on.
type recordsBuiltin struct {
	ce     *extraction.ClusterExtractor
	log    *slog.Logger
	failed int
}

func newRecordsBuiltin(minRecords int, log *slog.Logger) *recordsBuiltin {
	return &recordsBuiltin{ce: extraction.NewClusterExtractor(extraction.Config{MinRecords: minRecords}), log: log}
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
			r.failed++
			r.log.Warn("record extraction failed", "url", p.URL, "err", err)
			continue
		}
		b.Records = append(b.Records, recs...)
	}
	return nil
}

// extract runs the extractor on one page, turning a panic into an error.
func (r *recordsBuiltin) extract(p *crawl.Page) (recs []crawl.Record, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return r.ce.Extract(p.Cluster, p.URL, p.Doc)
}

func (r *recordsBuiltin) reportLines() []string {
	if r.failed == 0 {
		return nil
	}
	return []string{fmt.Sprintf("extraction      %d pages failed (see log)", r.failed)}
}
