package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/crawl-project/crawl"
)

// The records of a page are stored as runs (table page_records): the
// page's records in index order, cut where the cluster changes, one row
// per run. A run keeps its field names once, in the names column (each
// name as uvarint length and bytes, in order of first use), and its
// records in the data column: per record its index (varint), its field
// count (uvarint), then per field the name's number in names (uvarint)
// and the value (uvarint length and bytes). One row per record, with the
// fields as JSON, was most of the cost of storing and exporting records:
// 17,847 rows and inserts for the Python docs' 405 list pages, and a JSON
// encoding and decoding of every field.
//
// Since schema step 8 a run also has a keys column when a field of it has
// a column key (crawl.Field.Key: the fields of a template cluster's
// pages): per entry of names, the key (uvarint length and bytes), a byte
// (1 when the field is Sparse), then the entry's counts as uvarints
// (KeyCount: its fields, the sum of their places in their records, of
// their values' lengths, how many look like a date, like a price), so the
// exports name a cluster's columns from the names and keys columns alone,
// without reading the values. The entries of names are then the distinct
// (name, key, sparse) of the run, so a name may occur more than once
// (Other, for each sparse key). NULL keys, in runs with no key and in the
// runs of stores written before step 8, make every field's name final
// (Key "").

// runError is a run that does not decode (the store reports it as
// ErrCorrupt), told apart from the errors of decode's fn.
type runError struct{ err error }

func (e *runError) Error() string { return e.err.Error() }

func badRun(format string, args ...any) error { return &runError{fmt.Errorf(format, args...)} }

// runEncoder encodes runs, reusing its buffers from run to run.
type runEncoder struct {
	num    map[entry]int // entry → its number in names
	names  []byte
	data   []byte
	keys   []byte
	counts []KeyCount // per entry
	keyed  bool       // an entry of the run has a key
	// The numbers of the entries met in this run (gen), by the address
	// and length of their name's and key's bytes: a page's records name
	// their fields with the same few strings (extraction's column names
	// and keys), so most fields find their entry's number without hashing
	// two strings in num (their places in the records vary too much to
	// go by).
	cache entryCache
	gen   uint32
}

// entryCache is a direct-mapped cache of entry numbers, a slot per hash
// of the addresses of an entry's name and key; a slot keeps its strings
// (so their bytes stay where they are). Strings of equal address and
// length hold equal bytes; an entry not found (a collision, a name copied
// elsewhere) is looked up in num and takes the slot.
type entryCache [256]entrySlot

type entrySlot struct {
	entry
	gen uint32 // the run the slot's number is of (0: none)
	num int
}

// numbered returns the number of id in the run (number), through the
// cache.
func (e *runEncoder) numbered(id entry) int {
	pn, pk := uintptr(unsafe.Pointer(unsafe.StringData(id.name))), uintptr(unsafe.Pointer(unsafe.StringData(id.key)))
	s := &e.cache[(pn>>3^pn>>11^pk>>4^pk>>12^uintptr(len(id.name)))&uintptr(len(e.cache)-1)]
	if s.gen == e.gen && s.sparse == id.sparse && len(s.name) == len(id.name) && len(s.key) == len(id.key) &&
		unsafe.StringData(s.name) == unsafe.StringData(id.name) && unsafe.StringData(s.key) == unsafe.StringData(id.key) {
		return s.num
	}
	k := e.number(id)
	*s = entrySlot{id, e.gen, k}
	return k
}

// KeyCount is what a run tells of one of its entries (a field name with
// its key and sparseness): how many fields have it, the sum of their
// places among their records' fields, of their values' lengths, and how
// many of their values look like a date or a price (crawl.Field.Date,
// Price). It converts to extraction.KeyCount.
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

// entry is what a run's names column keeps once: a field's name, key and
// sparseness.
type entry struct {
	name, key string
	sparse    bool
}

func newRunEncoder() *runEncoder {
	return &runEncoder{num: map[entry]int{}, names: []byte{}, data: []byte{}} // never NULL
}

