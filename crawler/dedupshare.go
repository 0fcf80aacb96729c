package crawler

import (
	"context"

	"github.com/crawl-project/crawl"
)

// DupShare is the duplicate index shared by the processes of a
// distributed crawl (redisgate.Dups): a log, in one order for all, of the
// fingerprints of the pages kept and the URLs of the duplicates found.
// Each process replays it into its own index, so a page fetched by one
// process is recognised as a duplicate of a page another process kept.
// Append is conditional so that two processes fetching copies at the same
// moment cannot both keep theirs.
type DupShare interface {
	// Read returns the entries from position from on (at most a chunk:
	// call again from the next position until none is returned).
	Read(ctx context.Context, from int64) ([]DupEntry, error)
	// Append appends e at position at if the log holds exactly at entries
	// (at < 0: wherever the end is) and returns true; else it appends
	// nothing and returns false and the entries from position at on (at
	// most a chunk), which the caller applies before it tries again.
	Append(ctx context.Context, at int64, e DupEntry) (ok bool, newer []DupEntry, err error)
}

// DupEntry is one entry of a DupShare: a kept page's fingerprint, or
// (Duplicate) the URL of a page found to be a duplicate, which counts
// towards its pattern's duplicate-maze rule.
type DupEntry struct {
	crawl.Fingerprint
	Duplicate bool
}

// WithDupShare makes duplicate detection (Config.Dedup) use s, shared
// with the crawl's other processes, instead of the store's fingerprints.
func WithDupShare(s DupShare) Option { return func(cr *Crawler) { cr.dupShare = s } }

// maxAppendTries bounds the conditional appends of one page: each failed
// try brings the entries others appended meanwhile, so it only fails
// this often when other processes append faster than one round trip.
const maxAppendTries = 64

// checkShared is check for a distributed crawl: the page is a duplicate
// of an entry of the shared log (replayed into the local index), or its
// fingerprint is appended to the log right after the last entry this
// process has seen. A failing share is logged and the page judged on the
// local index alone.
func (d *dupIndex) checkShared(ctx context.Context, p *crawl.Page, f crawl.Fingerprint) (*duplicate, *crawl.Fingerprint) {
	d.shareMu.Lock()
	defer d.shareMu.Unlock()
	for range maxAppendTries {
		d.mu.Lock()
		dup, known := d.findLocked(f)
		at := d.applied
		d.mu.Unlock()
		if dup != nil {
			if _, _, err := d.share.Append(ctx, -1, DupEntry{Fingerprint: crawl.Fingerprint{URL: p.URL}, Duplicate: true}); err != nil {
				d.shareFailed(err)
			}
			return dup, nil
		}
		if known { // its own entry, from a fetch whose page was not stored (a crash)
			return nil, &f
		}
		ok, newer, err := d.share.Append(ctx, at, DupEntry{Fingerprint: f})
		if err != nil {
			d.shareFailed(err)
			break
		}
		d.mu.Lock()
		if ok {
			d.applyLocked(DupEntry{Fingerprint: f})
		} else {
			for _, e := range newer {
				d.applyLocked(e)
			}
		}
		d.mu.Unlock()
		if ok {
			return nil, &f
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if dup, _ := d.findLocked(f); dup != nil {
		return dup, nil
	}
	d.addLocked(f)
	return nil, &f
}

func (d *dupIndex) shareFailed(err error) {
	if d.log != nil {
		d.log.Warn("shared duplicate index failed; judging on this process's index", "err", err)
	}
}

// applyLocked replays one log entry. d.mu held.
func (d *dupIndex) applyLocked(e DupEntry) {
	d.applied++
	if e.Duplicate {
		d.count(e.URL, 1)
		return
	}
	d.addLocked(e.Fingerprint)
}

// sync replays the entries of the shared log this process has not seen.
func (d *dupIndex) sync(ctx context.Context) error {
	if d == nil || d.share == nil {
		return nil
	}
	d.shareMu.Lock()
	defer d.shareMu.Unlock()
	for {
		d.mu.Lock()
		at := d.applied
		d.mu.Unlock()
		es, err := d.share.Read(ctx, at)
		if err != nil {
			return err
		}
		if len(es) == 0 {
			return nil
		}
		d.mu.Lock()
		for _, e := range es {
			d.applyLocked(e)
		}
		d.mu.Unlock()
	}
}
