package warc

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	gowarc "github.com/nlnwa/gowarc/v3"
)

// Config says where and how WARC files are written. Zero fields take
// their defaults.
type Config struct {
	Dir     string // directory of the files; required
	MaxSize int64  // a file is closed and a new one begun past this many bytes; default 1 GiB
	Prefix  string // file name prefix; default "crawl"
	// Info are the fields of each file's warcinfo record after software and
	// format (for example the crawl's configuration), in this order.
	Info     []Field
	Software string // the warcinfo software field; default "crawl"
}

// Field is one name: value line of a warcinfo record.
type Field struct{ Name, Value string }

// DefaultMaxSize is the size at which a file is rotated by default.
const DefaultMaxSize = 1 << 30

// openSuffix marks a file being written: it is renamed when closed, and a
// file still carrying it after a crash is repaired by the next New.
const openSuffix = ".open"

// Exchange is one HTTP request and what answered it, as sent and received.
type Exchange struct {
	URL      string    // target URI
	IP       string    // the server's address, when known
	Date     time.Time // when the request was sent
	Request  []byte    // the request head (and body) as sent
	Response []byte    // the status line and header block, ending in an empty line
	Body     []byte    // the entity body as received: transfer coding removed, content coding kept
	// Truncated is the WARC-Truncated reason when Body is not complete
	// ("length": over the size limit, "disconnect": aborted), else "".
	Truncated string
	// NotModified writes the response as a revisit record (profile
	// server-not-modified): the answer to a conditional GET.
	NotModified bool
	// Reconstructed marks a response rebuilt from a crawl store, not
	// recorded: no request record is written, and the response carries
	// ReconstructedField.
	Reconstructed bool
}

// ReconstructedField is the WARC header field of a response record rebuilt
// from a crawl store (value "store"): its HTTP head is synthesised and its
// body is the stored page, not the bytes received.
const ReconstructedField = "WARC-Crawl-Reconstructed"

// Writer writes exchanges as gzipped WARC 1.1 records to size-rotated
// files. It is safe for concurrent use. Records are built and compressed
// by the caller of WriteExchange, then buffered: Flush writes them to the
// file (one write(2) for many records), Sync also makes them durable, and
// a full buffer (maxPending) or Close writes them anyway. A crawl calls
// Flush before each store commit, so no stored page lacks its record.
type Writer struct {
	cfg Config
	log *slog.Logger
	now func() time.Time

	mu      sync.Mutex
	f       *os.File
	lock    *fileLock
	name    string // final name of the open file (without openSuffix)
	size    int64
	infoID  string
	serial  int
	files   []string   // closed files, final names
	dirty   bool       // written since the last Sync
	pending []byte     // records not yet written to f (Flush)
	entries []CDXEntry // index of the open file, written beside it when it closes
	buf     bytes.Buffer
	zw      *gzip.Writer
	closed  bool
}

// Option injects a collaborator into New.
type Option func(*Writer)

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(w *Writer) { w.log = l } }

// WithClock sets the clock used for file names and warcinfo dates.
func WithClock(now func() time.Time) Option { return func(w *Writer) { w.now = now } }

// ErrClosed is returned by a Writer used after Close.
var ErrClosed = errors.New("warc: writer closed")

// New returns a Writer into cfg.Dir, creating it. Files of an earlier run
// left open by a crash (ours: prefix and open suffix, not locked by a live
// writer) are repaired first: a torn last record is cut off. The first
// file is created with the first exchange.
func New(cfg Config, opts ...Option) (*Writer, error) {
	if cfg.Dir == "" {
		return nil, errors.New("warc: Config.Dir is required")
	}
	if cfg.MaxSize < 0 {
		return nil, fmt.Errorf("warc: MaxSize %d is negative", cfg.MaxSize)
	}
	if cfg.MaxSize == 0 {
		cfg.MaxSize = DefaultMaxSize
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "crawl"
	}
	if cfg.Software == "" {
		cfg.Software = "crawl"
	}
	w := &Writer{cfg: cfg, log: slog.Default(), now: time.Now}
	for _, o := range opts {
		o(w)
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("warc: %w", err)
	}
	if _, err := RepairDir(cfg.Dir, cfg.Prefix); err != nil {
		return nil, err
	}
	return w, nil
}

// WriteExchange writes the request record and the response (or revisit)
// record of x, each naming the other in WARC-Concurrent-To, gzipped one
// record per member (the request's stored, not compressed), to the
// current file's buffer (see Flush). Records are built and compressed
// outside the lock, so workers do that in parallel.
func (w *Writer) WriteExchange(x Exchange) error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return ErrClosed
	}
	if w.f == nil {
		if err := w.openFile(); err != nil {
			w.mu.Unlock()
			return err
		}
	}
	info := w.infoID
	w.mu.Unlock()

	enc := encoders.Get().(*encoder)
	defer encoders.Put(enc)
	if err := enc.exchange(x, info); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	if w.size+int64(enc.buf.Len()) > w.cfg.MaxSize && len(w.entries) > 0 { // never before a file's first exchange
		if err := w.rotate(); err != nil {
			return err
		}
	}
	if w.infoID != info { // the file changed: name its warcinfo
		if err := enc.exchange(x, w.infoID); err != nil {
			return err
		}
	}
	entry := enc.entry
	entry.Offset += w.size
	entry.Filename = filepath.Base(w.name)
	if err := w.write(enc.buf.Bytes()); err != nil {
		return err
	}
	w.entries = append(w.entries, entry)
	return nil
}

