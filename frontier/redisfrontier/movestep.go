package redisfrontier

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Moving the queue to the parked links (a re-crawl opens) or back (a
// normal run opens after one) touches every queued host: one script doing
// it all would hold Redis, alone, for as long as the queue has hosts (0.7
// s for 10,000 hosts; BenchmarkPark). The generation script only starts
// the move (startMove: the counts move, mv:dir is set); the hosts move
// moveHosts at a time, one script call each, while every other call goes
// on between them. Meanwhile Pop answers "not ready" and Push waits, so
// no link is leased from, or queued into, a queue half moved. A link
// given back meanwhile to a host not moved yet has the host moved first
// (release, claim). The process that opened the generation drives the
// move to its end; one that dies doing so leaves mv:lock to expire, and
// the next Pop, Push or opening of any process finishes it.

// moveHosts is how many hosts one move step takes.
const moveHosts = 64

// moveStepScript: ARGV = owner, lock ms, hosts per step. It moves the
// next hosts of the move under way, holding mv:lock for the owner (a
// step of another's live lock: "busy"), and returns "more" or "done".
var moveStepScript = redis.NewScript(luaLib + `
local dir = redis.call('GET', P .. 'mv:dir')
if not dir then return 'done' end
local lk = redis.call('GET', P .. 'mv:lock')
if lk and lk ~= ARGV[1] then return 'busy' end
redis.call('SET', P .. 'mv:lock', ARGV[1], 'PX', ARGV[2])
local from, to = '', 'p'
if dir == 'p>' then from, to = 'p', '' end
for _, m in ipairs(redis.call('ZRANGE', P .. from .. 'hosts', 0, tonumber(ARGV[3]) - 1)) do moveHost(from, to, m) end
if redis.call('EXISTS', P .. from .. 'hosts') == 0 then
  redis.call('DEL', P .. 'mv:dir', P .. 'mv:lock')
  return 'done'
end
return 'more'
`)

// finishMove moves the hosts of the move under way, if any, step by step
// to its end; when another process holds the move, it waits for it
// (wait) or returns at once.
func (f *Frontier) finishMove(ctx context.Context, wait bool) error {
	for {
		res, err := moveStepScript.Run(ctx, f.rdb, f.keys, f.owner, f.lease.Milliseconds(), moveHosts).Text()
		if err != nil {
			return fmt.Errorf("redisfrontier: move the queue: %w", err)
		}
		switch {
		case res == "done":
			return nil
		case res == "busy" && !wait:
			return nil
		case res == "busy":
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
}
