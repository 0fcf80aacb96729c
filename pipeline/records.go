package pipeline

import (
	"fmt"
	"log/slog"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/hooks"
)

// recordsBuiltin extracts the data records of each page (paper 004), per
// template cluster when structural clustering ran before it:
// extraction.Hook, which logs and counts a page whose extraction fails
// while the others go on. Pages are analysed in OnPage, in the fetch
// worker while the DOM is at hand (extraction.WithPageAnalysis), and
// their records named per cluster in OnBatch, so batches hold no DOM;
// with extraction.learned_regions, in OnBatch (extraction.ExtractBatch).
type recordsBuiltin struct {
	*extraction.Hook
}

func newRecordsBuiltin(cfg config.Extraction, log *slog.Logger) *recordsBuiltin {
	ce := extraction.NewClusterExtractor(extraction.Config{MinRecords: cfg.MinRecords})
	opts := []extraction.HookOption{extraction.WithHookLogger(log)}
	if !cfg.LearnedRegions {
		opts = append(opts, extraction.WithPageAnalysis())
	}
	return &recordsBuiltin{extraction.NewHook(ce, opts...)}
}

// BatchNeeds implements hooks.NeedsDeclarer: no DOM when OnPage analysed
// the pages (extraction.WithPageAnalysis).
func (r *recordsBuiltin) BatchNeeds() hooks.Needs { return hooks.Needs{DOM: r.NeedsDOM()} }

func (r *recordsBuiltin) reportLines() []string {
	st := r.Stats()
	out := []string{fmt.Sprintf("extraction      %d records from %d pages; %d pages had none (not lists of records)",
		st.Records, st.Lists, st.None)}
	for _, kind := range []string{"too-large", "panic", "error"} {
		if n := st.Failed[kind]; n > 0 {
			out = append(out, fmt.Sprintf("extraction      %d pages failed: %s (see log)", n, kind))
		}
	}
	return out
}
