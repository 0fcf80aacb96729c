package calibeval_test

import (
	"bytes"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/calibeval"
)

// FuzzReadOutcomes: any bytes give outcomes or an error, never a panic,
// and accepted outcomes can be scored and re-judged.
func FuzzReadOutcomes(f *testing.F) {
	f.Add([]byte(`[{"Topic":{"Source":"pydocs","Name":"tutorial"},"Strategy":"bfs","Draw":"0","Truth":[true,false],"Measured":[true,true],"Relevance":[0.3,0.1],"SeedLOO":[0.2,0.25]}]`))
	f.Add([]byte(`[{"Topic":{"Source":"a","Name":"b"},"Truth":[true],"Measured":[true],"Relevance":[1e308],"SeedLOOAt":[[]]}]`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		outs, err := calibeval.ReadOutcomes(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, o := range outs {
			if e := o.Err(); e < 0 {
				t.Fatalf("negative error %v", e)
			}
			if len(o.Relevance) > 1000 {
				continue
			}
			r := calibeval.Rejudge(o, topic.ThresholdTopical)
			if len(r.Measured) != len(o.Relevance) {
				t.Fatalf("re-judged %d pages of %d", len(r.Measured), len(o.Relevance))
			}
		}
	})
}
