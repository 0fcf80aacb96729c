package crawl

import "time"

// Failure is one URL that could not be fetched or stored as a page.
type Failure struct {
	URL     string
	Parent  string
	Kind    string // short class: "http", "timeout", "robots", "not-html", "too-large", …
	Message string
	Depth   int
	Status  int // HTTP status when there was a response, else 0
	At      time.Time
	// Attempts is how many requests were sent for the URL (retries
	// included) before it failed for good; 0 when none was (robots, scope).
	Attempts int
}

// Counts summarises what a store holds.
type Counts struct {
	Pages          int64
	Failures       int64
	FailuresByKind map[string]int64
	Clusters       int64
	Records        int64
	Batches        int64 // highest stored batch number
	Queued         int64 // frontier rows still queued
	Frontier       int64 // frontier rows in any state
}

// FrontierEntry is one persisted frontier row: a link, its host key
// (HostKey of its URL) and its insertion sequence, the FIFO tie-break among
// equal priorities.
type FrontierEntry struct {
	Seq  int64
	Host string
	Link Link
}

// Fingerprint is the content fingerprint of a stored page: a hash of its
// body, the SimHash of its text and the signature of its title's words
// (package dedup), which the engine reloads on resume so duplicates of
// pages stored by earlier runs are found too.
type Fingerprint struct {
	URL        string
	Body       uint64
	SimHash    uint64
	HasSimHash bool   // false when the text was too short for a SimHash
	Title      uint64 // dedup.TitleSig of the title; 0: not known (kept before titles were)
}

// Result is one named result an OnBatch hook produced for its batch,
// stored with the batch in the same transaction (so a batch and its results
// are stored together or re-run together after a crash). Name says what it
// is ("clusters" for the built-in template clustering); Value is what the
// store keeps: a store may know a value's type and keep it in tables of its
// own (the SQLite store keeps store.ClusterRows in its cluster tables), and
// keeps any other value as JSON under its name and batch, so Value must be
// JSON-encodable. A later result of the same name in one batch replaces an
// earlier one.
type Result struct {
	Name  string
	Value any
}

// AddResult adds a named result to the batch (see Result).
func (b *Batch) AddResult(name string, v any) {
	for i := range b.Results {
		if b.Results[i].Name == name {
			b.Results[i].Value = v
			return
		}
	}
	b.Results = append(b.Results, Result{Name: name, Value: v})
}

// ExportTables returns the names of the tables a crawl exports (package
// export writes each; a configuration's exports list names them), in their
// documented order. Each call returns a new slice.
func ExportTables() []string {
	return []string{"pages", "links", "records", "clusters", "harvest", "topics", "failures"}
}