// encode encodes recs as one run; names, data and keys stay valid until
// the next call; keys is nil when no field has a key. Names, keys and
// values are stored as the JSON fields column stored them: invalid UTF-8
// becomes U+FFFD, byte by byte (validUTF8).
func (e *runEncoder) encode(recs []crawl.Record) (names, data, keys []byte) {
	clear(e.num)
	e.names, e.data, e.keys, e.counts, e.keyed = e.names[:0], e.data[:0], e.keys[:0], e.counts[:0], false
	if e.gen++; e.gen == 0 { // wrapped: no slot is of this run
		e.cache = entryCache{}
		e.gen = 1
	}
	for _, r := range recs {
		e.data = binary.AppendVarint(e.data, int64(r.Index))
		e.data = binary.AppendUvarint(e.data, uint64(len(r.Fields)))
		for i, f := range r.Fields {
			k := e.numbered(entry{f.Name, f.Key, f.Sparse && f.Key != ""})
			c := &e.counts[k]
			c.Records++
			c.Positions += i
			c.Length += len(f.Value)
			c.Dates += b2i(f.Date && f.Key != "")
			c.Prices += b2i(f.Price && f.Key != "")
			e.data = binary.AppendUvarint(e.data, uint64(k))
			e.data = appendString(e.data, validUTF8(f.Value))
		}
	}
	if !e.keyed {
		return e.names, e.data, nil
	}
	for _, c := range e.counts {
		e.keys = appendString(e.keys, validUTF8(c.Key))
		e.keys = append(e.keys, byte(b2i(c.Sparse)))
		for _, n := range [...]int{c.Records, c.Positions, c.Length, c.Dates, c.Prices} {
			e.keys = binary.AppendUvarint(e.keys, uint64(n))
		}
	}
	return e.names, e.data, e.keys
}

