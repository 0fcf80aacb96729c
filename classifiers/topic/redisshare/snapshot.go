package redisshare

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// parseSnapshot reads the snapshot script's answer.
func (s *StatsShare) parseSnapshot(res []any) (t totals, seq int64, last string, err error) {
	bad := func(what string) error { return fmt.Errorf("redisshare: statistics totals: bad %s", what) }
	if len(res) != 8 {
		return t, 0, "", bad("answer")
	}
	str := func(i int) string { v, _ := res[i].(string); return v }
	if sp := str(1); sp != "" && sp != s.space {
		return t, 0, "", fmt.Errorf("redisshare: the crawl's topic statistics are of another model space (%s; this process %s): run every process with the same topic seeds and settings", sp, s.space)
	}
	t = newTotals(s.model.Features())
	var e1, e2, e3 error
	seq, e1 = strconv.ParseInt(str(0), 10, 64)
	t.docs, e2 = strconv.ParseInt(str(2), 10, 64)
	t.folds, e3 = strconv.ParseInt(str(3), 10, 64)
	if last = str(4); errors.Join(e1, e2, e3) != nil || last == "" {
		return t, 0, "", bad("counters")
	}
	df, _ := res[5].([]any)
	for i := 0; i+1 < len(df); i += 2 {
		id, e1 := strconv.ParseUint(fmt.Sprint(df[i]), 10, 32)
		n, e2 := strconv.ParseInt(fmt.Sprint(df[i+1]), 10, 64)
		if e1 != nil || e2 != nil || id >= topic.WordSpace {
			return t, 0, "", bad("word " + fmt.Sprint(df[i]))
		}
		t.df[id] = n
	}
	sum, _ := res[6].([]any)
	for i := 0; i+1 < len(sum); i += 2 {
		k, e1 := strconv.Atoi(fmt.Sprint(sum[i]))
		x, e2 := strconv.ParseFloat(strings.TrimSpace(fmt.Sprint(sum[i+1])), 64)
		if e1 != nil || e2 != nil || k < 0 || k >= len(t.sum) {
			return t, 0, "", bad("sum " + fmt.Sprint(sum[i]))
		}
		t.sum[k] = x
	}
	if err := parseRel(res[7], t.rel); err != nil {
		return t, 0, "", err
	}
	return t, seq, last, nil
}

// parseRel reads the snapshot's relevance counts into h.
func parseRel(v any, h *topic.RelHist) error {
	rel, _ := v.([]any)
	for i := 0; i+1 < len(rel); i += 2 {
		e, ok := rel[i].(int64)
		fields, _ := rel[i+1].([]any)
		if !ok {
			return fmt.Errorf("redisshare: statistics totals: bad relevance epoch %v", rel[i])
		}
		for j := 0; j+1 < len(fields); j += 2 {
			b, e1 := strconv.Atoi(fmt.Sprint(fields[j]))
			n, e2 := strconv.ParseInt(fmt.Sprint(fields[j+1]), 10, 64)
			if e1 != nil || e2 != nil || b < 0 || b >= topic.RelBins {
				return fmt.Errorf("redisshare: statistics totals: bad relevance bin %v", fields[j])
			}
			h.Add(e, b, n)
		}
	}
	return nil
}

// relDiff is what has to be added to the counts of had (ordered by
// relOrder) to make those of want (ordered too).
func relDiff(want, had []topic.RelCount) []topic.RelCount {
	var out []topic.RelCount
	for len(want) > 0 || len(had) > 0 {
		switch {
		case len(had) == 0 || len(want) > 0 && relOrder(want[0], had[0]) < 0:
			out, want = append(out, want[0]), want[1:]
		case len(want) == 0 || relOrder(want[0], had[0]) > 0:
			c := had[0]
			c.N = -c.N
			out, had = append(out, c), had[1:]
		default:
			if n := want[0].N - had[0].N; n != 0 {
				c := want[0]
				c.N = n
				out = append(out, c)
			}
			want, had = want[1:], had[1:]
		}
	}
	return out
}
