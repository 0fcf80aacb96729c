package redisgate

import (
	"context"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Robots shares robots.txt answers through Redis (crawler.RobotsShare):
// key robots:<URL> holds "<status>\n<body>" for as long as the process that
// fetched it keeps the answer.
type Robots struct {
	rdb    redis.UniversalClient
	prefix string
}

// NewRobots returns the robots.txt share of the crawl whose keys start with prefix.
func NewRobots(rdb redis.UniversalClient, prefix string) *Robots {
	return &Robots{rdb: rdb, prefix: prefix}
}

// Get implements crawler.RobotsShare.
func (r *Robots) Get(ctx context.Context, robotsURL string) (int, []byte, bool) {
	v, err := r.rdb.Get(ctx, r.prefix+"robots:"+robotsURL).Bytes()
	if err != nil {
		return 0, nil, false
	}
	for i, b := range v {
		if b == '\n' {
			status, err := strconv.Atoi(string(v[:i]))
			if err != nil {
				return 0, nil, false
			}
			return status, v[i+1:], true
		}
	}
	return 0, nil, false
}

// Put implements crawler.RobotsShare.
func (r *Robots) Put(ctx context.Context, robotsURL string, status int, body []byte, ttl time.Duration) {
	if ttl <= 0 {
		return
	}
	v := append([]byte(strconv.Itoa(status)+"\n"), body...)
	_ = r.rdb.Set(ctx, r.prefix+"robots:"+robotsURL, v, ttl).Err() // a failed share only costs a fetch
}
