package extraction

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl"
)

// The columns of an exported table. While a crawl runs, a cluster's keys
// are named first come first named (columns.go), so two crawls of one
// site in two orders (other worker counts, other seeds) name them apart:
// which key is link_2 and which is link_7, which keys were late for the 59
// columns. The stored fields keep their keys (crawl.Field.Key and Sparse),
// and TableColumns names a cluster's columns from the set of its records
// alone, by the rules of columns.go:
//
//   - A key gets a column when it filled MinFill of the records of a page
//     it occurs on (a field not Sparse) and TableMinFill (5%) of the
//     cluster's records, at most MaxColumns-1 (59) keys: the most filled
//     (records holding the key), ties by position. The cluster's share
//     keeps a template cluster of varied pages (a documentation site's
//     reference pages, each with entries of its own) from a table of 59
//     columns most rows leave empty: on the Berkeley DB 5.3 docs (3,887
//     pages, every built-in on; a site we chose the 5% on, none of our
//     data came from it) its three widest tables went from 59, 56 and 62
//     columns to 49, 17 and 17; the values of the dropped keys are kept,
//     in Other.
//   - Its role is decided as the crawl decides it, from the key's kind and
//     path and from all its values in the cluster (most date-like: date;
//     most prices: price; mean length), not from one page's; but a store
//     keeps no count of label-like values, so a key's fields the crawl
//     named "kind" (from the values of the first page that gave the key a
//     column) count as labels.
//   - The keys are named in the order of their mean position in their
//     records (the field's place among the record's fields), ties by fill,
//     then by key: the first title-like key is the title, and repeats of
//     a role are numbered in that order (link before link_2 means link
//     comes first in a record).
//   - Every other keyed value goes to Other; a field without a key (a
//     hook's, or one stored before keys were) keeps its name.
//
// Counts are sums, so the names do not depend on the order the records
// are added: a table's header and cells are a function of the set of its
// records (TestTableColumnsOrder).

// TableColumns gathers the fields of one template cluster's records and
// names the cluster's columns; the zero value is not ready, use
// NewTableColumns.
type TableColumns struct {
	keys    map[string]*keyStats
	fixed   map[string]bool // names of the fields without a key
	records int             // records counted (Add, AddRecords)
}

// TableMinFill is the share of a cluster's records a key must fill to get
// a column of the cluster's table (beside MinFill on a page of its).
const TableMinFill = 0.05

// AddRecords counts n records whose fields AddCount counts (a stored
// run's).
func (tc *TableColumns) AddRecords(n int) { tc.records += n }

// keyStats is what the records of a cluster tell of one key.
type keyStats struct {
	kind  kind
	fill  int      // records holding the key
	dense bool     // a page's records filled it to MinFill
	pos   int      // sum of its places among its records' fields
	ev    evidence // its values
}

// NewTableColumns returns an empty TableColumns.
func NewTableColumns() *TableColumns {
	return &TableColumns{keys: map[string]*keyStats{}, fixed: map[string]bool{}}
}

// Add counts the fields of one record as the extractor gave them (with
// their Date and Price evidence; fields read back from a store have none:
// count those with AddCount from the store's counts).
func (tc *TableColumns) Add(fields []crawl.Field) {
	tc.records++
	for i, f := range fields {
		tc.AddCount(KeyCount{Name: f.Name, Key: f.Key, Sparse: f.Sparse, Records: 1, Positions: i,
			Length: len(f.Value), Dates: b2i(f.Date), Prices: b2i(f.Price)})
	}
}

// KeyCount is what some records tell of one field name, key and
// sparseness: how many fields have them, the sum of their places among
// their records' fields, of their values' lengths, and how many of the
// values look like a date or a price (store.KeyCount converts to it: a
// stored run keeps these counts of its fields).
type KeyCount struct {
	Name      string
	Key       string
	Sparse    bool
	Records   int
	Positions int
	Length    int
	Dates     int
	Prices    int
}