// encoder builds and gzips records into its buffer; pooled.
type encoder struct {
	buf   bytes.Buffer
	zw    *gzip.Writer
	zs    *gzip.Writer // stored (no compression): request records
	reqN  int          // bytes of the request's gzip member (the response's follows)
	entry CDXEntry     // the response's index entry, Offset relative to the buffer
}

var encoders = sync.Pool{New: func() any {
	e := &encoder{}
	e.zw, _ = gzip.NewWriterLevel(&e.buf, gzipLevel)
	e.zs, _ = gzip.NewWriterLevel(&e.buf, gzip.NoCompression)
	return e
}}

// gzipLevel trades size for speed: level 1 of klauspost/compress keeps the
// cost of writing WARC small (see BenchmarkWARC in pipeline).
const gzipLevel = gzip.BestSpeed

// exchange encodes the records of x into e.buf.
func (e *encoder) exchange(x Exchange, infoID string) error {
	recs, err := exchangeRecords(x, infoID)
	if err != nil {
		return err
	}
	e.buf.Reset()
	e.reqN = 0
	for i, r := range recs {
		if i == len(recs)-1 {
			e.reqN = e.buf.Len()
		}
		zw := e.zw
		if r.stored {
			zw = e.zs
		}
		if err := e.member(zw, &r); err != nil {
			return err
		}
	}
	status, mime := statusAndType(x.Response)
	e.entry = CDXEntry{URL: x.URL, Time: x.Date, Status: status, MIME: mime,
		Digest: recs[len(recs)-1].fields.Get(gowarc.WarcPayloadDigest), Offset: int64(e.reqN), Length: int64(e.buf.Len() - e.reqN),
		revisit: x.NotModified}
	return nil
}

// member appends r to the buffer as one gzip member.
func (e *encoder) member(zw *gzip.Writer, r *rawRecord) error {
	zw.Reset(&e.buf)
	if err := r.write(zw); err != nil {
		return fmt.Errorf("warc: marshal: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("warc: gzip: %w", err)
	}
	return nil
}

// write appends b to the file's pending bytes, written out when they reach
// maxPending or at the next Flush.
func (w *Writer) write(b []byte) error {
	w.pending = append(w.pending, b...)
	w.size += int64(len(b))
	w.dirty = true
	if len(w.pending) >= maxPending {
		return w.flush()
	}
	return nil
}

// maxPending bounds the bytes buffered between flushes.
const maxPending = 1 << 20

// flush writes the pending bytes to the file.
func (w *Writer) flush() error {
	if len(w.pending) == 0 || w.f == nil {
		return nil
	}
	_, err := w.f.Write(w.pending)
	w.pending = w.pending[:0]
	if cap(w.pending) > 2*maxPending {
		w.pending = nil
	}
	if err != nil {
		return fmt.Errorf("warc: write %s: %w", w.f.Name(), err)
	}
	return nil
}

// Flush writes every exchange taken so far to its file (not fsynced: a
// crash of the process keeps them, a power loss may not; see Sync).
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flush()
}

// openFile creates the next file and writes its warcinfo record.
func (w *Writer) openFile() error {
	now := w.now().UTC()
	var lock *fileLock
	var f *os.File
	for {
		w.serial++
		w.name = filepath.Join(w.cfg.Dir, fmt.Sprintf("%s-%s-%05d-%d.warc.gz", w.cfg.Prefix, now.Format("20060102150405"), w.serial, os.Getpid()))
		if _, err := os.Stat(w.name); err == nil {
			continue // a finished file of that name
		}
		var err error
		lock, f, err = createLocked(w.name + openSuffix)
		if errors.Is(err, os.ErrExist) {
			continue // another writer of this process
		}
		if err != nil {
			return fmt.Errorf("warc: create: %w", err)
		}
		break
	}
	w.f, w.lock, w.size = f, lock, 0
	info := w.warcinfo(filepath.Base(w.name), now)
	w.infoID = info.fields.Get(gowarc.WarcRecordID)
	enc := encoders.Get().(*encoder)
	defer encoders.Put(enc)
	enc.buf.Reset()
	if err := enc.member(enc.zw, &info); err != nil {
		return err
	}
	return w.write(enc.buf.Bytes())
}

// rotate closes the current file and opens the next one.
func (w *Writer) rotate() error {
	if err := w.closeFile(); err != nil {
		return err
	}
	return w.openFile()
}

// closeFile makes the current file durable and gives it its final name.
func (w *Writer) closeFile() error {
	if w.f == nil {
		return nil
	}
	err := errors.Join(w.flush(), w.f.Sync(), writeCDXJ(w.name, w.entries))
	err = errors.Join(err, rename(w.name+openSuffix, w.name))
	err = errors.Join(err, w.lock.release(), w.f.Close())
	w.files = append(w.files, w.name)
	w.f, w.lock, w.dirty, w.entries = nil, nil, false, nil
	if err != nil {
		return fmt.Errorf("warc: close %s: %w", w.name, err)
	}
	return nil
}

// Sync writes every exchange taken so far to its file and makes it durable
// (fsync).
func (w *Writer) Sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil || !w.dirty {
		return nil
	}
	if err := w.flush(); err != nil {
		return err
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("warc: sync %s: %w", w.f.Name(), err)
	}
	w.dirty = false
	return nil
}

// Files are the files this writer closed, then the open one (by the name
// it gets when closed).
func (w *Writer) Files() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := append([]string(nil), w.files...)
	if w.f != nil {
		out = append(out, w.name)
	}
	return out
}

// Close closes the current file; the Writer takes no more exchanges.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	return w.closeFile()
}

// rename renames and syncs the directory so the new name survives a crash.
func rename(from, to string) error {
	if err := os.Rename(from, to); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(to))
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}
