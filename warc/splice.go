package warc

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/klauspost/compress/flate"
)

// A response record's gzip member is built from deflate streams laid end
// to end: the record's header block and HTTP head, sync-flushed; the body,
// deflated on its own and sync-flushed; and a final stored block holding
// the record's end. A deflate stream may follow another at a byte boundary
// when it refers to nothing before it (pigz builds its files the same
// way), so every reader inflates the member as one record. What this buys
// is the body's deflate on its own: framed as the gzip of the body alone,
// it is what a crawl's store keeps of a page (BodySink), so a crawl that
// archives compresses each page once, not twice.

// BodySink takes the gzip of a response's body alone, keyed by the
// body's SHA-256, for every response record whose body was deflated here
// (not a revisit, not content-coded, not empty). gz is the sink's to keep.
// PutBody is called from the goroutines that call WriteExchange.
type BodySink interface {
	PutBody(sum [sha256.Size]byte, gz []byte)
}

// WithBodySink hands each deflated body to s (see BodySink).
func WithBodySink(s BodySink) Option { return func(w *Writer) { w.sink = s } }

// splicer holds the deflaters of spliced members; part of a pooled encoder.
type splicer struct {
	head *flate.Writer // the header block and HTTP head, into the member
	body *flate.Writer // the body, into zbody
	// zbody is the body's raw deflate, sync-flushed: copied into the
	// member, and framed as a gzip of its own for the sink.
	zbody bytes.Buffer
}

func newSplicer() splicer {
	h, _ := flate.NewWriter(nil, gzipLevel) // a valid level: never fails
	b, _ := flate.NewWriter(nil, gzipLevel)
	return splicer{head: h, body: b}
}

// gzipHeader is a member's fixed header: deflate, no name, no time,
// unknown OS (RFC 1952 §2.3).
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// recordEnd is a final stored block holding endOfRecord (RFC 1951 §3.2.4:
// BFINAL 1, BTYPE 00, then LEN and its complement), byte-aligned since
// the stream before it was sync-flushed.
var recordEnd = append([]byte{1, 4, 0, 0xfb, 0xff}, endOfRecord...)

// emptyFinal is an empty final block with fixed codes: what ends the
// body's gzip of its own.
var emptyFinal = []byte{3, 0}

// spliced appends to out a gzip member of head, block and body (then the
// record's end), deflating body into s.zbody on its own.
func (s *splicer) spliced(out *bytes.Buffer, head, block, body []byte) error {
	out.Write(gzipHeader)
	s.head.Reset(out)
	if _, err := s.head.Write(head); err != nil {
		return fmt.Errorf("warc: deflate: %w", err)
	}
	if _, err := s.head.Write(block); err != nil {
		return fmt.Errorf("warc: deflate: %w", err)
	}
	if err := s.head.Flush(); err != nil {
		return fmt.Errorf("warc: deflate: %w", err)
	}
	s.zbody.Reset()
	s.body.Reset(&s.zbody)
	if _, err := s.body.Write(body); err != nil {
		return fmt.Errorf("warc: deflate: %w", err)
	}
	if err := s.body.Flush(); err != nil {
		return fmt.Errorf("warc: deflate: %w", err)
	}
	out.Write(s.zbody.Bytes())
	out.Write(recordEnd)
	crc := crc32.Update(0, crc32.IEEETable, head)
	crc = crc32.Update(crc, crc32.IEEETable, block)
	crc = crc32.Update(crc, crc32.IEEETable, body)
	crc = crc32.Update(crc, crc32.IEEETable, endOfRecord)
	n := len(head) + len(block) + len(body) + len(endOfRecord)
	var t [8]byte
	out.Write(appendTrailer(t[:0], crc, n))
	return nil
}

// bodyGzip frames the body's deflate (after spliced) as the gzip of body
// alone, in a new slice.
func (s *splicer) bodyGzip(body []byte) []byte {
	z := s.zbody.Bytes()
	gz := make([]byte, 0, len(gzipHeader)+len(z)+len(emptyFinal)+8)
	gz = append(gz, gzipHeader...)
	gz = append(gz, z...)
	gz = append(gz, emptyFinal...)
	return appendTrailer(gz, crc32.ChecksumIEEE(body), len(body))
}

// appendTrailer appends a member's CRC-32 and size modulo 2³² (RFC 1952
// §2.3.1) to b.
func appendTrailer(b []byte, crc uint32, n int) []byte {
	b = binary.LittleEndian.AppendUint32(b, crc)
	return binary.LittleEndian.AppendUint32(b, uint32(n))
}
