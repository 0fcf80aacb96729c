package redisshare

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// Defaults of the zero fields of StatsConfig.
const (
	DefaultStatsEvery  = 200 * time.Millisecond
	DefaultStatsMaxLen = 5_000
)

// StatsConfig is plain data; zero values take the defaults.
type StatsConfig struct {
	// Prefix names the keys: Prefix+"meta", "df", "sum" (hashes: the
	// crawl's totals) and "log" (the stream of the deltas). Required.
	Prefix string
	Owner  string        // this process; its own entries are skipped when read (required)
	Every  time.Duration // how often to send and receive
	MaxLen int64         // the stream is trimmed to about this many entries
}

// Model is what a StatsShare shares: topic.Model.
type Model interface {
	AddStats(d topic.StatsDelta) error
	Features() int
	Space() string
}

// StatsShare is one process's side of a crawl's shared topic statistics:
// a topic.StatsSharer.
type StatsShare struct {
	rdb   redis.UniversalClient
	cfg   StatsConfig
	model Model
	keys  []string // meta, df, sum, log
	space string   // the model's

	mu    sync.Mutex
	buf   pending
	stats Stats

	// The loop's own (and New's, before the loop starts).
	applied totals // what the model holds of the crawl's totals
	last    string // the id of the last entry read
	seq     int64  // its sequence number
	pump    *pump
}

// pending is what this process observed since its last send.
type pending struct {
	docs    int64
	words   []int64  // by word id (topic.WordSpace long: an increment per word, no hashing)
	touched []uint32 // the ids counted, each once
	folds   int64
	sum     []float64
	rel     map[relKey]int64 // the pages judged, by epoch and bin
}

// relKey is a relevance count's epoch and bin.
type relKey struct {
	epoch int64
	bin   int
}

// totals are the crawl's statistics as the model holds them.
type totals struct {
	docs, folds int64
	df          []int64 // by word id
	sum         []float64
	rel         *topic.RelHist // the window of the pages judged
}

// NewStats starts sharing m's statistics on rdb: it first adds the
// crawl's totals so far to m (a process that joins a running crawl judges
// as the others do from its first page), then, until Close, sends what
// m observes and adds what the other processes send. It fails when the
// crawl's statistics were made by a model of another Space (other seeds
// or topic settings). log may be nil.
func NewStats(ctx context.Context, rdb redis.UniversalClient, cfg StatsConfig, m Model, log *slog.Logger) (*StatsShare, error) {
	if cfg.Prefix == "" || cfg.Owner == "" {
		return nil, errors.New("redisshare: StatsConfig.Prefix and StatsConfig.Owner are required")
	}
	if cfg.Every <= 0 {
		cfg.Every = DefaultStatsEvery
	}
	if cfg.MaxLen <= 0 {
		cfg.MaxLen = DefaultStatsMaxLen
	}
	s := &StatsShare{rdb: rdb, cfg: cfg, model: m,
		keys: []string{cfg.Prefix + "meta", cfg.Prefix + "df", cfg.Prefix + "sum", cfg.Prefix + "log", cfg.Prefix + "rel:"}, space: m.Space(),
		applied: newTotals(m.Features())}
	s.buf.reset(m.Features())
	if err := s.resync(ctx); err != nil {
		return nil, err
	}
	s.pump = startPump(s.cfg.Every, log, "topic statistics not shared (this process counts its own pages meanwhile)", s.send, s.receive)
	return s, nil
}

func newTotals(features int) totals {
	return totals{df: make([]int64, topic.WordSpace), sum: make([]float64, features), rel: &topic.RelHist{}}
}

func (p *pending) reset(features int) {
	*p = pending{words: make([]int64, topic.WordSpace), sum: make([]float64, features), rel: map[relKey]int64{}}
}

// count adds n pages holding word id.
func (p *pending) count(id uint32, n int64) {
	if p.words[id] == 0 {
		p.touched = append(p.touched, id)
	}
	p.words[id] += n
}

// Observed implements topic.StatsSharer.
func (s *StatsShare) Observed(words []uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf.docs++
	for _, id := range words {
		if id < topic.WordSpace {
			s.buf.count(id, 1)
		}
	}
}

// Folded implements topic.StatsSharer.
func (s *StatsShare) Folded(f topic.Fold) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf.folds++
	for k, i := range f.Idx {
		s.buf.sum[i] += f.Val[k]
	}
}

// Judged implements topic.RelevanceSharer.
func (s *StatsShare) Judged(epoch int64, bin int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf.rel[relKey{epoch, bin}]++
}

// Stats returns the counts so far: pages sent and received (in deltas),
// entries unreadable, and resyncs (the stream trimmed past this process,
// or an entry lost: the totals were read again).
func (s *StatsShare) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// Close sends what is buffered and stops the loop.
func (s *StatsShare) Close() error {
	s.pump.close()
	return nil
}

