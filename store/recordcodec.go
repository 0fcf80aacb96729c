package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf8"

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

// runError is a run that does not decode (the store reports it as
// ErrCorrupt), told apart from the errors of decode's fn.
type runError struct{ err error }

func (e *runError) Error() string { return e.err.Error() }

func badRun(format string, args ...any) error { return &runError{fmt.Errorf(format, args...)} }

// runEncoder encodes runs, reusing its buffers from run to run.
type runEncoder struct {
	num   map[string]int // name → its number in names
	names []byte
	data  []byte
}

func newRunEncoder() *runEncoder {
	return &runEncoder{num: map[string]int{}, names: []byte{}, data: []byte{}} // never NULL
}

// encode encodes recs as one run; names and data stay valid until the
// next call. Names and values are stored as the JSON fields column stored
// them: invalid UTF-8 becomes U+FFFD, byte by byte (validUTF8).
func (e *runEncoder) encode(recs []crawl.Record) (names, data []byte) {
	clear(e.num)
	e.names, e.data = e.names[:0], e.data[:0]
	for _, r := range recs {
		e.data = binary.AppendVarint(e.data, int64(r.Index))
		e.data = binary.AppendUvarint(e.data, uint64(len(r.Fields)))
		for _, f := range r.Fields {
			k, ok := e.num[f.Name]
			if !ok {
				k = len(e.num)
				e.num[f.Name] = k
				e.names = appendString(e.names, validUTF8(f.Name))
			}
			e.data = binary.AppendUvarint(e.data, uint64(k))
			e.data = appendString(e.data, validUTF8(f.Value))
		}
	}
	return e.names, e.data
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

// runDecoder decodes runs; it interns names (a crawl's records have few).
type runDecoder struct {
	intern map[string]string
	names  []string
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
		n, ok := d.intern[string(s)]
		if !ok {
			n = string(s)
			d.intern[n] = n
		}
		d.names = append(d.names, n)
		names = rest
	}
	return d.names, nil
}

// decode calls fn with each of the n records of a run, in order. The
// values of all the records share one string (the data copied once), and
// their fields one slice (fn may keep its part).
func (d *runDecoder) decode(names, data []byte, n int, fn func(idx int, fields []crawl.Field) error) error {
	if n < 0 || n > len(data)/2 { // a record takes at least 2 bytes
		return badRun("%d records in %d bytes", n, len(data))
	}
	ns, err := d.decodeNames(names)
	if err != nil {
		return err
	}
	all := string(data)
	fields := make([]crawl.Field, 0, max(n, len(data)/32))
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
			fields = append(fields, crawl.Field{Name: ns[name], Value: all[p : p+int(size)]})
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
// program that writes a store with SQL of its own, as a test may).
func EncodeRecordRun(recs []crawl.Record) (names, data []byte) {
	return newRunEncoder().encode(recs)
}

// DecodeRecordRun calls fn with each record of a page_records row (its
// names, data and n columns), in order, for a program that reads a store
// with SQL of its own (the dashboard). A row that does not decode is an
// error wrapping ErrCorrupt; fn's errors are returned as they are.
func DecodeRecordRun(names, data []byte, n int, fn func(idx int, fields []crawl.Field) error) error {
	err := newRunDecoder().decode(names, data, n, fn)
	var bad *runError
	if errors.As(err, &bad) {
		return fmt.Errorf("store: records: %w: %w", ErrCorrupt, bad.err)
	}
	return err
}
