package redisfrontier

import (
	"context"
	"fmt"
	"strconv"

	"github.com/cespare/xxhash/v2"
	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
	"github.com/redis/go-redis/v9"
)

// pushChunk is how many links one push script takes: Redis runs a script
// alone, so long ones would hold up every other process.
const pushChunk = 500

// Push implements frontier.Frontier: links in scope and never pushed to
// this crawl by any process are queued, atomically per chunk of links.
func (f *Frontier) Push(ctx context.Context, links []crawl.Link) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if f.isClosed() {
		return 0, frontier.ErrClosed
	}
	batch := make(map[string]struct{}, len(links))
	keep := make([]*crawl.Link, 0, len(links))
	for i := range links {
		l := &links[i]
		if f.rules.Allow(*l) != nil {
			continue
		}
		if _, dup := batch[l.URL]; dup {
			continue
		}
		batch[l.URL] = struct{}{}
		keep = append(keep, l)
	}
	keep, err := f.limited(ctx, keep)
	if err != nil {
		return 0, err
	}
	var c pushCall
	added := 0
	for _, l := range keep {
		host := crawl.HostKey(l.URL)
		shard, member := f.seenKey(l.URL)
		c.add(shard, member, host, score(l.Priority), l.Parent, encodeLink(l, host))
		if c.n == pushChunk {
			n, err := f.runPush(ctx, &c)
			added += n
			if err != nil {
				return added, err
			}
		}
	}
	n, err := f.runPush(ctx, &c)
	return added + n, err
}

// limited drops the links the Limits refuse. Only new links count, so
// the seen-set is asked first (one round trip for all of them); a link two
// processes push at once may count in both.
func (f *Frontier) limited(ctx context.Context, links []*crawl.Link) ([]*crawl.Link, error) {
	if f.limit == nil || len(links) == 0 {
		return links, nil
	}
	pipe := f.rdb.Pipeline()
	seen := make([]*redis.BoolCmd, len(links))
	for i, l := range links {
		shard, member := f.seenKey(l.URL)
		seen[i] = pipe.SIsMember(ctx, f.prefix+"s:"+shard, member)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("redisfrontier: push: %w", err)
	}
	keep := links[:0]
	for i, l := range links {
		if seen[i].Val() || f.limit.Admit(l.URL) {
			keep = append(keep, l) // a seen link is dropped by the push script
		}
	}
	return keep, nil
}

// Refused implements frontier.Refuser: links this process's Limits refused.
func (f *Frontier) Refused() map[string]int64 { return f.limit.Refused() }

// pushCall collects the arguments of one push script.
type pushCall struct {
	parents []any
	index   map[string]int
	links   []any
	n       int
}

func (c *pushCall) add(shard, member, host, score, parent string, rec []byte) {
	pi := 0
	if parent != "" {
		if c.index == nil {
			c.index = map[string]int{}
		}
		if pi = c.index[parent]; pi == 0 {
			c.parents = append(c.parents, parent)
			pi = len(c.parents)
			c.index[parent] = pi
		}
	}
	c.links = append(c.links, shard, member, host, score, pi, rec)
	c.n++
}

func (f *Frontier) runPush(ctx context.Context, c *pushCall) (int, error) {
	if c.n == 0 {
		return 0, nil
	}
	args := make([]any, 0, 2+len(c.parents)+len(c.links))
	args = append(args, len(c.parents))
	args = append(args, c.parents...)
	args = append(args, c.n)
	args = append(args, c.links...)
	*c = pushCall{}
	n, err := pushScript.Run(ctx, f.rdb, f.keys, args...).Int()
	if err != nil {
		return 0, fmt.Errorf("redisfrontier: push: %w", err)
	}
	return n, nil
}

// seenKey splits the URL's 64-bit hash into the shard (its top shardBits
// bits) and the member stored in the shard's intset (the other bits).
func (f *Frontier) seenKey(url string) (shard, member string) {
	h := xxhash.Sum64String(url)
	low := 64 - f.shardBits
	return strconv.FormatUint(h>>low, 36), strconv.FormatUint(h&(1<<low-1), 10)
}
