package redisfrontier

import "github.com/redis/go-redis/v9"

// The Lua scripts run atomically in Redis. KEYS[1] is the crawl's key
// prefix ("crawl:{name}:"); every key a script touches starts with it, so
// in Redis Cluster the hash tag {name} keeps a crawl in one slot.
//
// Data model (P = the prefix; s5 = a link's 5-byte big-endian sequence
// number, unique in the crawl, the FIFO tie-break):
//
//	P meta             hash: shard_bits of the seen-set
//	P s:<shard>        set of the seen URLs' 64-bit hashes, low bits as integers (intset encoding)
//	P hosts            zset: s5 of the host's best link .. host, score = -priority of that link
//	P x:<host>         zset: s5 of a segment's best link .. segment id, score the same way
//	P z:<segment>      zset: s5 .. the first 59 bytes of "<parent id>|<record>" → -priority
//	                   (≤ 120 links: listpack encoding)
//	P h:<segment>      hash: s5 .. chunk number (1, 2, …) → the next 64 bytes each (listpack encoding)
//	P pu:<bucket>      hash: parent id → the parent page's URL, once per page and push (bucket = id / 128)
//	P pc:<bucket>      hash: parent id → links queued or leased that name it; the parent goes at 0
//	P open             hash: host → the segment new links of the host go to
//	P l:<owner>        hash: s5 → score \n host \n parent id|record: the links an owner holds (leased)
//	P owners           zset: owner → lease expiry (ms, Redis clock)
//	P procs            zset: owner → last heartbeat (ms), kept an hour
//	P n:queued|n:leased|n:stored|n:failed   counters
//	P phosts, px:<host>, popen, n:parked    the links an earlier run left queued, parked while a
//	                   re-crawl runs (the queue's keys with a "p"; their segments are z: and h:)
//	P rc:base, rc:seq  while a re-crawl runs: the pages stored when it began (its budget's base)
//	                   and the last sequence number of the links then queued or leased
//	P mv:dir, mv:lock  while the queue is moved to the parked links or back ("<from>><to>"), and
//	                   the process moving it (movestep.go)
//	P rc:rv            while a re-crawl runs: set of the 63-bit hashes of the URLs re-visited (Revisit)
//	P hs:stored        hash: host → pages stored
//	P stop             the reason the crawl was stopped, when it was
//	P rl:<host>        hash: seen-set key of a queued link → its revised label \n score (relabel.go)
//	P lim:hd           hash: host → links settled (pages and failures) under MaxPagesPerHost
//	P lim:hl           hash: host → links leased under MaxPagesPerHost (fields at 0 deleted)
//	P lim:cv, lim:cp   strings: the count-min sketches of frontier.Limits (MaxQueryVariants,
//	                   MaxURLsPerPattern): SketchRows rows of 2^SketchBits u32 counters each
//
// A host's queue is split into segments of at most 120 chunks so that
// each segment stays in Redis's compact listpack encoding (a sorted set
// entry in skiplist encoding costs over 100 bytes of overhead alone).
const luaLib = `
local P = KEYS[1]
local CH = 64
local SEG = 120
local function seq5(n)
  local b = {}
  for i = 5, 1, -1 do b[i] = string.char(n % 256); n = math.floor(n / 256) end
  return table.concat(b)
end
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function head(key)
  local r = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  if r[1] then return r[1], r[2] end
  return nil, nil
end
local function bucket(pid) return string.format('%d', math.floor(tonumber(pid) / 128)) end
local function unref(pid)
  if pid == '0' then return end
  local b = bucket(pid)
  if redis.call('HINCRBY', P .. 'pc:' .. b, pid, -1) <= 0 then
    redis.call('HDEL', P .. 'pc:' .. b, pid)
    redis.call('HDEL', P .. 'pu:' .. b, pid)
  end
end
local function pidOf(rec) return string.sub(rec, 1, string.find(rec, '|', 1, true) - 1) end
-- insertIn queues a link in the queue ns: '' the crawl's, 'p' the links
-- parked while a re-crawl runs (see parkedUpTo).
local function insertIn(ns, H, score, s5, rec)
  local idx = P .. ns .. 'x:' .. H
  local oldtop = head(idx)
  local first = string.sub(rec, 1, CH - 5)
  local nch = math.ceil((#rec - #first) / CH)
  local seg = redis.call('HGET', P .. ns .. 'open', H)
  if seg and (redis.call('HLEN', P .. 'h:' .. seg) + nch > SEG or redis.call('ZCARD', P .. 'z:' .. seg) >= SEG) then seg = false end
  if not seg then
    seg = string.format('%d', redis.call('INCR', P .. 'segid'))
    redis.call('HSET', P .. ns .. 'open', H, seg)
  end
  local z = P .. 'z:' .. seg
  local oldseg = head(z)
  redis.call('ZADD', z, score, s5 .. first)
  local hk = P .. 'h:' .. seg
  for i = 1, nch do
    redis.call('HSET', hk, s5 .. string.char(i), string.sub(rec, #first + (i - 1) * CH + 1, #first + i * CH))
  end
  local newseg, newsegscore = head(z)
  if newseg ~= oldseg then
    if oldseg then redis.call('ZREM', idx, string.sub(oldseg, 1, 5) .. seg) end
    redis.call('ZADD', idx, newsegscore, string.sub(newseg, 1, 5) .. seg)
  end
  local newtop, newtopscore = head(idx)
  if newtop ~= oldtop then
    if oldtop then redis.call('ZREM', P .. ns .. 'hosts', string.sub(oldtop, 1, 5) .. H) end
    redis.call('ZADD', P .. ns .. 'hosts', newtopscore, string.sub(newtop, 1, 5) .. H)
  end
end
local function insert(H, score, s5, rec) insertIn('', H, score, s5, rec) end
-- parkedUpTo is the s5 of the last link an earlier run had queued or
-- leased when the running re-crawl began (nil when none runs): a lease
-- given back whose s5 is not after it goes back to the parked links.
local function parkedUpTo()
  local v = redis.call('GET', P .. 'rc:seq')
  if v then return seq5(tonumber(v)) end
  return nil
end
-- moveHost moves host H's queued links from queue from to queue to ('' or
-- 'p'), merging with the host's links queued there, and takes H off
-- from's hosts (member m).
local function moveHost(from, to, m)
  local H = string.sub(m, 6)
  local src, dst = P .. from .. 'x:' .. H, P .. to .. 'x:' .. H
  redis.call('ZREM', P .. from .. 'hosts', m)
  if redis.call('EXISTS', src) == 0 then return end
  local oldtop = head(dst)
  if oldtop then
    local segs = redis.call('ZRANGE', src, 0, -1, 'WITHSCORES')
    for i = 1, #segs, 2 do redis.call('ZADD', dst, segs[i + 1], segs[i]) end
    redis.call('DEL', src)
    redis.call('ZREM', P .. to .. 'hosts', string.sub(oldtop, 1, 5) .. H)
  else
    redis.call('RENAME', src, dst)
  end
  local t, ts = head(dst)
  redis.call('ZADD', P .. to .. 'hosts', ts, string.sub(t, 1, 5) .. H)
end
-- startMove starts moving every queued link of queue from to queue to
-- ('' or 'p'; movestep.go): the counts move at once, the hosts a few at a
-- time (moveStepScript) while mv:dir is set, which makes Pop wait and
-- Push retry. It returns false when a move is under way already.
local function startMove(from, to)
  if redis.call('EXISTS', P .. 'mv:dir') == 1 then return false end
  local count = {[''] = 'n:queued', p = 'n:parked'}
  local n = tonumber(redis.call('GET', P .. count[from]) or '0')
  redis.call('DEL', P .. count[from])
  if n > 0 then redis.call('INCRBY', P .. count[to], n) end
  redis.call('DEL', P .. from .. 'open')
  if redis.call('EXISTS', P .. from .. 'hosts') == 1 then
    redis.call('SET', P .. 'mv:dir', from .. '>' .. to)
  end
  return true
end
-- claim moves host H to the parked links first when the queue is being
-- parked and H is not moved yet (a link given back then stays queued).
local function claim(H)
  if redis.call('GET', P .. 'mv:dir') ~= '>p' then return end
  local t = head(P .. 'x:' .. H)
  if t then moveHost('', 'p', string.sub(t, 1, 5) .. H) end
end
-- untrack ends a lease of host H counted under MaxPagesPerHost (none
-- is when the crawl has no such limit: no lim:hl field): settled (done)
-- it counts in lim:hd, given back it frees its slot.
local function untrack(H, done)
  local hl = P .. 'lim:hl'
  if redis.call('HEXISTS', hl, H) == 0 then return end
  if redis.call('HINCRBY', hl, H, -1) <= 0 then redis.call('HDEL', hl, H) end
  if done then redis.call('HINCRBY', P .. 'lim:hd', H, 1) end
end
local function release(owner, only)
  local l = P .. 'l:' .. owner
  local n, parked = 0, 0
  local upto = parkedUpTo()
  local function requeue(s5, v)
    local a = string.find(v, '\n', 1, true)
    local b = string.find(v, '\n', a + 1, true)
    local H = string.sub(v, a + 1, b - 1)
    untrack(H, false)
    if upto and s5 <= upto then
      insertIn('p', H, string.sub(v, 1, a - 1), s5, string.sub(v, b + 1))
      parked = parked + 1
    else
      claim(H)
      insert(H, string.sub(v, 1, a - 1), s5, string.sub(v, b + 1))
    end
    n = n + 1
  end
  if only == nil then
    local all = redis.call('HGETALL', l)
    for i = 1, #all, 2 do requeue(all[i], all[i + 1]) end
    redis.call('DEL', l)
  else
    for _, s5 in ipairs(only) do
      local v = redis.call('HGET', l, s5)
      if v then requeue(s5, v); redis.call('HDEL', l, s5) end
    end
  end
  if n > 0 then
    redis.call('DECRBY', P .. 'n:leased', n)
    if n > parked then redis.call('INCRBY', P .. 'n:queued', n - parked) end
    if parked > 0 then redis.call('INCRBY', P .. 'n:parked', parked) end
  end
  return n
end
`

