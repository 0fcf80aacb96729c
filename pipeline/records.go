package pipeline

import (
	"fmt"
	"log/slog"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/hooks"
)

// recordsBuiltin extracts the data records of each page of a batch (paper
// 004), per template cluster when structural clustering ran before it:
// extraction.Hook, which logs and counts a page whose extraction fails
// while the others go on.
type recordsBuiltin struct {
	*extraction.Hook
}

func newRecordsBuiltin(minRecords int, log *slog.Logger) *recordsBuiltin {
	ce := extraction.NewClusterExtractor(extraction.Config{MinRecords: minRecords})
	return &recordsBuiltin{extraction.NewHook(ce, extraction.WithHookLogger(log))}
}

// BatchNeeds implements hooks.NeedsDeclarer: extraction reads the DOM.
func (r *recordsBuiltin) BatchNeeds() hooks.Needs { return hooks.Needs{DOM: true} }

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
