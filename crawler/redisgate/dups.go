package redisgate

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/redis/go-redis/v9"
)

// Dups is the shared duplicate index of a distributed crawl
// (crawler.DupShare): the Redis list dd:log under the crawl's prefix, one
// entry per page kept (its fingerprint and URL) or duplicate found (its
// URL), in the order the processes appended them.
type Dups struct {
	rdb  redis.UniversalClient
	keys []string
}

// dupChunk is how many entries one read (or one refused append) returns.
const dupChunk = 1000

// NewDups returns the shared duplicate index of the crawl whose keys
// start with prefix.
func NewDups(rdb redis.UniversalClient, prefix string) *Dups {
	return &Dups{rdb: rdb, keys: []string{prefix + "dd:log"}}
}

// Read implements crawler.DupShare.
func (d *Dups) Read(ctx context.Context, from int64) ([]crawler.DupEntry, error) {
	vs, err := d.rdb.LRange(ctx, d.keys[0], from, from+dupChunk-1).Result()
	if err != nil {
		return nil, fmt.Errorf("redisgate: read duplicate log: %w", err)
	}
	return decodeEntries(vs)
}

// appendScript: KEYS[1] the log; ARGV = position (-1: the end), entry.
// It appends when the log holds exactly that many entries and returns
// {1}, else {0, the entries from the position on (a chunk)}.
var appendScript = redis.NewScript(`
local at = tonumber(ARGV[1])
local n = redis.call('LLEN', KEYS[1])
if at >= 0 and n ~= at then
  local out = {0}
  for _, v in ipairs(redis.call('LRANGE', KEYS[1], at, at + ` + fmt.Sprint(dupChunk-1) + `)) do out[#out + 1] = v end
  return out
end
redis.call('RPUSH', KEYS[1], ARGV[2])
return {1}
`)

// Append implements crawler.DupShare.
func (d *Dups) Append(ctx context.Context, at int64, e crawler.DupEntry) (bool, []crawler.DupEntry, error) {
	res, err := appendScript.Run(ctx, d.rdb, d.keys, at, EncodeDupEntry(e)).Slice()
	if err != nil {
		return false, nil, fmt.Errorf("redisgate: append to duplicate log: %w", err)
	}
	if ok, _ := res[0].(int64); ok == 1 {
		return true, nil, nil
	}
	vs := make([]string, 0, len(res)-1)
	for _, v := range res[1:] {
		s, _ := v.(string)
		vs = append(vs, s)
	}
	es, err := decodeEntries(vs)
	return false, es, err
}

func decodeEntries(vs []string) ([]crawler.DupEntry, error) {
	out := make([]crawler.DupEntry, len(vs))
	for i, v := range vs {
		e, err := DecodeDupEntry([]byte(v))
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}

// Entry kinds, the first byte of an encoded entry.
const (
	kindKept      = 'k' // body hash, no SimHash (text too short)
	kindKeptSim   = 's' // body hash and SimHash (entries written before title signatures)
	kindKeptTitle = 't' // body hash, SimHash and title signature
	kindDup       = 'd' // a duplicate's URL only
)

// EncodeDupEntry is the log's form of e: a kind byte, then for a kept
// page its body hash and SimHash (8 bytes each, big-endian), for a kept
// page with a SimHash and a title signature that too (8 bytes), then the
// URL.
func EncodeDupEntry(e crawler.DupEntry) []byte {
	if e.Duplicate {
		return append([]byte{kindDup}, e.URL...)
	}
	n := 17
	if e.HasSimHash && e.Title != 0 {
		n = 25
	}
	b := make([]byte, n, n+len(e.URL))
	switch {
	case n == 25:
		b[0] = kindKeptTitle
		binary.BigEndian.PutUint64(b[17:], e.Title)
	case e.HasSimHash:
		b[0] = kindKeptSim
	default:
		b[0] = kindKept
	}
	binary.BigEndian.PutUint64(b[1:], e.Body)
	binary.BigEndian.PutUint64(b[9:], e.SimHash)
	return append(b, e.URL...)
}

var errEntry = errors.New("redisgate: bad duplicate log entry")

// DecodeDupEntry reads an entry EncodeDupEntry wrote.
func DecodeDupEntry(b []byte) (crawler.DupEntry, error) {
	var e crawler.DupEntry
	if len(b) == 0 {
		return e, fmt.Errorf("%w: empty", errEntry)
	}
	switch b[0] {
	case kindDup:
		e.Duplicate = true
		e.URL = string(b[1:])
	case kindKept, kindKeptSim:
		if len(b) < 17 {
			return e, fmt.Errorf("%w: %d bytes, want at least 17", errEntry, len(b))
		}
		e.Fingerprint = crawl.Fingerprint{
			Body: binary.BigEndian.Uint64(b[1:]), SimHash: binary.BigEndian.Uint64(b[9:]),
			HasSimHash: b[0] == kindKeptSim, URL: string(b[17:]),
		}
	case kindKeptTitle:
		if len(b) < 25 {
			return e, fmt.Errorf("%w: %d bytes, want at least 25", errEntry, len(b))
		}
		e.Fingerprint = crawl.Fingerprint{
			Body: binary.BigEndian.Uint64(b[1:]), SimHash: binary.BigEndian.Uint64(b[9:]), HasSimHash: true,
			Title: binary.BigEndian.Uint64(b[17:]), URL: string(b[25:]),
		}
		if e.Title == 0 {
			return crawler.DupEntry{}, fmt.Errorf("%w: title signature 0", errEntry)
		}
	default:
		return e, fmt.Errorf("%w: kind %q", errEntry, b[0])
	}
	if e.URL == "" {
		return crawler.DupEntry{}, fmt.Errorf("%w: no URL", errEntry)
	}
	return e, nil
}