// pushScript: ARGV = MaxPagesPerHost (0: none), MaxQueryVariants,
// MaxURLsPerPattern (0: none), number of parents, the parent URLs, number
// of links, then per link: shard, hash member, host, score, parent index
// (1-based into the parents, 0: none), record, and the sketch slots of
// its variant key and of its pattern (frontier.SketchSlots; "" when the
// rule is off). A new link is refused, and not marked seen, when its
// host's quota is spent or a sketch says its variant key or pattern
// reached its cap; else it is counted in the sketches (conservative
// update, as frontier.Limiter) and queued. It returns {queued, refused by
// the host quota, by MaxQueryVariants, by MaxURLsPerPattern}, or {-1, …}
// while the queue is being moved (movestep.go): nothing is pushed then.
var pushScript = redis.NewScript(luaLib + `
if redis.call('EXISTS', P .. 'mv:dir') == 1 then return {-1, 0, 0, 0} end
local quota, capv, capp = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local np = tonumber(ARGV[4])
local base = np + 5
local n = tonumber(ARGV[base])
local pids = {}
local added, rq, rv, rp = 0, 0, 0, 0
local function slots(s)
  local out = {}
  for v in string.gmatch(s, '%d+') do out[#out + 1] = tonumber(v) end
  return out
end
-- count returns the sketch's count of the key whose slots are sl and the
-- BITFIELD arguments that would add one to it.
local function count(key, sl)
  local args = {}
  for r, v in ipairs(sl) do
    args[#args + 1] = 'GET'; args[#args + 1] = 'u32'; args[#args + 1] = '#' .. ((r - 1) * 262144 + v)
  end
  local got = redis.call('BITFIELD', key, unpack(args))
  local m = math.huge
  for _, c in ipairs(got) do if c < m then m = c end end
  local set = {}
  for r, v in ipairs(sl) do
    if got[r] < m + 1 then
      set[#set + 1] = 'SET'; set[#set + 1] = 'u32'; set[#set + 1] = '#' .. ((r - 1) * 262144 + v); set[#set + 1] = m + 1
    end
  end
  return m, set
end
for j = 0, n - 1 do
  local b = base + 1 + j * 8
  local seen = P .. 's:' .. ARGV[b]
  if redis.call('SISMEMBER', seen, ARGV[b + 1]) == 0 then
    local ok = true
    local setv, setp
    if quota > 0 and tonumber(redis.call('HGET', P .. 'lim:hd', ARGV[b + 2]) or '0') >= quota then
      ok = false; rq = rq + 1
    end
    if ok and capv > 0 and ARGV[b + 6] ~= '' then
      local c
      c, setv = count(P .. 'lim:cv', slots(ARGV[b + 6]))
      if c >= capv then ok = false; rv = rv + 1 end
    end
    if ok and capp > 0 and ARGV[b + 7] ~= '' then
      local c
      c, setp = count(P .. 'lim:cp', slots(ARGV[b + 7]))
      if c >= capp then ok = false; rp = rp + 1 end
    end
    if ok then
      if setv and #setv > 0 then redis.call('BITFIELD', P .. 'lim:cv', unpack(setv)) end
      if setp and #setp > 0 then redis.call('BITFIELD', P .. 'lim:cp', unpack(setp)) end
      redis.call('SADD', seen, ARGV[b + 1])
    local pi = tonumber(ARGV[b + 4])
    local pid = '0'
    if pi > 0 then
      pid = pids[pi]
      if not pid then
        pid = string.format('%d', redis.call('INCR', P .. 'pid'))
        pids[pi] = pid
        redis.call('HSET', P .. 'pu:' .. bucket(pid), pid, ARGV[4 + pi])
      end
      redis.call('HINCRBY', P .. 'pc:' .. bucket(pid), pid, 1)
    end
    insert(ARGV[b + 2], ARGV[b + 3], seq5(redis.call('INCR', P .. 'seq')), pid .. '|' .. ARGV[b + 5])
    added = added + 1
    end
  end
end
if added > 0 then redis.call('INCRBY', P .. 'n:queued', added) end
return {added, rq, rv, rp}
`)

