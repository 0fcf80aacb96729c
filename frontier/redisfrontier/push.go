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
		if !f.rules.Allows(*l) {
			continue
		}
		if _, dup := batch[l.URL]; dup {
			continue
		}
		batch[l.URL] = struct{}{}
		keep = append(keep, l)
	}
	var c pushCall
	added := 0
	for _, l := range keep {
		host := crawl.HostKey(l.URL)
		shard, member := f.seenKey(l.URL)
		c.add(shard, member, host, score(l.Priority), l.Parent, encodeLink(l, host), f.sketchSlots(l.URL))
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

// Drops implements frontier.Dropper: the links outside the scope, and
// those whose URL is in the crawl's seen-set, asked of Redis in one round
// trip.
func (f *Frontier) Drops(ctx context.Context, links []crawl.Link, drops []bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if f.isClosed() {
		return frontier.ErrClosed
	}
	pipe := f.rdb.Pipeline()
	cmds := make([]*redis.BoolCmd, len(links))
	for i := range links {
		if drops[i] = !f.rules.Allows(links[i]); drops[i] {
			continue
		}
		shard, member := f.seenKey(links[i].URL)
		cmds[i] = pipe.SIsMember(ctx, f.prefix+"s:"+shard, member)
	}
	if pipe.Len() == 0 {
		return nil
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("redisfrontier: drops: %w", err)
	}
	for i, c := range cmds {
		if c != nil {
			drops[i] = c.Val()
		}
	}
	return nil
}

// Refused implements frontier.Refuser: the links this process's pushes
// refused, by rule (the rules are applied in Redis for the whole crawl: a
// rule's count here is this process's share of its refusals). Links Pop
// refuses (RefusedError) are the caller's to count.
func (f *Frontier) Refused() map[string]int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string]int64, len(f.refused))
	for k, v := range f.refused {
		out[k] = v
	}
	return out
}

func (f *Frontier) countRefused(rule string, n int64) {
	if n == 0 {
		return
	}
	f.mu.Lock()
	f.refused[rule] += n
	f.mu.Unlock()
}

// pushCall collects the arguments of one push script.
type pushCall struct {
	parents []any
	index   map[string]int
	links   []any
	n       int
}

func (c *pushCall) add(shard, member, host, score, parent string, rec []byte, slots [2]string) {
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
	c.links = append(c.links, shard, member, host, score, pi, rec, slots[0], slots[1])
	c.n++
}

func (f *Frontier) runPush(ctx context.Context, c *pushCall) (int, error) {
	if c.n == 0 {
		return 0, nil
	}
	lim := f.cfg.Frontier.Limits
	args := make([]any, 0, 5+len(c.parents)+len(c.links))
	args = append(args, max(f.cfg.MaxPagesPerHost, 0), max(lim.MaxQueryVariants, 0), max(lim.MaxURLsPerPattern, 0))
	args = append(args, len(c.parents))
	args = append(args, c.parents...)
	args = append(args, c.n)
	args = append(args, c.links...)
	*c = pushCall{}
	res, err := pushScript.Run(ctx, f.rdb, f.keys, args...).Int64Slice()
	for err == nil && len(res) > 0 && res[0] == -1 { // the queue is being moved: finish the move, push again
		if err = f.finishMove(ctx, true); err == nil {
			res, err = pushScript.Run(ctx, f.rdb, f.keys, args...).Int64Slice()
		}
	}
	if err != nil {
		return 0, fmt.Errorf("redisfrontier: push: %w", err)
	}
	if len(res) != 4 {
		return 0, fmt.Errorf("redisfrontier: push: unexpected answer %v", res)
	}
	f.countRefused(RuleMaxPagesPerHost, res[1])
	f.countRefused(frontier.RuleQueryVariants, res[2])
	f.countRefused(frontier.RuleURLsPerPattern, res[3])
	return int(res[0]), nil
}

// sketchSlots are the push script's sketch arguments of url: the slots
// of its variant key and of its pattern (frontier.SketchSlots), comma
// separated, "" for a rule that is off.
func (f *Frontier) sketchSlots(url string) [2]string {
	var out [2]string
	lim := f.cfg.Frontier.Limits
	if lim.MaxQueryVariants > 0 {
		out[0] = joinSlots(frontier.SketchSlots(frontier.VariantKey(url)))
	}
	if lim.MaxURLsPerPattern > 0 {
		out[1] = joinSlots(frontier.SketchSlots(frontier.PatternOf(url)))
	}
	return out
}

func joinSlots(s [frontier.SketchRows]uint32) string {
	b := make([]byte, 0, 32)
	for i, v := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return string(b)
}

// seenKey splits the URL's 64-bit hash into the shard (its top shardBits
// bits) and the member stored in the shard's intset (the other bits).
func (f *Frontier) seenKey(url string) (shard, member string) {
	h := xxhash.Sum64String(url)
	low := 64 - f.shardBits
	return strconv.FormatUint(h>>low, 36), strconv.FormatUint(h&(1<<low-1), 10)
}
