package warc

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"
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
// Neither the write(2) of Flush nor the fsync of Sync holds the lock that
// WriteExchange takes: workers go on recording while the disk is slow.
type Writer struct {
	cfg Config
	log *slog.Logger
	now func() time.Time

	wmu     sync.Mutex // held while pending bytes go to the file (taken before mu)
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
	spare   []byte     // the buffer pending had before the last Flush, for reuse
	entries []CDXEntry // index of the open file, written beside it when it closes
	closed  bool
	sink    BodySink // takes each deflated body; nil: none

	encoders *encoderPool
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
	w := &Writer{cfg: cfg, log: slog.Default(), now: time.Now, encoders: newEncoderPool(runtime.GOMAXPROCS(0))}
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
// outside the lock, so workers do that in parallel; a buffer grown past
// maxPending is written out by the call that filled it, outside the lock.
func (w *Writer) WriteExchange(x Exchange) error {
	if x.URL == "" || len(x.Response) == 0 {
		return errors.New("warc: exchange needs a URL and a response head")
	}
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

	enc := w.encoders.get()
	flush, err := w.encode(enc, x, info)
	w.encoders.put(enc) // before the flush: another goroutine encodes meanwhile
	if err != nil || !flush {
		return err
	}
	return w.Flush()
}

// encode encodes x with enc and adds its records to the open file's
// pending bytes; info is the warcinfo record the file had when WriteExchange
// began. It reports whether the pending bytes are due to be written.
func (w *Writer) encode(enc *encoder, x Exchange, info string) (bool, error) {
	if err := enc.exchange(x, info); err != nil {
		return false, err
	}
	if w.sink != nil && enc.spliced {
		w.sink.PutBody(x.Body, enc.bodyGzip(x.Body))
	}
	w.mu.Lock()
	if w.full(enc.buf.Len()) {
		// rotating writes the pending bytes: take the write lock first
		w.mu.Unlock()
		w.wmu.Lock()
		w.mu.Lock()
		var err error
		if w.full(enc.buf.Len()) {
			err = w.rotate()
		}
		w.wmu.Unlock()
		if err != nil {
			w.mu.Unlock()
			return false, err
		}
	}
	if w.closed {
		w.mu.Unlock()
		return false, ErrClosed
	}
	if w.infoID != info { // the file changed: name its warcinfo
		if err := enc.exchange(x, w.infoID); err != nil {
			w.mu.Unlock()
			return false, err
		}
	}
	entry := enc.entry
	entry.Offset += w.size
	entry.Filename = filepath.Base(w.name)
	w.add(enc.buf.Bytes())
	w.entries = append(w.entries, entry)
	flush := len(w.pending) >= maxPending
	w.mu.Unlock()
	return flush, nil
}

// full tells whether n more bytes take the open file past MaxSize; a file
// takes its first exchange whatever its size. Called with mu held.
func (w *Writer) full(n int) bool {
	return !w.closed && w.f != nil && w.size+int64(n) > w.cfg.MaxSize && len(w.entries) > 0
}

// add appends b to the file's pending bytes, written out at the next
// Flush. Called with mu held.
func (w *Writer) add(b []byte) {
	w.pending = append(w.pending, b...)
	w.size += int64(len(b))
	w.dirty = true
}

// maxPending bounds the bytes buffered between flushes.
const maxPending = 1 << 20

// flush writes the pending bytes to the file. Called with wmu and mu held.
func (w *Writer) flush() error {
	if len(w.pending) == 0 || w.f == nil {
		return nil
	}
	_, err := w.f.Write(w.pending)
	w.pending = w.pending[:0]
	if err != nil {
		return fmt.Errorf("warc: write %s: %w", w.f.Name(), err)
	}
	return nil
}

// Flush writes every exchange taken so far to its file (not fsynced: a
// crash of the process keeps them, a power loss may not; see Sync). The
// bytes are written outside the lock WriteExchange takes: workers go on
// adding records to a second buffer meanwhile.
func (w *Writer) Flush() error {
	w.wmu.Lock()
	defer w.wmu.Unlock()
	w.mu.Lock()
	buf, f := w.pending, w.f
	if len(buf) == 0 || f == nil {
		w.mu.Unlock()
		return nil
	}
	w.pending = w.spare[:0]
	w.mu.Unlock()
	_, err := f.Write(buf) // wmu held: the file is neither rotated nor closed meanwhile
	w.mu.Lock()
	w.spare = nil
	if cap(buf) <= 2*maxPending {
		w.spare = buf[:0]
	}
	w.mu.Unlock()
	if err != nil {
		return fmt.Errorf("warc: write %s: %w", f.Name(), err)
	}
	return nil
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
	head, block, id := w.warcinfo(filepath.Base(w.name), now)
	w.infoID = id
	// not an encoder of the pool: its goroutines may all wait for mu
	var b bytes.Buffer
	storedMember(&b, head, block)
	w.add(b.Bytes())
	return nil
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
// (fsync). The fsync runs outside the writer's locks: exchanges are taken
// and flushed meanwhile.
func (w *Writer) Sync() error {
	if err := w.Flush(); err != nil {
		return err
	}
	w.mu.Lock()
	f, dirty := w.f, w.dirty
	w.dirty = false
	w.mu.Unlock()
	if f == nil || !dirty {
		return nil
	}
	if err := f.Sync(); err != nil {
		if errors.Is(err, os.ErrClosed) {
			return nil // rotated or closed meanwhile: closing synced it
		}
		w.mu.Lock()
		if w.f == f {
			w.dirty = true
		}
		w.mu.Unlock()
		return fmt.Errorf("warc: sync %s: %w", f.Name(), err)
	}
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
	w.wmu.Lock()
	defer w.wmu.Unlock()
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