const popLib = `
local function budget(maxp)
  local stop = redis.call('GET', P .. 'stop')
  if stop then return {'stop', stop} end
  if maxp > 0 then
    local stored = tonumber(redis.call('GET', P .. 'n:stored') or '0')
    local leased = tonumber(redis.call('GET', P .. 'n:leased') or '0')
    if stored >= maxp and leased == 0 then
      redis.call('SET', P .. 'stop', 'max-pages')
      return {'stop', 'max-pages'}
    end
    if stored + leased >= maxp then return {'budget'} end
  end
  return nil
end
local function gateFree(h, limit, now)
  if limit <= 0 then return true end
  local g = P .. 'g:' .. h
  redis.call('ZREMRANGEBYSCORE', g, '-inf', now)
  return redis.call('ZCARD', g) < limit and tonumber(redis.call('GET', P .. 'gn:' .. h) or '0') <= now
end
-- quota says whether host h may have a link leased under MaxPagesPerHost
-- q: 0 yes, 1 not now (its slots are leased: wait for their outcome), 2
-- never again (its settled links reached q: its links are refused).
local function quota(h, q)
  if q <= 0 then return 0 end
  local d = tonumber(redis.call('HGET', P .. 'lim:hd', h) or '0')
  if d >= q then return 2 end
  if d + tonumber(redis.call('HGET', P .. 'lim:hl', h) or '0') >= q then return 1 end
  return 0
end
local function lease(owner, H, idx, top, topscore, q, refused)
  local s5 = string.sub(top, 1, 5)
  local seg = string.sub(top, 6)
  local z = P .. 'z:' .. seg
  local hk = P .. 'h:' .. seg
  local zh = redis.call('ZRANGE', z, 0, 0)
  redis.call('ZREM', z, zh[1])
  local parts = {string.sub(zh[1], 6)}
  local i = 1
  while true do
    local f = s5 .. string.char(i)
    local c = redis.call('HGET', hk, f)
    if not c then break end
    parts[#parts + 1] = c
    redis.call('HDEL', hk, f)
    i = i + 1
  end
  local rec = table.concat(parts)
  redis.call('ZREM', idx, top)
  local nh, nhs = head(z)
  if nh then redis.call('ZADD', idx, nhs, string.sub(nh, 1, 5) .. seg) end
  redis.call('ZREM', P .. 'hosts', s5 .. H)
  local nt, nts = head(idx)
  if nt then redis.call('ZADD', P .. 'hosts', nts, string.sub(nt, 1, 5) .. H) end
  redis.call('HSET', P .. 'l:' .. owner, s5, topscore .. '\n' .. H .. '\n' .. rec)
  redis.call('INCR', P .. 'n:leased')
  redis.call('DECR', P .. 'n:queued')
  if q > 0 then redis.call('HINCRBY', P .. 'lim:hl', H, 1) end
  local pid = pidOf(rec)
  local parent = ''
  if pid ~= '0' then parent = redis.call('HGET', P .. 'pu:' .. bucket(pid), pid) or '' end
  local rf = '0'
  if refused then rf = '1' end
  return {'ok', s5, topscore, string.sub(rec, #pid + 2), parent, H, rf, redis.call('EXISTS', P .. 'rl:' .. H)}
end
`

