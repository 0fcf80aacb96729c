package crawler

import (
	"context"
	"fmt"
	"hash/fnv"
	"log/slog"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/dedup"
	"github.com/crawl-project/crawl/frontier"
)

// dupIndex remembers the stored pages (of this run and, reloaded, of the
// store's earlier runs) to find duplicates: exact by an FNV-1a hash of the
// decoded body, near by the SimHash of title and visible text (package
// dedup) under a title of the same words up to numbers (dedup.TitleSig:
// pages sharing most of their text under titles of their own are other
// documents). It costs about 48 bytes plus the URL per page.
type dupIndex struct {
	// With a DupShare (a distributed crawl), the index is a replay of the
	// shared log: applied is how many of its entries it holds, and
	// shareMu orders this process's appends.
	share   DupShare
	shareMu sync.Mutex
	applied int64
	log     *slog.Logger

	mu     sync.Mutex
	near   *dedup.Index
	urls   []string         // position in near → URL (also for pages without a SimHash)
	pos    []int32          // position in near → index in urls
	titles []uint64         // position in near → its page's title signature (0: not known)
	bodies map[uint64]int32 // body hash → index in urls

	// Per URL pattern (frontier.PatternOf): pages kept and duplicates
	// found. A pattern with patternLimit duplicates, at least twice as
	// many as its distinct pages, is a duplicate maze (mirrors, printable
	// copies, calendars of empty days): its URLs are refused unfetched.
	patternLimit int
	patterns     map[string]*[2]int32
}

// RuleDuplicatePattern names the duplicate-maze rule in Stats.Refused.
const RuleDuplicatePattern = "duplicate-pattern"

func newDupIndex(k, patternLimit int) (*dupIndex, error) {
	x, err := dedup.NewIndex(k)
	if err != nil {
		return nil, fmt.Errorf("crawler: %w", err)
	}
	return &dupIndex{near: x, bodies: map[uint64]int32{},
		patternLimit: patternLimit, patterns: map[string]*[2]int32{}}, nil
}

// count records a kept page (0) or a duplicate (1) of u's pattern. d.mu held.
func (d *dupIndex) count(u string, kind int) {
	if d.patternLimit <= 0 {
		return
	}
	k := frontier.PatternOf(u)
	c := d.patterns[k]
	if c == nil {
		c = new([2]int32)
		d.patterns[k] = c
	}
	c[kind]++
}

// blocked reports whether u's pattern is a duplicate maze.
func (d *dupIndex) blocked(u string) bool {
	if d == nil || d.patternLimit <= 0 {
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.mazeLocked(frontier.PatternOf(u))
}

func (d *dupIndex) mazeLocked(pattern string) bool {
	c := d.patterns[pattern]
	return c != nil && int(c[1]) >= d.patternLimit && c[1] >= 2*c[0]
}

// filter drops the links of duplicate mazes and returns how many it dropped.
func (d *dupIndex) filter(links []crawl.Link) ([]crawl.Link, int) {
	if d == nil || d.patternLimit <= 0 || len(links) == 0 {
		return links, 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	keep := links[:0]
	for _, l := range links {
		if !d.mazeLocked(frontier.PatternOf(l.URL)) {
			keep = append(keep, l)
		}
	}
	return keep, len(links) - len(keep)
}

// duplicate is what check found: the earlier page and how near it is.
type duplicate struct {
	of       string
	distance int
	exact    bool
}

func (d duplicate) Error() string {
	if d.exact {
		return fmt.Sprintf("duplicate of %s (identical body)", d.of)
	}
	return fmt.Sprintf("duplicate of %s (SimHash distance %d)", d.of, d.distance)
}

// check returns the earlier page p duplicates, or adds p and returns
// its fingerprint, to be stored with it.
func (d *dupIndex) check(ctx context.Context, p *crawl.Page) (*duplicate, *crawl.Fingerprint) {
	h := fnv.New64a()
	h.Write(p.HTML)
	f := crawl.Fingerprint{URL: p.URL, Body: h.Sum64()}
	f.SimHash, f.HasSimHash = dedup.SimHashOf(p.Title, p.Text)
	f.Title = dedup.TitleSig(p.Title)
	if d.share != nil {
		return d.checkShared(ctx, p, f)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if dup, _ := d.findLocked(f); dup != nil {
		d.count(p.URL, 1)
		return dup, nil
	}
	d.addLocked(f)
	return nil, &f
}

// findLocked returns the earlier page f duplicates; known is true when
// the page matched is f's own URL (its fingerprint is in the index
// already: not a duplicate). d.mu held.
func (d *dupIndex) findLocked(f crawl.Fingerprint) (dup *duplicate, known bool) {
	if i, seen := d.bodies[f.Body]; seen {
		if d.urls[i] == f.URL {
			return nil, true
		}
		return &duplicate{of: d.urls[i], exact: true}, false
	}
	if f.HasSimHash {
		// a near-duplicate's title signs as its original's (when both are
		// known): pages sharing most of their text under other titles are
		// other documents (dedup.TitleSig)
		same := func(pos int) bool { t := d.titles[pos]; return t == 0 || f.Title == 0 || t == f.Title }
		if pos, dist, found := d.near.NearWhere(f.SimHash, same); found {
			if of := d.urls[d.pos[pos]]; of != f.URL {
				return &duplicate{of: of, distance: dist}, false
			}
			return nil, true
		}
	}
	return nil, false
}

// addLocked adds a kept page's fingerprint. d.mu held.
func (d *dupIndex) addLocked(f crawl.Fingerprint) {
	d.count(f.URL, 0)
	i := int32(len(d.urls))
	d.urls = append(d.urls, f.URL)
	if _, ok := d.bodies[f.Body]; !ok {
		d.bodies[f.Body] = i
	}
	if f.HasSimHash {
		d.near.Add(f.SimHash)
		d.pos = append(d.pos, i)
		d.titles = append(d.titles, f.Title)
	}
}

// fingerprintStore is a store that keeps fingerprints across runs
// (*store.Store); with another store duplicates are found within a run.
type fingerprintStore interface {
	SaveFingerprints(ctx context.Context, fps []crawl.Fingerprint) error
	Fingerprints(ctx context.Context, fn func(crawl.Fingerprint) error) error
}

// load adds the fingerprints of the pages earlier runs stored, or, with a
// DupShare, replays the shared log.
func (d *dupIndex) load(ctx context.Context, st Store) error {
	if d != nil && d.share != nil {
		return d.sync(ctx)
	}
	fs, ok := st.(fingerprintStore)
	if d == nil || !ok {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return fs.Fingerprints(ctx, func(f crawl.Fingerprint) error {
		d.addLocked(f)
		return nil
	})
}
