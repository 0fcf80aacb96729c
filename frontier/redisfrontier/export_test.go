package redisfrontier

import "context"

// Abandon stops f's heartbeat without giving its links back, as a process
// killed with SIGKILL would (for tests).
func Abandon(f *Frontier) {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	close(f.stopBeat)
	<-f.beatDone
}

// StartRecrawl opens a re-crawl generation as New with Recrawl does, but
// leaves the queue's move to the parked links to others (as a process
// that died right after would; for tests).
func StartRecrawl(ctx context.Context, f *Frontier) error {
	return generationScript.Run(ctx, f.rdb, f.keys, 1, f.owner+"-opener", f.lease.Milliseconds()).Err()
}
