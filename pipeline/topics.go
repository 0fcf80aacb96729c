package pipeline

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/store"
)

// topicsBuiltin is fuzzy topic grouping (paper 002) over every stored page,
// at the end of the crawl. Pages of earlier runs are loaded from the store
// at start (titles and meta only), so the final grouping covers them too.
type topicsBuiltin struct {
	st          *store.Store
	hook        *fuzzy.Hook
	n           int
	unclustered int
}

func newTopicsBuiltin(ctx context.Context, st *store.Store, r float64, paper bool, tok fuzzy.Tokenizer) (*topicsBuiltin, error) {
	var opts []fuzzy.Option
	if tok != nil {
		opts = append(opts, fuzzy.WithTokenizer(tok))
	}
	h, err := fuzzy.NewHook(fuzzy.Config{Threshold: r, Paper: paper}, opts...)
	if err != nil {
		return nil, fmt.Errorf("pipeline: topics: %w", err)
	}
	err = StoredTopicDocs(ctx, st, func(d fuzzy.Doc, _ string) { h.Add(d) })
	if err != nil {
		return nil, err
	}
	return &topicsBuiltin{st: st, hook: h}, nil
}

// BatchNeeds implements hooks.NeedsDeclarer: titles and meta only.
func (t *topicsBuiltin) BatchNeeds() hooks.Needs { return hooks.Needs{} }

// OnBatch feeds the batch to the fuzzy hook; on the final batch it stores
// the topics of every page (earlier batches' pages included).
func (t *topicsBuiltin) OnBatch(ctx context.Context, b *crawl.Batch) error {
	if err := t.hook.OnBatch(ctx, b); err != nil {
		return err
	}
	if !b.Final {
		return nil
	}
	a := t.hook.Assignments()
	t.n = len(t.hook.TopWords())
	if r := t.hook.Result(); r != nil {
		_, un := r.Grouped()
		t.unclustered = len(un)
	}
	return t.st.SaveTopics(ctx, a, t.hook.TopWords())
}

func (t *topicsBuiltin) reportLines() []string {
	return []string{fmt.Sprintf("fuzzy topics    %d topics, %d unclustered pages", t.n, t.unclustered)}
}