// popScript: ARGV = owner, max pages (0: no budget), per-host limit of the
// shared politeness (0: not checked), MaxPagesPerHost (0: none), then the
// candidate hosts, best first. A host whose quota is spent has its best
// link leased as refused (the last answer field "1"); one whose quota is
// all leased is passed over. It leases the best link of the first candidate that has links
// and, when the limit is set, a free politeness slot and no delay running
// (the keys g:<host> and gn:<host> that crawler/redisgate keeps). It
// returns {"ok", s5, score, record, parent URL, host, refused, whether the
// host has revised labels (relabel.go)}, {"stop", reason},
// {"budget"} (the budget is taken by leased links), {"busy"} (no
// candidate can be served now) or {"gone"} (no candidate has links left:
// others took them since the candidates were read).
var popScript = redis.NewScript(luaLib + popLib + `
local b = budget(tonumber(ARGV[2]))
if b then return b end
if redis.call('EXISTS', P .. 'mv:dir') == 1 then return {'moving'} end
local limit = tonumber(ARGV[3])
local q = tonumber(ARGV[4])
local now = 0
if limit > 0 then now = now_ms() end
local blocked = false
for c = 5, #ARGV do
  local h = ARGV[c]
  local qs = quota(h, q)
  if qs ~= 1 and (qs == 2 or gateFree(h, limit, now)) then
    local idx = P .. 'x:' .. h
    local top, topscore = head(idx)
    if top then return lease(ARGV[1], h, idx, top, topscore, q, qs == 2) end
  else
    blocked = true
  end
end
if blocked then return {'busy'} end
return {'gone'}
`)

