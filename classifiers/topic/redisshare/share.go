package redisshare

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// Defaults of the zero fields of Config.
const (
	DefaultEvery  = 200 * time.Millisecond
	DefaultMaxLen = 50_000
	DefaultBuffer = 10_000
)

// Config is plain data; zero values take the defaults.
type Config struct {
	Key    string        // the stream (required)
	Owner  string        // this process; its own entries are skipped when read (required)
	Every  time.Duration // how often to send and receive
	MaxLen int64         // the stream is trimmed to about this many entries
	Buffer int           // most judgements kept between two sends
}

// Stats counts what a Share did.
type Stats struct {
	Sent, Received, Dropped, Bad int64
	Resyncs                      int64 // StatsShare: the totals read again (see StatsShare.Stats)
}

// Share is one process's side of the stream: a topic.Sharer.
type Share struct {
	rdb   redis.UniversalClient
	cfg   Config
	learn func(topic.Judgement)

	mu    sync.Mutex
	buf   [][]byte
	stats Stats

	last string // the id of the last entry read
	pump *pump
}

// New starts sharing on rdb: judgements given to Publish are sent, and
// those of the other processes are handed to learn (topic.Hook.Learn),
// from one goroutine, until Close. log may be nil.
func New(rdb redis.UniversalClient, cfg Config, learn func(topic.Judgement), log *slog.Logger) (*Share, error) {
	if cfg.Key == "" || cfg.Owner == "" {
		return nil, errors.New("redisshare: Config.Key and Config.Owner are required")
	}
	if cfg.Every <= 0 {
		cfg.Every = DefaultEvery
	}
	if cfg.MaxLen <= 0 {
		cfg.MaxLen = DefaultMaxLen
	}
	if cfg.Buffer <= 0 {
		cfg.Buffer = DefaultBuffer
	}
	s := &Share{rdb: rdb, cfg: cfg, learn: learn, last: "0"}
	s.pump = startPump(cfg.Every, log, "topic judgements not shared (this process learns from its own pages meanwhile)", s.send, s.receive)
	return s, nil
}

// Publish implements topic.Sharer: it encodes j into the send buffer.
func (s *Share) Publish(j topic.Judgement) {
	b, err := j.AppendBinary(nil)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || len(s.buf) >= s.cfg.Buffer {
		s.stats.Dropped++
		return
	}
	s.buf = append(s.buf, b)
}

// Stats returns the counts so far.
func (s *Share) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// Close sends what is buffered and stops the loop.
func (s *Share) Close() error {
	s.pump.close()
	return nil
}

// send appends the buffered judgements to the stream, one entry each.
func (s *Share) send(ctx context.Context) error {
	s.mu.Lock()
	buf := s.buf
	s.buf = nil
	s.mu.Unlock()
	if len(buf) == 0 {
		return nil
	}
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, b := range buf {
			p.XAdd(ctx, &redis.XAddArgs{Stream: s.cfg.Key, MaxLen: s.cfg.MaxLen, Approx: true,
				Values: []any{"o", s.cfg.Owner, "j", b}})
		}
		return nil
	})
	s.mu.Lock()
	if err != nil {
		s.stats.Dropped += int64(len(buf))
	} else {
		s.stats.Sent += int64(len(buf))
	}
	s.mu.Unlock()
	if err != nil {
		return fmt.Errorf("redisshare: send: %w", err)
	}
	return nil
}

// readCount is how many entries one XREAD asks for.
const readCount = 1000

// receive reads the entries added since the last read and learns from the
// other processes' judgements.
func (s *Share) receive(ctx context.Context) error {
	for {
		res, err := s.rdb.XRead(ctx, &redis.XReadArgs{Streams: []string{s.cfg.Key, s.last}, Count: readCount, Block: -1}).Result()
		if errors.Is(err, redis.Nil) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("redisshare: receive: %w", err)
		}
		n := 0
		for _, st := range res {
			for _, m := range st.Messages {
				s.last = m.ID
				n++
				s.take(m.Values)
			}
		}
		if n < readCount {
			return nil
		}
	}
}

// take decodes one entry and learns from it unless it is this process's.
func (s *Share) take(v map[string]any) {
	if o, _ := v["o"].(string); o == s.cfg.Owner {
		return
	}
	raw, _ := v["j"].(string)
	j, rest, err := topic.ReadJudgement([]byte(raw))
	s.mu.Lock()
	if err != nil || len(rest) > 0 {
		s.stats.Bad++
	} else {
		s.stats.Received++
	}
	s.mu.Unlock()
	if err == nil && len(rest) == 0 {
		s.learn(j)
	}
}
