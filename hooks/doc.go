// Package hooks defines the three extension points of a crawl and the
// ordered chains that run them.
//
//   - URLHook.OnURL sees each link discovered on a fetched page before it
//     enters the frontier: it may change its priority, label and tags, or
//     drop it by returning ErrSkip.
//   - PageHook.OnPage sees each fetched page with its parsed DOM, text, meta
//     data and out-links, after the page is parsed and before it is stored.
//     ErrSkip stops later page hooks for that page (the page is still stored).
//   - BatchHook.OnBatch sees every N fetched pages, and the rest at the end.
//
// A batch hook declares what it reads of a page (NeedsDeclarer, Needs):
// the engine keeps each page's DOM and body for the batch only when some
// batch hook needs them, and a hook that needs the DOM's information
// computes it in OnPage and keeps it with the page (crawl.Page.Keep).
//
// Any hook may return ErrStop to end the crawl gracefully. Hooks run in the
// order they were added: built-in hooks from the configuration first, in the
// order topic relevance, hub/topic URL classifier (OnPage and OnURL), then
// structural clustering, record extraction, fuzzy topics (OnBatch); user
// hooks after them. For each page its OnPage hooks run before the OnURL
// hooks of its out-links. A panic in a hook is recovered and returned as a *PanicError for
// that URL, page or batch; it never crashes the crawl.
//
// The shapes follow net/http: a one-method interface plus a function
// adapter (URLFunc, PageFunc, BatchFunc).
//
// Concurrency: OnURL and OnPage are called from several fetch workers at
// once and must be safe for concurrent use. OnBatch calls never overlap.
package hooks