// take empties the buffer into a delta (words ascending); ok is false
// when there is nothing to send.
func (s *StatsShare) take() (d topic.StatsDelta, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := &s.buf
	if b.docs == 0 && b.folds == 0 && len(b.rel) == 0 {
		return d, false
	}
	d = topic.StatsDelta{Docs: b.docs, Folds: b.folds, Words: slices.Clone(b.touched)}
	slices.Sort(d.Words)
	d.Counts = make([]int64, len(d.Words))
	for k, id := range d.Words {
		d.Counts[k], b.words[id] = b.words[id], 0
	}
	if b.folds > 0 {
		d.Sum = b.sum
		b.sum = make([]float64, len(b.sum))
	}
	for k, n := range b.rel {
		d.Rel = append(d.Rel, topic.RelCount{Epoch: k.epoch, Bin: k.bin, N: n})
	}
	slices.SortFunc(d.Rel, relOrder)
	clear(b.rel)
	b.docs, b.folds, b.touched = 0, 0, b.touched[:0]
	return d, true
}

// putBack returns an unsent delta to the buffer.
func (s *StatsShare) putBack(d topic.StatsDelta) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf.docs += d.Docs
	s.buf.folds += d.Folds
	for k, id := range d.Words {
		s.buf.count(id, d.Counts[k])
	}
	for i, x := range d.Sum {
		s.buf.sum[i] += x
	}
	for _, c := range d.Rel {
		s.buf.rel[relKey{c.Epoch, c.Bin}] += c.N
	}
}

// relOrder orders relevance counts by epoch, then bin.
func relOrder(a, b topic.RelCount) int {
	if c := cmp.Compare(a.Epoch, b.Epoch); c != 0 {
		return c
	}
	return cmp.Compare(a.Bin, b.Bin)
}

// publish adds a delta to the crawl's totals and appends it to the
// stream, numbered, in one step; the stream is written first, so a
// failure leaves the totals as they were. A totals hash made by a model
// of another space is an error. ARGV: owner, space, MaxLen, the encoded
// delta, docs, folds, the number of words, their (id, count) pairs, the
// number of sum entries, their (index, value) pairs, the relevance
// window (topic.RelWindow), then (epoch, bin, pages) triples to the end.
// The relevance counts of an epoch are the hash KEYS[5]..epoch; meta's
// relmax is the latest epoch counted, and the epochs that fall out of
// the window behind it are deleted (a count older than the window is
// dropped), so the totals hold at most the window's epochs.
var publish = redis.NewScript(`
local sp = redis.call('HGET', KEYS[1], 'space')
if sp and sp ~= ARGV[2] then return redis.error_reply('the crawl topic statistics are of another model space ' .. sp) end
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[3], '*', 'o', ARGV[1], 's', seq, 'd', ARGV[4])
redis.call('HSET', KEYS[1], 'space', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'docs', ARGV[5])
redis.call('HINCRBY', KEYS[1], 'folds', ARGV[6])
local i = 8
for k = 1, tonumber(ARGV[7]) do
	redis.call('HINCRBY', KEYS[2], ARGV[i], ARGV[i + 1])
	i = i + 2
end
local ns = tonumber(ARGV[i])
i = i + 1
for k = 1, ns do
	redis.call('HINCRBYFLOAT', KEYS[3], ARGV[i], ARGV[i + 1])
	i = i + 2
end
local W = tonumber(ARGV[i])
i = i + 1
local top = tonumber(redis.call('HGET', KEYS[1], 'relmax') or '-1')
local newtop = top
while i < #ARGV do
	local e = tonumber(ARGV[i])
	if e > newtop then newtop = e end
	if e > newtop - W then redis.call('HINCRBY', KEYS[5] .. ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
	i = i + 3
end
if newtop > top then
	redis.call('HSET', KEYS[1], 'relmax', newtop)
	for e = math.max(top - W + 1, 0), newtop - W do redis.call('DEL', KEYS[5] .. e) end
end
return seq
`)

// send publishes what was observed since the last send.
func (s *StatsShare) send(ctx context.Context) error {
	d, ok := s.take()
	if !ok {
		return nil
	}
	args := []any{s.cfg.Owner, s.space, s.cfg.MaxLen, appendDelta(nil, d), d.Docs, d.Folds, len(d.Words)}
	for k, id := range d.Words {
		args = append(args, id, d.Counts[k])
	}
	nz := 0
	for _, x := range d.Sum {
		if x != 0 {
			nz++
		}
	}
	args = append(args, nz)
	for i, x := range d.Sum {
		if x != 0 {
			args = append(args, i, strconv.FormatFloat(x, 'g', -1, 64))
		}
	}
	args = append(args, topic.RelWindow)
	for _, c := range d.Rel {
		args = append(args, c.Epoch, c.Bin, c.N)
	}
	if err := publish.Run(ctx, s.rdb, s.keys, args...).Err(); err != nil {
		s.putBack(d)
		return fmt.Errorf("redisshare: send statistics: %w", err)
	}
	s.applied.add(d)
	s.mu.Lock()
	s.stats.Sent += d.Docs
	s.mu.Unlock()
	return nil
}

