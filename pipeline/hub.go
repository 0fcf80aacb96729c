package pipeline

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/hooks"
)

// hubBuiltin is the hub/topic URL classifier (paper 001): OnPage labels the
// fetched page (its label drives the incremental re-crawl), OnURL labels
// each out-link before it enters the frontier and applies the policy.
// With the per-host link model (hub.link_model: online), OnBatch writes the
// labels the model revised for queued links to their frontier rows.
type hubBuiltin struct {
	*hub.Hook
	st labelWriter // where revised link labels go; nil: not written

	flushMu sync.Mutex   // one writer of revised labels at a time
	last    atomic.Int64 // unix nanoseconds of the last write
	buf     []hub.LinkLabel

	// The writes OnPage asks for run on a flusher goroutine, so that no
	// worker waits for the store's write connection (held by the
	// engine's commits and the batches' results).
	flushing sync.Mutex // guards wake and flushed
	wake     chan struct{}
	flushed  chan struct{} // closed when the flusher returned
	errMu    sync.Mutex
	err      error // the flusher's, returned by the next OnPage or OnBatch
}

const (
	// hostCalibrationPages is how many fetched pages of a host its links'
	// calibration waits for (hub.link_model: calibration).
	hostCalibrationPages = 20
	// linkRelabelPerPage is how many queued links of a host the link model
	// revises after each of the host's fetched pages (chosen on the tuning
	// sites: classifiers/hub README).
	linkRelabelPerPage = 64
	// Revised labels are written after OnPage once relabelFlushCount wait
	// or relabelFlushEvery passed since the last write (a batch of 200
	// pages would be too late: most revised links are fetched by then),
	// and at every batch.
	relabelFlushCount = 32
	relabelFlushEvery = 100 * time.Millisecond
)

// labelWriter writes revised labels of queued links to the frontier: the
// SQLite store holding the frontier's rows, or the Redis frontier
// (*store.Store, *redisfrontier.Frontier).
type labelWriter interface {
	SetFrontierLabels(ctx context.Context, urls, labels []string, scores []float64) ([]bool, error)
}

// newHubBuiltin loads hub.model, or the model shipped with the package.
// st, when not nil, is where the frontier's queued links are revised.
func newHubBuiltin(cfg *config.Config, st labelWriter) (*hubBuiltin, error) {
	c, err := LoadHubModel(cfg.Hub.Model)
	if err != nil {
		return nil, fmt.Errorf("pipeline: hub model: %w", err)
	}
	mode, err := hub.ParseMode(cfg.Hub.Policy)
	if err != nil {
		return nil, err
	}
	var opts []hub.HookOption
	if !cfg.Hub.URLOnly {
		pm, err := hub.DefaultPageModel()
		if err != nil {
			return nil, fmt.Errorf("pipeline: hub page model: %w", err)
		}
		opts = append(opts, hub.WithPageModel(pm))
		switch cfg.Hub.LinkModel {
		case "", "online":
			perPage := linkRelabelPerPage
			if st == nil {
				perPage = 0 // no frontier rows to revise
			}
			opts = append(opts, hub.WithLinkModel(hub.LinkLearning{}, perPage))
		case "calibration":
			opts = append(opts, hub.WithHostCalibration(hostCalibrationPages))
		case "svm":
		default:
			return nil, fmt.Errorf("pipeline: hub: unknown link model %q", cfg.Hub.LinkModel)
		}
	}
	h, err := hub.NewHook(c, hub.Policy{Mode: mode, Boost: cfg.Hub.Boost, Depth: cfg.Hub.Depth}, opts...)
	if err != nil {
		return nil, err
	}
	return &hubBuiltin{Hook: h, st: st}, nil
}

// BatchNeeds: OnBatch reads no page.
func (b *hubBuiltin) BatchNeeds() hooks.Needs { return hooks.Needs{} }

// OnPage labels the page (hub.Hook.OnPage) and, when enough revised link
// labels wait or enough time passed, has the flusher goroutine write them.
func (b *hubBuiltin) OnPage(ctx context.Context, page *crawl.Page) error {
	err := b.Hook.OnPage(ctx, page)
	if b.st == nil {
		return err
	}
	since := time.Duration(time.Now().UnixNano() - b.last.Load())
	if n := b.PendingRelabels(); n >= relabelFlushCount || n > 0 && since >= relabelFlushEvery {
		b.askFlush(ctx)
	}
	return errors.Join(err, b.takeErr())
}

// OnBatch writes the revised labels that wait; the final batch first
// stops the flusher.
func (b *hubBuiltin) OnBatch(ctx context.Context, batch *crawl.Batch) error {
	if b.st == nil {
		return nil
	}
	if batch.Final {
		b.stopFlusher()
	}
	b.flushMu.Lock()
	defer b.flushMu.Unlock()
	return errors.Join(b.flush(ctx), b.takeErr())
}

// askFlush wakes the flusher, starting it if it is not running.
func (b *hubBuiltin) askFlush(ctx context.Context) {
	b.flushing.Lock()
	defer b.flushing.Unlock()
	if b.wake == nil {
		b.wake, b.flushed = make(chan struct{}, 1), make(chan struct{})
		go b.flusher(context.WithoutCancel(ctx), b.wake, b.flushed)
	}
	select {
	case b.wake <- struct{}{}:
	default: // a flush is due already
	}
}

// flusher writes the revised labels each time it is woken, until wake is
// closed.
func (b *hubBuiltin) flusher(ctx context.Context, wake <-chan struct{}, flushed chan<- struct{}) {
	defer close(flushed)
	for range wake {
		b.flushMu.Lock()
		err := b.flush(ctx)
		b.flushMu.Unlock()
		if err != nil {
			b.errMu.Lock()
			b.err = errors.Join(b.err, err)
			b.errMu.Unlock()
		}
	}
}

// stopFlusher ends the flusher, if running, once its last write is done.
// It is also a closer of the pipeline (a run ended without its final batch).
func (b *hubBuiltin) stopFlusher() error {
	b.flushing.Lock()
	defer b.flushing.Unlock()
	if b.wake != nil {
		close(b.wake)
		<-b.flushed
		b.wake, b.flushed = nil, nil
	}
	return nil
}

// takeErr returns and forgets the flusher's error.
func (b *hubBuiltin) takeErr() error {
	b.errMu.Lock()
	defer b.errMu.Unlock()
	err := b.err
	b.err = nil
	return err
}

// flush writes the revised labels of queued links to their frontier rows;
// those whose row is not queued (fetched meanwhile, out of scope, or not
// stored yet) go back to the hook. b.flushMu held.
func (b *hubBuiltin) flush(ctx context.Context) error {
	b.last.Store(time.Now().UnixNano())
	b.buf = b.TakeRelabels(b.buf[:0])
	if len(b.buf) == 0 {
		return nil
	}
	urls, labels, scores := make([]string, len(b.buf)), make([]string, len(b.buf)), make([]float64, len(b.buf))
	for i, l := range b.buf {
		urls[i], labels[i], scores[i] = l.URL, l.Label, l.Score
	}
	found, err := b.st.SetFrontierLabels(ctx, urls, labels, scores)
	if err != nil {
		return fmt.Errorf("pipeline: hub: %w", err)
	}
	var missed []string
	for i, ok := range found {
		if !ok {
			missed = append(missed, urls[i])
		}
	}
	b.RelabelMissed(missed)
	return nil
}
