package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
)

// TestSaveTopicsReplaces stores topics twice: the second call's pages get
// its topics (unchanged ones too), and pages it leaves out lose theirs.
func TestSaveTopicsReplaces(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "crawl.db"))
	var pages []*crawl.Page
	for seq := range int64(4) {
		pages = append(pages, page(seq+1, "http://a.test/"+string(rune('a'+seq)), 10))
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		topics map[int64]int64
		want   [4]int64
	}{
		{map[int64]int64{1: 3, 2: 4, 3: 3}, [4]int64{3, 4, 3, 0}},
		{map[int64]int64{2: 4, 3: 5, 4: 1}, [4]int64{0, 4, 5, 1}},
		{nil, [4]int64{}},
	}
	for i, s := range steps {
		if err := st.SaveTopics(ctx, s.topics, map[int64][]string{3: {"x"}}); err != nil {
			t.Fatal(err)
		}
		var got [4]int64
		if err := st.Pages(ctx, func(p *crawl.Page) error { got[p.Seq-1] = p.Topic; return nil }); err != nil {
			t.Fatal(err)
		}
		if got != s.want {
			t.Errorf("step %d: SaveTopics(%v): page topics %v, want %v", i, s.topics, got, s.want)
		}
	}
}
