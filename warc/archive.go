package warc

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// Archive is an index of the responses in a set of WARC files: for each
// target URI the place of its last response (or revisit) record. Build one
// with OpenArchive; it reads the records back from the files when asked.
type Archive struct {
	mu       sync.Mutex
	open     map[string]*os.File // files opened by Lookup, shared (ReadAt)
	key      func(string) string
	response map[string]bool // keys with a response record (a revisit does not replace it)
	index    map[string]Location
	order    []string  // keys in archive order, first occurrence
	Info     []*Record // the warcinfo records, in archive order
	gzips    sync.Pool // *gzip.Reader for Lookup
}

// Location is where a record is.
type Location struct {
	File   string
	Offset int64
	Size   int64
}

// ArchiveOption configures OpenArchive.
type ArchiveOption func(*Archive)

// WithKey sets how a URL is turned into an index key (default: as is), so
// an archive written by another tool matches the crawler's URL forms.
func WithKey(key func(string) string) ArchiveOption { return func(a *Archive) { a.key = key } }

// OpenArchive indexes files in order. A file that cannot be read, or has a
// bad record, gives an error naming the file and offset (an *Error); the
// records before it are indexed and indexing goes on with the next file.
// The Archive is nil only when no file gave a record.
func OpenArchive(files []string, opts ...ArchiveOption) (*Archive, []error) {
	a := &Archive{key: func(s string) string { return s }, index: map[string]Location{}, response: map[string]bool{}}
	for _, o := range opts {
		o(a)
	}
	var errs []error
	records := 0
	for _, name := range files {
		n, err := a.add(name)
		records += n
		if err != nil {
			errs = append(errs, err)
		}
	}
	if records == 0 {
		return nil, append(errs, errors.New("warc: no records in the archive"))
	}
	return a, errs
}

func (a *Archive) add(name string) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, fmt.Errorf("warc: %w", err)
	}
	defer f.Close()
	if n, ok := a.addIndexed(f, name); ok {
		return n, nil
	}
	r := NewReader(f, name)
	n := 0
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
		switch rec.Type() {
		case "warcinfo":
			rec.Block = slices.Clip(rec.Block)
			a.Info = append(a.Info, rec)
		case "response", "revisit":
			k := a.key(rec.TargetURI())
			if k == "" {
				continue
			}
			if _, seen := a.index[k]; !seen {
				a.order = append(a.order, k)
			}
			if rec.Type() == "revisit" && a.response[k] {
				continue // a 304 of a re-crawl: replay keeps the full response
			}
			a.response[k] = a.response[k] || rec.Type() == "response"
			a.index[k] = Location{File: name, Offset: rec.Offset, Size: rec.Size}
		}
	}
}

// Len is the number of URLs with a response.
func (a *Archive) Len() int { return len(a.index) }

// URLs are the archived URLs (index keys) in archive order.
func (a *Archive) URLs() []string { return slices.Clone(a.order) }

// Lookup returns the response record of url, read from its file. It is
// safe for concurrent use.
func (a *Archive) Lookup(url string) (*Record, error) {
	loc, ok := a.index[a.key(url)]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotArchived, url)
	}
	f, err := a.file(loc.File)
	if err != nil {
		return nil, err
	}
	raw := make([]byte, loc.Size)
	if _, err := f.ReadAt(raw, loc.Offset); err != nil {
		return nil, &Error{File: loc.File, Offset: loc.Offset, Err: err}
	}
	r := newReader(bytes.NewReader(raw), loc.File, loc.Offset, 4<<10)
	r.zr, _ = a.gzips.Get().(*gzip.Reader) // a decoder's tables are worth reusing
	rec, err := r.Next()
	if r.zr != nil {
		a.gzips.Put(r.zr)
	}
	return rec, err
}

func (a *Archive) file(name string) (*os.File, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if f := a.open[name]; f != nil {
		return f, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("warc: %w", err)
	}
	if a.open == nil {
		a.open = map[string]*os.File{}
	}
	a.open[name] = f
	return f, nil
}

// Close closes the files Lookup opened.
func (a *Archive) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	var errs []error
	for _, f := range a.open {
		errs = append(errs, f.Close())
	}
	a.open = nil
	return errors.Join(errs...)
}

// ErrNotArchived is wrapped by Lookup's error for a URL the archive lacks.
var ErrNotArchived = errors.New("warc: not in the archive")

// InfoField is the value of field name in the last warcinfo record of the
// archive that has it (the latest run's, when files are given in name
// order); "" when none has it.
func (a *Archive) InfoField(name string) string {
	for i := len(a.Info) - 1; i >= 0; i-- {
		r := a.Info[i]
		for _, line := range strings.Split(string(r.Block), "\r\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), name) {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// Has reports whether url has a response in the archive.
func (a *Archive) Has(url string) bool {
	_, ok := a.index[a.key(url)]
	return ok
}

// addIndexed indexes name from its CDXJ index (name.cdxj) instead of
// reading every record, when the index is there, no older than the file,
// and every entry lies inside the file; the file's first record, its
// warcinfo, is still read. ok is false when the file must be read whole.
func (a *Archive) addIndexed(f *os.File, name string) (int, bool) {
	fi, err1 := f.Stat()
	ci, err2 := os.Stat(name + ".cdxj")
	if err1 != nil || err2 != nil || ci.ModTime().Before(fi.ModTime()) {
		return 0, false
	}
	entries, err := readCDXJ(name + ".cdxj")
	if err != nil {
		return 0, false
	}
	for _, e := range entries {
		if e.Offset < 0 || e.Length <= 0 || e.Offset+e.Length > fi.Size() || e.Filename != filepath.Base(name) {
			return 0, false
		}
	}
	info, err := NewReader(f, name).Next()
	if err != nil || info.Type() != "warcinfo" {
		return 0, false
	}
	info.Block = slices.Clip(info.Block)
	a.Info = append(a.Info, info)
	slices.SortFunc(entries, func(x, y CDXEntry) int { return cmp.Compare(x.Offset, y.Offset) })
	for _, e := range entries {
		k := a.key(e.URL)
		if k == "" {
			continue
		}
		if _, seen := a.index[k]; !seen {
			a.order = append(a.order, k)
		}
		if e.revisit && a.response[k] {
			continue
		}
		a.response[k] = a.response[k] || !e.revisit
		a.index[k] = Location{File: name, Offset: e.Offset, Size: e.Length}
	}
	return 1 + len(entries), true
}