// AddCount counts the fields c tells of.
func (tc *TableColumns) AddCount(c KeyCount) {
	if c.Key == "" {
		tc.fixed[c.Name] = true
		return
	}
	s := tc.keys[c.Key]
	if s == nil {
		s = &keyStats{kind: keyKind(c.Key)}
		tc.keys[c.Key] = s
	}
	s.fill += c.Records
	s.pos += c.Positions
	s.dense = s.dense || !c.Sparse
	s.ev.n += c.Records
	s.ev.total += c.Length
	s.ev.dates += c.Dates
	s.ev.prices += c.Prices
	if c.Name == kindRole { // named from its values as the crawl met them (columns.go)
		s.ev.labels += c.Records
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keyKind is the kind of the values of key k (fields.go's suffixes: an
// address ends in @href or @src, before a repeat's [n]).
func keyKind(k string) kind {
	if i := strings.LastIndexByte(k, '['); i > 0 && strings.HasSuffix(k, "]") {
		k = k[:i]
	}
	switch {
	case strings.HasSuffix(k, suffixes[sfxHref]):
		return kindLink
	case strings.HasSuffix(k, suffixes[sfxSrc]):
		return kindImage
	}
	return kindText
}

// Naming is the column names of one cluster's fields.
type Naming struct {
	byKey map[string]string
	cols  []string
}

// Naming names the columns of the records added so far.
func (tc *TableColumns) Naming() *Naming {
	var keys []namedStats
	need := int(math.Ceil(TableMinFill * float64(tc.records)))
	for k, s := range tc.keys {
		if s.dense && s.fill >= need {
			keys = append(keys, namedStats{k, s})
		}
	}
	slices.SortFunc(keys, func(a, b namedStats) int { // most filled first
		return cmp.Or(cmp.Compare(b.fill, a.fill), byPosition(a, b))
	})
	if len(keys) > MaxColumns-1 {
		keys = keys[:MaxColumns-1]
	}
	slices.SortFunc(keys, byPosition)
	n := &Naming{byKey: make(map[string]string, len(keys))}
	taken := map[string]int{}
	title := false
	for _, k := range keys {
		role := roleOf(k.key, k.kind, k.ev, !title)
		title = title || role == "title"
		taken[role]++
		name := role
		if c := taken[role]; c > 1 {
			name += "_" + strconv.Itoa(c)
		}
		n.byKey[k.key] = name
		n.cols = append(n.cols, name)
	}
	for name := range tc.fixed {
		if !slices.Contains(n.cols, name) {
			n.cols = append(n.cols, name)
		}
	}
	if len(keys) < len(tc.keys) && !slices.Contains(n.cols, Other) {
		n.cols = append(n.cols, Other)
	}
	slices.Sort(n.cols)
	return n
}

// namedStats is a key with its stats.
type namedStats struct {
	key string
	*keyStats
}

// byPosition orders keys a and b by their mean place in their records,
// then the more filled first, then by key.
func byPosition(a, b namedStats) int {
	// a.pos/a.fill against b.pos/b.fill, in integers
	return cmp.Or(cmp.Compare(int64(a.pos)*int64(b.fill), int64(b.pos)*int64(a.fill)),
		cmp.Compare(b.fill, a.fill), strings.Compare(a.key, b.key))
}

// Name returns the column of f: its key's, Other for a key without a
// column, its own name for a field without a key.
func (n *Naming) Name(f crawl.Field) string {
	if f.Key == "" {
		return f.Name
	}
	return n.KeyName(f.Key)
}

// KeyName returns the column of the values of key k: its own, or Other.
func (n *Naming) KeyName(k string) string {
	if name, ok := n.byKey[k]; ok {
		return name
	}
	return Other
}

// Columns returns the names the fields get, each once, sorted by name
// (tables order them by role: package export).
func (n *Naming) Columns() []string { return n.cols }
