package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
)

// Record is one WARC record as read: where it starts, its version, its
// named header fields and its block.
type Record struct {
	Offset  int64  // byte offset of the record (of its gzip member) in the file
	Size    int64  // bytes it takes in the file
	Version string // "WARC/1.0" or "WARC/1.1"
	Header  textproto.MIMEHeader
	Block   []byte
	file    string
}

// Type is the record's WARC-Type.
func (r *Record) Type() string { return r.Header.Get("WARC-Type") }

// TargetURI is the record's WARC-Target-URI (angle brackets of WARC/1.0
// style removed).
func (r *Record) TargetURI() string {
	return strings.TrimSuffix(strings.TrimPrefix(r.Header.Get("WARC-Target-URI"), "<"), ">")
}

// maxHeader bounds a record's header block; maxBlock bounds its block.
const (
	maxHeader = 1 << 20
	maxBlock  = 1 << 30
)

// Reader reads the records of one WARC file: each record gzipped as its
// own member, or the whole file uncompressed (WARC/1.0 and 1.1). Errors
// name the file and the offset of the record that failed; after an error
// Next keeps failing.
type Reader struct {
	name string
	cr   *countReader
	br   *bufio.Reader
	zr   *gzip.Reader
	gz   bool // the file is gzipped per record (decided at the first record)
	err  error
	n    int // records read
}

type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// NewReader reads records from r; name is used in errors.
func NewReader(r io.Reader, name string) *Reader { return NewReaderAt(r, name, 0) }

// NewReaderAt reads records from r, positioned at offset of file name (so
// offsets in records and errors are the file's); the first record read
// decides whether the file is gzipped per record.
func NewReaderAt(r io.Reader, name string, offset int64) *Reader {
	return newReader(r, name, offset, 64<<10)
}

func newReader(r io.Reader, name string, offset int64, bufSize int) *Reader {
	cr := &countReader{r: r, n: offset}
	return &Reader{name: name, cr: cr, br: bufio.NewReaderSize(cr, bufSize)}
}

func (r *Reader) pos() int64 { return r.cr.n - int64(r.br.Buffered()) }

// Error is a record that could not be read.
type Error struct {
	File   string
	Offset int64
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("warc: %s: offset %d: %v", e.File, e.Offset, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNotWARC is wrapped by the error of a file that does not start with a
// WARC record.
var ErrNotWARC = errors.New("not a WARC file")

// Next returns the next record, or io.EOF after the last.
func (r *Reader) Next() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	rec, err := r.next()
	if err != nil {
		if err != io.EOF {
			err = &Error{File: r.name, Offset: r.pos(), Err: err}
			if rec != nil {
				err.(*Error).Offset = rec.Offset
			}
		}
		r.err = err
		return nil, err
	}
	r.n++
	return rec, nil
}

func (r *Reader) next() (*Record, error) {
	start := r.pos()
	peek, err := r.br.Peek(2)
	if len(peek) == 0 && err == io.EOF {
		return nil, io.EOF
	}
	if r.n == 0 {
		r.gz = len(peek) == 2 && peek[0] == 0x1f && peek[1] == 0x8b
	}
	rec := &Record{Offset: start, file: r.name}
	if !r.gz {
		if len(peek) == 2 && peek[0] == 0x1f && peek[1] == 0x8b {
			return rec, errors.New("gzip member in an uncompressed WARC file")
		}
		if err := r.readRecord(r.br, rec, r.n == 0); err != nil {
			return rec, err
		}
		rec.Size = r.pos() - start
		return rec, nil
	}
	if len(peek) < 2 || peek[0] != 0x1f || peek[1] != 0x8b {
		return rec, errors.New("not a gzip member: the file mixes compressed and uncompressed records")
	}
	if r.zr == nil {
		r.zr, err = gzip.NewReader(r.br)
	} else {
		err = r.zr.Reset(r.br)
	}
	if err != nil {
		return rec, fmt.Errorf("gzip: %w", err)
	}
	r.zr.Multistream(false)
	zb := bufio.NewReader(r.zr)
	if err := r.readRecord(zb, rec, r.n == 0); err != nil {
		var ce flate.CorruptInputError
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ce) || errors.Is(err, gzip.ErrChecksum) {
			return rec, fmt.Errorf("gzip member truncated or corrupt: %w", err)
		}
		return rec, err
	}
	// the member must end with the record
	if _, err := zb.ReadByte(); err == nil {
		return rec, errors.New("gzip member holds more than one record")
	} else if err != io.EOF {
		return rec, fmt.Errorf("gzip: %w", err)
	}
	rec.Size = r.pos() - start
	return rec, nil
}