// number returns the number of entry id in the run being encoded, adding
// it to the names (and counts) when new.
func (e *runEncoder) number(id entry) int {
	k, ok := e.num[id]
	if !ok {
		k = len(e.num)
		e.num[id] = k
		e.names = appendString(e.names, validUTF8(id.name))
		e.counts = append(e.counts, KeyCount{Key: id.key, Sparse: id.sparse})
		e.keyed = e.keyed || id.key != ""
	}
	return k
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func appendString(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

// validUTF8 returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as encoding/json writes a string (and as the records
// stored as JSON read back).
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// runDecoder decodes runs; it interns names and keys (a crawl's records
// have few).
type runDecoder struct {
	intern map[string]string
	names  []string
	counts []KeyCount
	// name names decode's fields with a key, when set, as the fields of
	// the run of page seq, cluster and kind (set per run, no closure made
	// for each).
	name         FieldNamer
	seq, cluster int64
	kind         string
	// view: decode's values are data's bytes and its fields a slice the
	// next run reuses, valid only while fn runs (data must not change
	// until then: sql.RawBytes of the row being read).
	view   bool
	fields []crawl.Field
}

func newRunDecoder() *runDecoder { return &runDecoder{intern: map[string]string{}} }

// decodeNames returns the names of a run; the slice is reused by the next
// call.
func (d *runDecoder) decodeNames(names []byte) ([]string, error) {
	d.names = d.names[:0]
	for len(names) > 0 {
		s, rest, err := readString(names)
		if err != nil {
			return nil, badRun("name %d: %w", len(d.names)+1, err)
		}
		d.names = append(d.names, d.internString(s))
		names = rest
	}
	return d.names, nil
}

func (d *runDecoder) internString(s []byte) string {
	n, ok := d.intern[string(s)]
	if !ok {
		n = string(s)
		d.intern[n] = n
	}
	return n
}

// decodeEntries returns the entries of a run: its names with their keys
// and counts (none when keys is empty). The slice is reused by the next
// call.
func (d *runDecoder) decodeEntries(names, keys []byte) ([]KeyCount, error) {
	ns, err := d.decodeNames(names)
	if err != nil {
		return nil, err
	}
	d.counts = d.counts[:0]
	for i, n := range ns {
		c := KeyCount{Name: n}
		if len(keys) > 0 {
			k, rest, err := readString(keys)
			if err != nil || len(rest) == 0 || rest[0] > 1 {
				return nil, badRun("key %d: bad key", i+1)
			}
			c.Key, c.Sparse, keys = d.internString(k), rest[0] == 1, rest[1:]
			for _, p := range [...]*int{&c.Records, &c.Positions, &c.Length, &c.Dates, &c.Prices} {
				v, m := binary.Uvarint(keys)
				if m <= 0 || v > 1<<40 {
					return nil, badRun("key %d: bad count", i+1)
				}
				*p, keys = int(v), keys[m:]
			}
		}
		d.counts = append(d.counts, c)
	}
	if len(keys) > 0 {
		return nil, badRun("%d bytes of keys after the %d names", len(keys), len(ns))
	}
	return d.counts, nil
}

// decode calls fn with each of the n records of a run (its names, keys
// and data columns), in order. The values of all the records share one
// string (the data copied once), and their fields one slice (fn may keep
// its part).
func (d *runDecoder) decode(names, keys, data []byte, n int, fn func(idx int, fields []crawl.Field) error) error {
	if n < 0 || n > len(data)/2 { // a record takes at least 2 bytes
		return badRun("%d records in %d bytes", n, len(data))
	}
	ns, err := d.decodeEntries(names, keys)
	if err != nil {
		return err
	}
	if d.name != nil {
		for i := range ns {
			if ns[i].Key != "" {
				ns[i].Name = d.name(d.seq, d.cluster, d.kind, ns[i])
			}
		}
	}
	var all string
	if d.view && len(data) > 0 {
		all = unsafe.String(&data[0], len(data))
	} else {
		all = string(data)
	}
	size := max(n, len(data)/32) // a guess; with keys, the entries count the fields
	if len(keys) > 0 {
		size = 0
		for _, c := range ns {
			size += c.Records
		}
		size = min(size, len(data)/2) // a field takes at least 2 bytes
	}
	var fields []crawl.Field
	if d.view {
		fields = slices.Grow(d.fields[:0], size)
		defer func() { d.fields = fields[:0] }()
	} else {
		fields = make([]crawl.Field, 0, size)
	}
	p := 0
	for i := range n {
		idx, k := binary.Varint(data[p:])
		if k <= 0 || int64(int(idx)) != idx {
			return badRun("record %d of %d: bad index", i+1, n)
		}
		p += k
		nf, k := binary.Uvarint(data[p:])
		if k <= 0 || nf > uint64(len(data)-p-k)/2 { // a field takes at least 2 bytes
			return badRun("record %d of %d: bad field count", i+1, n)
		}
		p += k
		start := len(fields)
		for j := range int(nf) {
			name, k := binary.Uvarint(data[p:])
			if k <= 0 || name >= uint64(len(ns)) {
				return badRun("record %d of %d: field %d: bad name number", i+1, n, j+1)
			}
			p += k
			size, k := binary.Uvarint(data[p:])
			if k <= 0 || size > uint64(len(data)-p-k) {
				return badRun("record %d of %d: field %d: bad value length", i+1, n, j+1)
			}
			p += k
			e := &ns[name]
			fields = append(fields, crawl.Field{Name: e.Name, Value: all[p : p+int(size)], Key: e.Key, Sparse: e.Sparse})
			p += int(size)
		}
		if err := fn(int(idx), fields[start:len(fields):len(fields)]); err != nil {
			return err
		}
	}
	if p != len(data) {
		return badRun("%d bytes after the %d records", len(data)-p, n)
	}
	return nil
}

// readString reads a uvarint length and that many bytes.
func readString(b []byte) (s, rest []byte, err error) {
	size, k := binary.Uvarint(b)
	if k <= 0 || size > uint64(len(b)-k) {
		return nil, nil, errors.New("bad length")
	}
	return b[k : k+int(size)], b[k+int(size):], nil
}

// EncodeRecordRun encodes recs, one page's records in index order and of
// one cluster, as the names and data columns of a page_records row (for a
// program that writes a store with SQL of its own, as a test may). The
// fields' keys are left out (a row without keys: its names are final).
func EncodeRecordRun(recs []crawl.Record) (names, data []byte) {
	names, data, _ = newRunEncoder().encode(recs)
	return names, data
}

// DecodeRecordRun calls fn with each record of a page_records row (its
// names, data and n columns), in order, for a program that reads a store
// with SQL of its own (the dashboard); the fields get their names, not
// their keys. A row that does not decode is an error wrapping ErrCorrupt;
// fn's errors are returned as they are.
func DecodeRecordRun(names, data []byte, n int, fn func(idx int, fields []crawl.Field) error) error {
	err := newRunDecoder().decode(names, nil, data, n, fn)
	var bad *runError
	if errors.As(err, &bad) {
		return fmt.Errorf("store: records: %w: %w", ErrCorrupt, bad.err)
	}
	return err
}
