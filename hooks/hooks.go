package hooks

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/crawl-project/crawl"
)

var (
	// ErrSkip drops a link (OnURL) or skips the remaining page hooks for a
	// page (OnPage). For OnBatch it skips the remaining batch hooks.
	ErrSkip = errors.New("hooks: skip")
	// ErrStop ends the crawl gracefully: pages in flight are finished and
	// stored, then the crawl returns.
	ErrStop = errors.New("hooks: stop")
)

// URLHook judges one link before it enters the frontier.
// from is the page the link was found on (nil for seeds).
// Implementations must be safe for concurrent use.
type URLHook interface {
	OnURL(ctx context.Context, from *crawl.Page, link *crawl.Link) error
}

// PageHook sees one fetched page. Implementations must be safe for
// concurrent use.
type PageHook interface {
	OnPage(ctx context.Context, page *crawl.Page) error
}

// BatchHook sees a batch of fetched pages. Calls never overlap.
type BatchHook interface {
	OnBatch(ctx context.Context, batch *crawl.Batch) error
}

// Needs says which heavy parts of a page a batch hook reads: the engine
// keeps a page's parsed DOM (Page.Doc) and decoded body (Page.HTML) from
// OnPage until its batch ran only when some batch hook needs them, and
// lets them go right after OnPage (the DOM) or once the page is stored
// (the body) otherwise. A hook that needs what a page's DOM tells it
// computes that in OnPage, in the fetch workers, and keeps the small
// result for its batch (Page.Keep).
type Needs struct {
	DOM  bool // page.Doc in OnBatch
	HTML bool // page.HTML in OnBatch
}

// NeedsDeclarer is implemented by a BatchHook that declares what it reads
// (BatchNeeds). A batch hook that does not implement it is given both the
// DOM and the body.
type NeedsDeclarer interface {
	BatchNeeds() Needs
}

// URLFunc adapts a function to URLHook.
type URLFunc func(ctx context.Context, from *crawl.Page, link *crawl.Link) error

// OnURL calls f.
func (f URLFunc) OnURL(ctx context.Context, from *crawl.Page, link *crawl.Link) error {
	return f(ctx, from, link)
}

// PageFunc adapts a function to PageHook.
type PageFunc func(ctx context.Context, page *crawl.Page) error

// OnPage calls f.
func (f PageFunc) OnPage(ctx context.Context, page *crawl.Page) error { return f(ctx, page) }

// BatchFunc adapts a function to BatchHook.
type BatchFunc func(ctx context.Context, batch *crawl.Batch) error

// OnBatch calls f.
func (f BatchFunc) OnBatch(ctx context.Context, batch *crawl.Batch) error { return f(ctx, batch) }

// PanicError is a panic recovered from a hook.
type PanicError struct {
	Hook  string // "OnURL", "OnPage" or "OnBatch"
	Value any    // the value passed to panic
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("hooks: %s panicked: %v", e.Hook, e.Value)
}

func recoverInto(hook string, err *error) {
	if v := recover(); v != nil {
		*err = &PanicError{Hook: hook, Value: v, Stack: debug.Stack()}
	}
}