// readRecord parses one record from br into rec.
func (r *Reader) readRecord(br *bufio.Reader, rec *Record, first bool) error {
	line, err := readLine(br)
	if err != nil {
		if first && !r.gz && (err == io.EOF || err == io.ErrUnexpectedEOF) {
			return fmt.Errorf("%w: no version line", ErrNotWARC)
		}
		return fmt.Errorf("version line: %w", noEOF(err))
	}
	switch line {
	case "WARC/1.0", "WARC/1.1":
		rec.Version = line
	default:
		if first {
			return fmt.Errorf("%w: first line %.40q", ErrNotWARC, line)
		}
		return fmt.Errorf("version line %.40q is not WARC/1.0 or WARC/1.1", line)
	}
	hdr, err := readHeader(br)
	if err != nil {
		return err
	}
	rec.Header = hdr
	cl, err := strconv.ParseInt(strings.TrimSpace(hdr.Get("Content-Length")), 10, 64)
	if err != nil || cl < 0 {
		return fmt.Errorf("bad Content-Length %q", hdr.Get("Content-Length"))
	}
	if cl > maxBlock {
		return fmt.Errorf("Content-Length %d over the limit of %d", cl, maxBlock)
	}
	if cl <= 1<<20 { // read in place; a larger claim grows as the bytes come
		rec.Block = make([]byte, cl)
		if n, err := io.ReadFull(br, rec.Block); err != nil {
			return fmt.Errorf("block: %d of %d bytes: %w", n, cl, noEOF(err))
		}
	} else {
		buf := bytes.NewBuffer(make([]byte, 0, 1<<20))
		if n, err := io.CopyN(buf, br, cl); err != nil {
			return fmt.Errorf("block: %d of %d bytes: %w", n, cl, noEOF(err))
		}
		rec.Block = buf.Bytes()
	}
	var end [4]byte
	if _, err := io.ReadFull(br, end[:]); err != nil {
		return fmt.Errorf("end of record: %w", noEOF(err))
	}
	if string(end[:]) != "\r\n\r\n" {
		return fmt.Errorf("end of record is %q, not CRLF CRLF (wrong Content-Length?)", end[:])
	}
	return nil
}

// readHeader reads "Name: value" lines up to an empty line.
func readHeader(br *bufio.Reader) (textproto.MIMEHeader, error) {
	hdr := textproto.MIMEHeader{}
	size, last := 0, ""
	for {
		line, err := readLine(br)
		if err != nil {
			return nil, fmt.Errorf("header: %w", noEOF(err))
		}
		if size += len(line); size > maxHeader {
			return nil, fmt.Errorf("header over %d bytes", maxHeader)
		}
		if line == "" {
			return hdr, nil
		}
		if (line[0] == ' ' || line[0] == '\t') && last != "" {
			vs := hdr[last]
			vs[len(vs)-1] += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, fmt.Errorf("header line %.60q is not Name: value", line)
		}
		last = textproto.CanonicalMIMEHeaderKey(name)
		hdr[last] = append(hdr[last], strings.TrimSpace(value))
	}
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func readLine(br *bufio.Reader) (string, error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		if err == bufio.ErrBufferFull {
			return "", errors.New("line too long")
		}
		return "", err
	}
	return strings.TrimRight(string(line), "\r\n"), nil
}
