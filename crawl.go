package crawl

import (
	"errors"
	"net/http"
	"time"

	"golang.org/x/net/html"
)

// Labels a URL or page can carry from the hub/topic classifier.
const (
	LabelHub   = "hub"
	LabelTopic = "topic"
)

// Link is one out-link discovered on a fetched page, on its way to the
// frontier. OnURL hooks may change Priority, Label, Score and Tags.
type Link struct {
	URL    string // absolute, normalised
	Anchor string // anchor text, whitespace-collapsed
	Parent string // URL of the page the link was found on ("" for seeds)
	Depth  int    // depth of the target: parent depth + 1, seeds are 0
	// Rel is the link type of a navigation <link> element the link came
	// from (its rel, lower-cased: "next", "index", "appendix", …; package
	// crawler says which are followed), "" for a link of the body (<a>,
	// <area>) and for seeds. Stored with the page's out-links (package
	// store's links table, since schema version 12: a store's PageLinks and
	// the links export give it back; "" in stores written before). The
	// persisted frontiers (SQLite, Redis) do not keep it: a link popped
	// from them has none.
	Rel string

	Priority float64 // frontier priority: higher is fetched first
	Label    string  // LabelHub, LabelTopic or "" when unclassified
	Score    float64 // classifier score behind Label (decision value or probability)
	Tags     []string

	// FrontierDrops is set by the crawler on a page's out-link, before
	// its URL hooks run, when the frontier's Push will certainly drop it
	// (frontier.Dropper: its URL was seen before, or it is outside the
	// scope): the Priority, Label, Score and Tags the hooks give it are
	// thrown away, and a URL hook may skip work whose only product they
	// are. The hooks still run for it, and a hook's ErrSkip still drops
	// it (and stops the later hooks). A hook that changes URL or Depth
	// makes it false for the hooks after it (hooks.Chain.RunURL). Never
	// stored.
	FrontierDrops bool

	// Refused is set by the crawler on a page's out-link, before its URL
	// hooks run, when the crawler already refuses to fetch it: its host
	// served 3 of its URLs of the link's extension as other than HTML and
	// none as a page (package crawler's RuleNotHTMLFiles), or the
	// robots.txt of its origin, already fetched, disallows it. Unless a
	// hook drops it, it is queued, then refused when popped and stored as
	// a failure of that kind (not-html-files, robots), never fetched; its
	// Label and Score label nothing the crawl will fetch, and a URL hook
	// may skip work whose only product they are, or what a fetch of it
	// would teach. (Should the rule change before it is popped, one of
	// that extension's URLs turning out to be a page or robots.txt read
	// again allowing it, it is fetched with what it had.) The hooks still
	// run for it, and a hook's ErrSkip still drops it. A hook that changes
	// URL or Depth makes it false for the hooks after it. Never stored.
	Refused bool
}

// AddTag adds tag to l.Tags unless it is already there.
func (l *Link) AddTag(tag string) {
	for _, t := range l.Tags {
		if t == tag {
			return
		}
	}
	l.Tags = append(l.Tags, tag)
}

// Page is one fetched HTML page as OnPage and OnBatch hooks see it.
// The engine fills every field above the hook-owned block; hooks fill the rest.
type Page struct {
	Seq       int64     // fetch order, 1-based, unique within a store
	URL       string    // the URL requested (normalised)
	FinalURL  string    // the URL after redirects
	Redirects []string  // intermediate URLs, in order, when redirected
	Status    int       // HTTP status of the final response
	FetchedAt time.Time // when the response was received
	Depth     int
	Parent    string // URL of the page this one was discovered on ("" for seeds)
	Anchor    string // anchor text of the link that led here

	Header      http.Header // response header (ETag, Last-Modified, …)
	ContentType string
	Charset     string // charset the body was decoded from
	HTML        []byte // body decoded to UTF-8
	Size        int    // body size in bytes as received (before decoding)

	Doc         *html.Node // parsed DOM of HTML; never nil for a page given to hooks
	Title       string
	Keywords    string // raw content of <meta name="keywords">
	Description string // raw content of <meta name="description">
	Text        string // visible text, whitespace-collapsed (no script/style)
	Links       []Link // out-links in document order, de-duplicated, normalised

	// Hook-owned fields: set by built-in or user hooks, persisted by the
	// engine. The typed fields are the built-ins' annotations (each its own
	// store and export column); Annotations is the general slot any hook
	// uses through Annotate.
	Label     string  // hub/topic label of this page's own URL (hub classifier)
	Score     float64 // classifier score behind Label
	Relevance float64 // topic relevance (cosine to the topic centroid), -1 when no topic
	Relevant  bool    // Relevance passed the topic threshold
	Cluster   int64   // structural (template) cluster id, 0 when not clustered
	Topic     int64   // fuzzy topic id, 0 when not grouped
	// Annotations are named per-page results of any hook, as text (see
	// Annotate); nil when there are none.
	Annotations map[string]string

	kept map[any]any // Keep: what OnPage hooks hand to their OnBatch; never stored
}

// Field is one named value of an extracted data record.
//
// Name is the column the extractor gave the value while crawling (a
// template cluster's pages share the names, first come first named).
// Key, when set, is the value's column key in its record (its tag.class
// path, package extraction) and Sparse says the key was filled in too few
// of its page's records for a column there (Date and Price are the
// value's evidence of the column's role): the exported tables name the
// columns of a cluster from the keys of all its stored records
// (extraction.TableColumns), so they do not depend on the order the pages
// came in. A field without a Key (one a hook adds) keeps its Name.
type Field struct {
	Name   string // column name, stable across a template cluster
	Value  string // text, link href or image src
	Key    string // column key of the value, "" when Name is final
	Sparse bool   // Key is filled in too few of the page's records for a column there
	Date   bool   // with a Key: the value looks like a date (evidence of the column's role)
	Price  bool   // with a Key: the value looks like an amount with a currency
}

// Record is one data record extracted from a list page.
type Record struct {
	PageURL string
	Cluster int64 // template cluster of the page
	Index   int   // position of the record on its page, 0-based
	// Kind is the structure the record's list has on its page (package
	// extraction: the list's container and the record's roots, such as
	// "ul.member-list > li" or "dl.py > dl.py"; "" when not known). The
	// exports give each kind of a template cluster's records a table of
	// its own.
	Kind   string
	Fields []Field
}

// Batch is what OnBatch hooks receive: the pages fetched since the previous
// batch. Hooks may set hook-owned fields of the pages and append Records;
// the engine stores all of it in one transaction after the hooks ran, so a
// batch is either wholly stored or re-run after a crash.
type Batch struct {
	Seq     int64   // batch number, 1-based
	Pages   []*Page // in fetch order
	Final   bool    // last batch of the run
	Records []Record
	Results []Result // named results of the batch hooks (AddResult), stored with the batch
}

// Errors shared by every package.
var (
	// ErrNotHTML is returned for responses whose content type is filtered out.
	ErrNotHTML = errors.New("crawl: not an HTML response")
	// ErrTooLarge is returned for bodies over the configured maximum size.
	ErrTooLarge = errors.New("crawl: body too large")
	// ErrDisallowed is returned for URLs robots.txt forbids.
	ErrDisallowed = errors.New("crawl: disallowed by robots.txt")
	// ErrOutOfScope is returned for URLs the scope rules exclude.
	ErrOutOfScope = errors.New("crawl: out of scope")
)