// popTopScript: ARGV = owner, max pages, per-host limit, MaxPagesPerHost,
// focus margin (0: none), the number of ready hosts, the ready hosts, then the hosts not
// ready: the caller's verdicts on the hosts it last saw at the top. It
// walks the topHosts best hosts and leases from the first ready one that
// has a free politeness slot, in one round trip. It returns what
// popScript does, or {"empty"}, {"notready"}, {"refresh", member, score,
// …} (a host at the top has no verdict: ask again with these) or {"wide"}
// (none of the top hosts can be served and more hosts are queued).
var popTopScript = redis.NewScript(luaLib + popLib + `
local b = budget(tonumber(ARGV[2]))
if b then return b end
if redis.call('EXISTS', P .. 'mv:dir') == 1 then return {'moving'} end
local owner = ARGV[1]
local top = redis.call('ZRANGE', P .. 'hosts', 0, 63, 'WITHSCORES')
if #top == 0 then
  local leased = tonumber(redis.call('GET', P .. 'n:leased') or '0')
  if leased - redis.call('HLEN', P .. 'l:' .. owner) > 0 then return {'notready'} end
  return {'empty'}
end
local function num(s)
  local v = tonumber(s)
  if v then return v end
  if string.sub(s, 1, 1) == '-' then return -math.huge end
  return math.huge
end
local limit = tonumber(ARGV[3])
local q = tonumber(ARGV[4])
local margin = tonumber(ARGV[5])
local nr = tonumber(ARGV[6])
local R, N = {}, {}
for i = 7, 6 + nr do R[ARGV[i]] = true end
for i = 7 + nr, #ARGV do N[ARGV[i]] = true end
local now = 0
if limit > 0 then now = now_ms() end
local best = num(top[2])
for i = 1, #top, 2 do
  local h = string.sub(top[i], 6)
  if margin > 0 and num(top[i + 1]) > best + margin then return {'notready'} end
  if R[h] then
    local qs = quota(h, q)
    if qs ~= 1 and (qs == 2 or gateFree(h, limit, now)) then
      local idx = P .. 'x:' .. h
      local t, ts = head(idx)
      if t then return lease(owner, h, idx, t, ts, q, qs == 2) end
    end
  elseif not N[h] then
    local out = {'refresh'}
    for j = 1, #top do out[#out + 1] = top[j] end
    return out
  end
end
if #top == 128 and redis.call('ZCARD', P .. 'hosts') > 64 then return {'wide'} end
return {'notready'}
`)

// settleScript: ARGV = owner, number of pages, then (s5, host) pairs:
// the pages first, then the failures. Idempotent: only leases still held
// are counted.
var settleScript = redis.NewScript(luaLib + `
local l = P .. 'l:' .. ARGV[1]
local np = tonumber(ARGV[2])
local dp, df = 0, 0
local k = 0
for i = 3, #ARGV, 2 do
  local v = redis.call('HGET', l, ARGV[i])
  if v then
    redis.call('HDEL', l, ARGV[i])
    local a = string.find(v, '\n', 1, true)
    local b = string.find(v, '\n', a + 1, true)
    unref(pidOf(string.sub(v, b + 1)))
    untrack(string.sub(v, a + 1, b - 1), true)
    if k < np then
      dp = dp + 1
      redis.call('HINCRBY', P .. 'hs:stored', ARGV[i + 1], 1)
    else
      df = df + 1
    end
  end
  k = k + 1
end
if dp + df > 0 then redis.call('DECRBY', P .. 'n:leased', dp + df) end
if dp > 0 then redis.call('INCRBY', P .. 'n:stored', dp) end
if df > 0 then redis.call('INCRBY', P .. 'n:failed', df) end
return dp + df
`)
