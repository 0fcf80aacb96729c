package pipeline

import (
	"fmt"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/classifiers/topic/redisshare"
	"github.com/crawl-project/crawl/frontier/redisfrontier"
)

// TopicShareKey is the Redis stream of a distributed crawl named name
// through which its processes share the learned topic strategy's
// judgements (package redisshare), in the crawl's namespace.
func TopicShareKey(name string) string { return redisfrontier.Prefix(name) + "topic:judged" }

// shareTopic makes the learned strategy of a distributed crawl learn from
// the pages of every process (topic.Sharer over a Redis stream). Other
// strategies, and crawls that are not distributed, learn alone.
func (p *Pipeline) shareTopic(t *topicBuiltin) error {
	d := p.cfg.Distributed
	if !d.Enabled() || t.Model().Config().Strategy != topic.StrategyLearned {
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
	if t.share == nil {
		return nil
	}
	st := t.share.Stats()
	return []string{fmt.Sprintf("topic sharing   %d judgements sent to the other processes, %d received from them (%d dropped, %d unreadable)",
		st.Sent, st.Received, st.Dropped, st.Bad)}
}
