package pipeline

import (
	"fmt"
	"log/slog"

	"github.com/crawl-project/crawl"
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
// In a focused crawl only the pages the topic judged relevant are
// extracted unless extraction.pages is "all" (config.RelevantOnly); the
// topic's page hook runs before this one.
type recordsBuiltin struct {
	*extraction.Hook
	relevantOnly bool
}

func newRecordsBuiltin(cfg *config.Config, log *slog.Logger) *recordsBuiltin {
	ce := extraction.NewClusterExtractor(extraction.Config{MinRecords: cfg.Extraction.MinRecords})
	opts := []extraction.HookOption{extraction.WithHookLogger(log)}
	if !cfg.Extraction.LearnedRegions {
		opts = append(opts, extraction.WithPageAnalysis())
	}
	relevantOnly := cfg.RelevantOnly()
	if relevantOnly {
		opts = append(opts, extraction.WithPageFilter(func(p *crawl.Page) bool { return p.Relevant }))
	}
	return &recordsBuiltin{Hook: extraction.NewHook(ce, opts...), relevantOnly: relevantOnly}
}

// BatchNeeds implements hooks.NeedsDeclarer: no DOM when OnPage analysed
// the pages (extraction.WithPageAnalysis).
func (r *recordsBuiltin) BatchNeeds() hooks.Needs { return hooks.Needs{DOM: r.NeedsDOM()} }

func (r *recordsBuiltin) reportLines() []string {
	st := r.Stats()
	line := fmt.Sprintf("extraction      %d records from %d pages; %d pages had none (not lists of records)",
		st.Records, st.Lists, st.None)
	if r.relevantOnly {
		line += fmt.Sprintf("; %d off-topic pages not extracted (extraction.pages: relevant; \"all\" extracts them)", st.Skipped)
	}
	out := []string{line}
	for _, kind := range []string{"too-large", "panic", "error"} {
		if n := st.Failed[kind]; n > 0 {
			out = append(out, fmt.Sprintf("extraction      %d pages failed: %s (see log)", n, kind))
		}
	}
	return out
}
