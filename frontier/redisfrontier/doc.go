// Package redisfrontier is the frontier backend that lets many crawl
// processes, on one machine or many, share one crawl through Redis: the
// best-first queue with per-host queues, the seen-set, the leases of the
// links being fetched, the crawl's counters and its stop flag.
//
// Pop leases a link to its process; Settle, called after the process's own
// store committed the link's result, ends the lease. Each process renews
// the leases of the links it holds by a heartbeat (every Lease/4); when a
// process dies, another's heartbeat re-issues its links Lease after its
// last beat, at their place in the queue. A process restarted with the
// same Owner (the same store) first settles the links its store saved but
// never settled and gives back the others, so no page is stored twice.
// A live process's heartbeat does the same for the leases Redis says it
// holds but it does not know of: a pop the server applied whose answer was
// lost (a connection dropped, a Redis restart, a go-redis retry of a
// script whose first attempt did reach the server), or a settle the
// server never applied; else the other processes would wait for those
// links forever.
//
// Pop reads the best hosts, asks the caller's ready function about them
// and leases, in one script, the best link of the first of them that has
// links and (with HostLimit) a free slot of the shared politeness of
// package crawler/redisgate, so that processes spread over the hosts
// instead of queueing on the best one.
//
// Limits hold for the whole crawl: MaxPagesPerHost is leased and settled
// per host in the pop and settle scripts (lim:hd, lim:hl), and the
// count-min sketches of frontier.Limits live in Redis (lim:cv, lim:cp),
// checked and counted by the push script.
//
// Memory: a queued link costs its compact record (the URL without scheme
// and host, anchor, parent — a path when on the same host —, depth, label,
// score, tags) plus about 40 bytes, in per-host segments small enough for
// Redis's listpack encoding; a seen URL costs its 64-bit hash in a sharded
// intset (8 bytes plus the shards' overhead). See memory_test.go.
//
// Files:
//   - redisfrontier.go: Config, New, NewClient, the heartbeat, Close, Len.
//   - scripts.go: the Lua scripts and the data model.
//   - record.go: the compact encoding of a queued link.
//   - push.go: Push, the seen-set keys, the Limits' sketch slots.
//   - pop.go: Pop: the best ready host, leasing its best link.
//   - lease.go: Settle, Release (the release, heartbeat and leave
//     scripts), reconciling a restarted process, adopting leases a live
//     process did not know it held.
//   - admin.go: Clear (a crawl's keys only), ReadStatus, LeasedURLs.
//   - recrawl.go: the re-crawl generation (the links earlier runs left
//     queued parked until the next normal run), Revisit (re-visits leased
//     to the process whose store holds them, once per generation).
//   - movestep.go: moving the queue to the parked links and back, a few
//     hosts per script call.
//   - relabel.go: SetFrontierLabels, revised labels of queued links,
//     applied when they are leased.
package redisfrontier
