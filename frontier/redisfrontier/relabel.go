package redisfrontier

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl"
	"github.com/redis/go-redis/v9"
)

// Revised labels of queued links (the hub built-in's per-host link
// model). A queued link's record sits in its host's queue under its
// sequence number, which a URL does not give, and an index of URL to
// place would cost every queued link its bytes. A revision is kept
// beside the queue instead, in the host's hash rl:<host> (field: the
// URL's seen-set key, value: label, then score), and applied when the
// link is leased: the pop scripts answer whether the host has revisions,
// and only then does Pop take the link's (one more round trip, for the
// hosts with revisions). The hash goes when its host's queue is empty. A
// revision applies to the lease Pop hands out, not to the lease record:
// a link re-issued after its process died has its label of before.

// relabelScript: ARGV = number of links, then per link: host, seen-set
// shard, member, value (label "\n" score). A revision is kept when the
// URL was pushed (seen) and its host has links queued or parked; it
// returns, per link, 1 when kept.
var relabelScript = redis.NewScript(`
local P = KEYS[1]
local n = tonumber(ARGV[1])
local out = {}
for k = 0, n - 1 do
  local b = 2 + k * 4
  local H = ARGV[b]
  local kept = 0
  if redis.call('SISMEMBER', P .. 's:' .. ARGV[b + 1], ARGV[b + 2]) == 1 and
     (redis.call('EXISTS', P .. 'x:' .. H) == 1 or redis.call('EXISTS', P .. 'px:' .. H) == 1) then
    redis.call('HSET', P .. 'rl:' .. H, ARGV[b + 1] .. ':' .. ARGV[b + 2], ARGV[b + 3])
    kept = 1
  end
  out[#out + 1] = kept
end
return out
`)

// takeLabelScript: ARGV = host, field. It returns the revision of a
// leased link (false: none) and deletes it, and the host's revisions
// when its queue is empty.
var takeLabelScript = redis.NewScript(`
local P = KEYS[1]
local rl = P .. 'rl:' .. ARGV[1]
local v = redis.call('HGET', rl, ARGV[2])
if v then redis.call('HDEL', rl, ARGV[2]) end
if redis.call('EXISTS', P .. 'x:' .. ARGV[1]) == 0 and redis.call('EXISTS', P .. 'px:' .. ARGV[1]) == 0 then
  redis.call('DEL', rl)
end
return v
`)

// relabelChunk is how many revisions one script call takes.
const relabelChunk = 256

// SetFrontierLabels gives queued links (urls) new labels and scores
// (labels[i], scores[i] for urls[i]), applied when each is leased. It
// returns, for each URL, whether it was kept: false when the URL was
// never pushed to this crawl or its host has no link queued (fetched
// meanwhile, by any process). The same method as the SQLite store's, so
// the pipeline writes revised link labels to either frontier.
func (f *Frontier) SetFrontierLabels(ctx context.Context, urls, labels []string, scores []float64) ([]bool, error) {
	if len(urls) != len(labels) || len(urls) != len(scores) {
		return nil, fmt.Errorf("redisfrontier: set frontier labels: %d urls, %d labels, %d scores", len(urls), len(labels), len(scores))
	}
	found := make([]bool, 0, len(urls))
	for start := 0; start < len(urls); start += relabelChunk {
		end := min(start+relabelChunk, len(urls))
		args := make([]any, 0, 1+4*(end-start))
		args = append(args, end-start)
		for i := start; i < end; i++ {
			shard, member := f.seenKey(urls[i])
			args = append(args, crawl.HostKey(urls[i]), shard, member, labels[i]+"\n"+strconv.FormatFloat(scores[i], 'g', -1, 64))
		}
		res, err := relabelScript.Run(ctx, f.rdb, f.keys, args...).Int64Slice()
		if err != nil {
			return nil, fmt.Errorf("redisfrontier: set frontier labels: %w", err)
		}
		if len(res) != end-start {
			return nil, fmt.Errorf("redisfrontier: set frontier labels: %d answers to %d links", len(res), end-start)
		}
		for _, k := range res {
			found = append(found, k == 1)
		}
	}
	return found, nil
}

// takeLabel gives l its revised label and score, if it has one, from
// host's revisions.
func (f *Frontier) takeLabel(ctx context.Context, l *crawl.Link, host string) error {
	shard, member := f.seenKey(l.URL)
	v, err := takeLabelScript.Run(ctx, f.rdb, f.keys, host, shard+":"+member).Text()
	if err == redis.Nil {
		return nil
	}
	if err != nil {
		return fmt.Errorf("redisfrontier: pop: revised label: %w", err)
	}
	label, sc, ok := strings.Cut(v, "\n")
	score, err := strconv.ParseFloat(sc, 64)
	if !ok || err != nil {
		return fmt.Errorf("redisfrontier: pop: bad revised label %q", v)
	}
	l.Label, l.Score = label, score
	return nil
}
