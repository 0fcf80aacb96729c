package frontier

import (
	"context"
	"errors"
	"time"

	"github.com/crawl-project/crawl"
)

// Errors returned by Pop and the other methods.
var (
	// ErrEmpty is returned by Pop when nothing is queued.
	ErrEmpty = errors.New("frontier: empty")
	// ErrNotReady is returned by Pop when links are queued but none of
	// their hosts is ready.
	ErrNotReady = errors.New("frontier: no ready host")
	// ErrClosed is returned by every method after Close.
	ErrClosed = errors.New("frontier: closed")
)

// Frontier is the queue of links to fetch, best first. Implementations
// must be safe for concurrent use.
type Frontier interface {
	// Push queues links, dropping those outside the scope and those seen
	// before (ever pushed to this frontier, including by an earlier run of
	// a persisted one). URLs must already be normalised (see Normalize).
	// It returns how many links were queued.
	Push(ctx context.Context, links []crawl.Link) (added int, err error)
	// Pop removes and returns the highest-priority link whose host
	// (host:port) is ready; among equal priorities the one pushed first.
	// ready nil means every host is ready; ready is called with the
	// frontier locked, so it must be quick and must not call the frontier.
	// It returns ErrEmpty when nothing is queued and ErrNotReady when links
	// are queued but no host with queued links is ready. A persisted
	// backend pops a link again after a restart unless the link was saved
	// (store.SaveResults as a page or a failure, or store.SetValidators).
	Pop(ctx context.Context, ready func(host string) bool) (crawl.Link, error)
	// Len returns the number of queued links (popped ones are not counted).
	Len() int
	// Close releases the frontier (not a store it was built on); later
	// calls of the other methods return ErrClosed, of Close nil.
	Close() error
}

// Config configures a frontier backend. The zero value is usable.
type Config struct {
	// Scope decides which links may enter. Zero: everything http(s).
	Scope Scope
	// Window is how many queued links the SQLite backend keeps in memory;
	// the rest wait in SQLite and are loaded best first when the window
	// runs low. Zero: DefaultWindow. The memory backend ignores it.
	Window int
	// ExpectedURLs sizes the SQLite backend's Bloom filter of seen URLs.
	// Past it the false-positive rate rises, which costs extra SQLite
	// lookups but never correctness. Zero: DefaultExpectedURLs.
	ExpectedURLs uint
	// FalsePositiveRate of the Bloom filter at ExpectedURLs. Zero: 0.01.
	FalsePositiveRate float64
	// FocusMargin keeps a best-first crawl focused when per-host limits
	// leave workers free: Pop takes a ready host's best link only when its
	// priority is at least the best queued priority (of any host) minus
	// FocusMargin, and otherwise returns ErrNotReady, so the crawl waits
	// for the host of its better links instead of spending its budget on
	// worse ones elsewhere. Zero (or negative): the best link of any ready
	// host, whatever its priority.
	FocusMargin float64
	// FocusWait bounds the waiting FocusMargin imposes: once Pop has been
	// refusing links for the margin this long since the best queued link
	// was last popped, it takes the best ready host's link whatever its
	// priority, until the best link's host is ready again and its link is
	// popped. Zero: no bound (free workers wait as long as the best host
	// is busy). Ignored without FocusMargin.
	FocusWait time.Duration
	// Clock is the clock FocusWait is measured by; nil: time.Now. Tests
	// set one they advance, so that the wait does not depend on how fast
	// the machine runs.
	Clock func() time.Time
	// Since, when positive, makes the SQLite backend see only the queued
	// rows of its store whose seq is above it (store.Marks): an
	// incremental re-crawl then fetches the hubs it reopened and the URLs
	// it discovers, and leaves the URLs an earlier run left queued for a
	// later run. The memory backend ignores it.
	Since int64
	// Limits refuse new URLs of runaway URL spaces (Limits); zero: none.
	// Refused reports how many links each rule refused.
	Limits Limits
}

// Novelty is implemented by the memory and SQLite backends. Queues
// reports whether Push would queue l as a new link (in scope and never
// seen), without queueing it. It is a hint: a link it says yes to may still
// be refused by Limits, and the SQLite backend's seen filter may say no to
// a link never seen (a false positive, 1 in 100 by default), never yes to
// one seen. Best returns the priority of the best queued link (popped ones
// excluded; for the SQLite backend, of its window, which holds the best
// queued rows), false when none is queued. The crawler's writer stores a
// page at once only when it brings a link Queues says yes to that is
// better than the link dispatched last or the best queued one
// (crawler/writer.go).
type Novelty interface {
	Queues(l crawl.Link) bool
	Best() (float64, bool)
}

// Dropper is implemented by every backend (Memory, sqlitefrontier,
// redisfrontier). Drops sets drops[i] to whether Push would drop links[i]
// whatever its Priority, Label, Score and Tags: the link is outside the
// scope, or its URL was pushed before (by this run, an earlier run of a
// persisted backend, another process of a shared one). It pushes nothing;
// drops must be as long as links. A true is certain and stays true (the
// scope is fixed, a seen URL stays seen); a false promises nothing (the
// SQLite backend answers from memory: a Bloom filter positive it has not
// confirmed lately is false here). Limits play no part. After Close it
// returns ErrClosed. The crawler asks it about a page's out-links before
// their URL hooks run and marks those Push will drop
// (crawl.Link.FrontierDrops), so that the built-in hooks skip the work
// whose only product Push would throw away (crawler/drops.go).
type Dropper interface {
	Drops(ctx context.Context, links []crawl.Link, drops []bool) error
}

// Refuser is implemented by both backends: how many links each Limits
// rule refused so far in this run, by rule name.
type Refuser interface {
	Refused() map[string]int64
}

// Defaults for the zero values of Config.
const (
	DefaultWindow            = 100_000
	DefaultExpectedURLs      = 10_000_000
	DefaultFalsePositiveRate = 0.01
)
