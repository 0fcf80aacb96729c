package warc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/klauspost/compress/flate"
)

// Every record is one gzip member, built here from deflate blocks laid end
// to end rather than by a gzip writer: the record's header block and HTTP
// head go in stored blocks (no compression: a few hundred bytes, where
// deflate would spend more building its Huffman tables than on a page's
// body); a response's body is deflated on its own and sync-flushed; a
// final stored block holds the record's end. A deflate stream may follow
// stored blocks at a byte boundary when it refers to nothing before it
// (pigz builds its files the same way), so every reader inflates the
// member as one record. What this buys is the body's deflate on its own:
// framed as the gzip of the body alone, it is what a crawl's store keeps
// of a page (BodySink), so a crawl that archives compresses each page
// once, not twice.

// BodySink takes the gzip of a response's body alone, for every response
// record whose body was deflated here (not a revisit, not content-coded,
// not empty). body is the sink's only during the call (the recorder
// reuses it); gz is the sink's to keep. PutBody is called from the
// goroutines that call WriteExchange.
type BodySink interface {
	PutBody(body, gz []byte)
}

// WithBodySink hands each deflated body to s (see BodySink).
func WithBodySink(s BodySink) Option { return func(w *Writer) { w.sink = s } }

// gzipHeader is a member's fixed header: deflate, no name, no time,
// unknown OS (RFC 1952 §2.3).
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// endOfRecord ends every record after its block.
var endOfRecord = []byte("\r\n\r\n")

// recordEnd is a final stored block holding endOfRecord (RFC 1951 §3.2.4:
// BFINAL 1, BTYPE 00, then LEN and its complement), byte-aligned since
// the blocks before it are.
var recordEnd = append([]byte{1, 4, 0, 0xfb, 0xff}, endOfRecord...)

// emptyFinal is an empty final block with fixed codes: what ends the
// body's gzip of its own.
var emptyFinal = []byte{3, 0}

// maxStored is the most bytes a stored block holds (LEN is 16 bits).
const maxStored = 1<<16 - 1

// storedBlocks appends parts to out as non-final stored blocks, as few as
// their length allows.
func storedBlocks(out *bytes.Buffer, parts ...[]byte) {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	i, off := 0, 0 // the next byte to store: parts[i][off]
	for n > 0 {
		k := min(n, maxStored)
		out.Write([]byte{0, byte(k), byte(k >> 8), ^byte(k), ^byte(k >> 8)})
		n -= k
		for k > 0 {
			for off == len(parts[i]) {
				i, off = i+1, 0
			}
			c := min(k, len(parts[i])-off)
			out.Write(parts[i][off : off+c])
			off, k = off+c, k-c
		}
	}
}

// storedMember appends to out a gzip member of the parts and the record's
// end, not compressed.
func storedMember(out *bytes.Buffer, parts ...[]byte) {
	out.Write(gzipHeader)
	crc, n := uint32(0), len(endOfRecord)
	for _, p := range parts {
		crc = crc32.Update(crc, crc32.IEEETable, p)
		n += len(p)
	}
	storedBlocks(out, parts...)
	out.Write(recordEnd)
	crc = crc32.Update(crc, crc32.IEEETable, endOfRecord)
	var t [8]byte
	out.Write(appendTrailer(t[:0], crc, n))
}

// splicer deflates bodies on their own; part of a pooled encoder.
//
// A body is deflated by klauspost/compress's stateless deflate
// (flate.StatelessDeflate), not by a deflater kept from body to body: its
// match table (32 KB) is on the stack and cleared for each block of at
// most 32 KB, where level 1 keeps a 128 KB table and a 320 KB window per
// deflater. In a crawl, bodies are deflated between the parsing of other
// pages, by whichever worker fetched them, so a kept deflater's tables
// are mostly cold when its turn comes, and how cold depends on what else
// runs on the machine (the cause of WARC's cost swinging between runs;
// BenchmarkDeflatersInTurn). Stateless costs a few more instructions and
// about 2 % more bytes, and no cache it does not fill itself.
type splicer struct {
	// zbody is the body's raw deflate, ending byte-aligned with an empty
	// stored block (as a sync flush does): copied into the member, and
	// framed as a gzip of its own for the sink.
	zbody bytes.Buffer
}

func newSplicer() splicer { return splicer{} }

// spliced appends to out a gzip member of head and block (stored), body
// (deflated on its own into s.zbody) and the record's end.
func (s *splicer) spliced(out *bytes.Buffer, head, block, body []byte) error {
	s.zbody.Reset()
	if err := flate.StatelessDeflate(&s.zbody, body, false, nil); err != nil {
		return fmt.Errorf("warc: deflate: %w", err)
	}
	out.Write(gzipHeader)
	storedBlocks(out, head, block)
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