func (t *totals) add(d topic.StatsDelta) {
	t.docs += d.Docs
	t.folds += d.Folds
	for k, id := range d.Words {
		t.df[id] += d.Counts[k]
	}
	for i, x := range d.Sum {
		t.sum[i] += x
	}
	for _, c := range d.Rel {
		t.rel.Add(c.Epoch, c.Bin, c.N)
	}
}

// receive reads the entries added since the last read and adds the other
// processes' deltas to the model; an entry out of sequence (the stream
// was trimmed past this process, or an entry was lost) makes it read the
// totals again instead, and so does a stream with nothing after the last
// entry read while the crawl numbered entries past it (caughtUp).
func (s *StatsShare) receive(ctx context.Context) error {
	for {
		res, err := s.rdb.XRead(ctx, &redis.XReadArgs{Streams: []string{s.keys[3], s.last}, Count: readCount, Block: -1}).Result()
		if errors.Is(err, redis.Nil) {
			return s.caughtUp(ctx)
		}
		if err != nil {
			return fmt.Errorf("redisshare: receive statistics: %w", err)
		}
		n := 0
		for _, st := range res {
			for _, m := range st.Messages {
				seq, _ := strconv.ParseInt(fmt.Sprint(m.Values["s"]), 10, 64)
				if seq != s.seq+1 {
					s.mu.Lock()
					s.stats.Resyncs++
					s.mu.Unlock()
					return s.resync(ctx)
				}
				s.seq, s.last = seq, m.ID
				n++
				s.take1(m.Values)
			}
		}
		if n < readCount {
			return nil
		}
	}
}

// caughtUp is receive's check when nothing follows the last entry read:
// entries numbered past it were trimmed before this process read them,
// or lost, and no later entry came to show the gap (the crawl's last
// pages, or every process idle), so the totals are read again. An entry
// appended between the XREAD and this check also makes a resync, which
// costs a read of the totals and is exact all the same.
func (s *StatsShare) caughtUp(ctx context.Context) error {
	seq, err := s.rdb.HGet(ctx, s.keys[0], "seq").Int64()
	if errors.Is(err, redis.Nil) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("redisshare: receive statistics: %w", err)
	}
	if seq <= s.seq {
		return nil
	}
	s.mu.Lock()
	s.stats.Resyncs++
	s.mu.Unlock()
	return s.resync(ctx)
}

// take1 decodes one entry and adds it to the model unless it is this
// process's.
func (s *StatsShare) take1(v map[string]any) {
	if o, _ := v["o"].(string); o == s.cfg.Owner {
		return
	}
	raw, _ := v["d"].(string)
	d, err := readDelta([]byte(raw), s.model.Features())
	if err == nil {
		err = s.model.AddStats(d)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.stats.Bad++
		return
	}
	s.applied.add(d)
	s.stats.Received += d.Docs
}

// snapshot reads the crawl's totals and the stream's last entry at one
// moment: the relevance counts as a list of epoch, then its hash's
// fields, for the window's epochs (ARGV[1]) up to meta's relmax.
var snapshot = redis.NewScript(`
local m = redis.call('HMGET', KEYS[1], 'seq', 'space', 'docs', 'folds', 'relmax')
local last = redis.call('XREVRANGE', KEYS[4], '+', '-', 'COUNT', 1)
local id = '0-0'
if #last > 0 then id = last[1][1] end
local rel = {}
if m[5] then
	local top = tonumber(m[5])
	for e = math.max(top - tonumber(ARGV[1]) + 1, 0), top do
		rel[#rel + 1] = e
		rel[#rel + 1] = redis.call('HGETALL', KEYS[5] .. e)
	end
end
return {m[1] or '0', m[2] or '', m[3] or '0', m[4] or '0', id, redis.call('HGETALL', KEYS[2]), redis.call('HGETALL', KEYS[3]), rel}
`)

// resync reads the crawl's totals and adds to the model what it does not
// hold of them; reading goes on after the stream's last entry.
func (s *StatsShare) resync(ctx context.Context) error {
	res, err := snapshot.Run(ctx, s.rdb, s.keys, topic.RelWindow).Slice()
	if err != nil {
		return fmt.Errorf("redisshare: read the statistics totals: %w", err)
	}
	snap, seq, last, err := s.parseSnapshot(res)
	if err != nil {
		return err
	}
	d := topic.StatsDelta{Docs: snap.docs - s.applied.docs, Folds: snap.folds - s.applied.folds}
	for id, n := range snap.df {
		if n != s.applied.df[id] {
			d.Words, d.Counts = append(d.Words, uint32(id)), append(d.Counts, n-s.applied.df[id])
		}
	}
	if d.Folds != 0 {
		d.Sum = make([]float64, len(snap.sum))
		for i, x := range snap.sum {
			d.Sum[i] = x - s.applied.sum[i]
		}
	}
	d.Rel = relDiff(snap.rel.Counts(), s.applied.rel.Counts())
	if err := s.model.AddStats(d); err != nil {
		return fmt.Errorf("redisshare: statistics totals: %w", err)
	}
	s.applied, s.seq, s.last = snap, seq, last
	return nil
}
