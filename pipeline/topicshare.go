package pipeline

import (
	"context"
	"fmt"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/classifiers/topic/redisshare"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
)

// TopicShareKey is the Redis stream of a distributed crawl named name
// through which its processes share the learned topic strategy's
// judgements (package redisshare), in the crawl's namespace.
func TopicShareKey(name string) string { return redisfrontier.Prefix(name) + "topic:judged" }

// TopicStatsPrefix prefixes the Redis keys of a distributed crawl named
// name through which its processes share the topic model's statistics
// (package redisshare, StatsShare), in the crawl's namespace.
func TopicStatsPrefix(name string) string { return redisfrontier.Prefix(name) + "topic:stats:" }

// shareTopic makes the topic model of a distributed crawl judge with the
// pages of every process: its relevance statistics and adaptive centroid
// (topic.StatsSharer, every strategy), and the learned strategy's
// judgements (topic.Sharer), each over Redis. A crawl that is not
// distributed learns alone and makes no Redis call.
func (p *Pipeline) shareTopic(ctx context.Context, t *topicBuiltin) error {
	d := p.cfg.Distributed
	if !d.Enabled() {
		return nil
	}
	rdb, err := redisfrontier.NewClient(d.Redis)
	if err != nil {
		return err
	}
	p.closers = append(p.closers, rdb.Close)
	owner, err := Owner(p.cfg.DB)
	if err != nil {
		return err
	}
	st, err := redisshare.NewStats(ctx, rdb, redisshare.StatsConfig{Prefix: TopicStatsPrefix(d.Name), Owner: owner}, t.Model(), p.log)
	if err != nil {
		return fmt.Errorf("pipeline: topic: %w", err)
	}
	p.closers = append(p.closers, st.Close) // before the client closes
	t.Model().ShareStatsWith(st)
	t.stats = st
	if t.Model().Config().Strategy != topic.StrategyLearned {
		return nil
	}
	s, err := redisshare.New(rdb, redisshare.Config{Key: TopicShareKey(d.Name), Owner: owner}, t.Learn, p.log)
	if err != nil {
		return err
	}
	p.closers = append(p.closers, s.Close) // before the client closes
	t.ShareWith(s)
	t.share = s
	return nil
}

// shareLine is the report line of the shared judgements.
func (t *topicBuiltin) shareLine() []string {
	var out []string
	if t.stats != nil {
		st := t.stats.Stats()
		out = append(out, fmt.Sprintf("topic stats     relevance counts and centroid shared: %d pages sent to the other processes, %d received from them (%d unreadable, %d resyncs)",
			st.Sent, st.Received, st.Bad, st.Resyncs))
	}
	if t.share != nil {
		st := t.share.Stats()
		out = append(out, fmt.Sprintf("topic sharing   %d judgements sent to the other processes, %d received from them (%d dropped, %d unreadable)",
			st.Sent, st.Received, st.Dropped, st.Bad))
	}
	return out
}
