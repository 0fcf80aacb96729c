package warc

import (
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"hash"
	"io"

	"github.com/google/uuid"
	"strings"
	"time"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// revisitProfile is the WARC 1.1 profile of a revisit record answering a
// conditional request with 304 Not Modified.
const revisitProfile = "http://netpreserve.org/warc/1.1/revisit/server-not-modified"

// sha1Digest is the WARC digest "sha1:BASE32" of the concatenated parts.
func sha1Digest(parts ...[]byte) string {
	h := sha1.New()
	for _, p := range parts {
		h.Write(p)
	}
	return encodeDigest(h)
}

// encodeDigest formats h's sum as "sha1:BASE32" without an allocation for
// the sum.
func encodeDigest(h hash.Hash) string {
	var sum [sha1.Size]byte
	var out [5 + 32]byte // base32 of 20 bytes is 32 characters
	copy(out[:], "sha1:")
	base32.StdEncoding.Encode(out[5:], h.Sum(sum[:0]))
	return string(out[:])
}

// emptyDigest is the digest of no bytes: the payload of a request record
// without a body.
var emptyDigest = sha1Digest()

// responseDigests are the block digest (head and body) and the payload
// digest (body) of a response in one pass over the body: the head is
// hashed alone, then each chunk of the body goes to both hashes while it
// is in cache.
func responseDigests(head, body []byte) (block, payload string) {
	hb, hp := sha1.New(), sha1.New()
	hb.Write(head)
	const chunk = 8 << 10
	for len(body) > 0 {
		n := min(chunk, len(body))
		hb.Write(body[:n])
		hp.Write(body[:n])
		body = body[n:]
	}
	return encodeDigest(hb), encodeDigest(hp)
}

// rawRecord is a record ready to marshal: gowarc's header fields and the
// parts of its block.
type rawRecord struct {
	fields gowarc.WarcFields
	block  [][]byte
	stored bool // a gzip member without compression (deflate stored blocks)
}

// exchangeRecords builds the request record and the response (or revisit)
// record of x, each concurrent to the other. Digests (SHA-1, base32, the
// convention of wget, Heritrix and CDX indexes) and lengths are computed
// here; the tests read every file back with gowarc's strict reader, which
// checks them.
func exchangeRecords(x Exchange, infoID string) ([]rawRecord, error) {
	recs := make([]rawRecord, 2)
	if x.URL == "" || len(x.Response) == 0 {
		return nil, fmt.Errorf("warc: exchange needs a URL and a response head")
	}
	reqID, respID := newID(), newID()
	date := x.Date.UTC().Format(time.RFC3339Nano)
	body := x.Body
	if x.NotModified {
		body = nil
	}
	respBlock, respPayload := responseDigests(x.Response, body)
	typ := "response"
	if x.NotModified {
		typ = "revisit"
	}
	for i, r := range []struct {
		typ, id, other, ctype, block, payload string
		parts                                 [][]byte
	}{
		{"request", reqID, respID, "application/http;msgtype=request", sha1Digest(x.Request), emptyDigest, [][]byte{x.Request}},
		{typ, respID, reqID, "application/http;msgtype=response", respBlock, respPayload, [][]byte{x.Response, body}},
	} {
		f := &recs[i].fields
		f.Add(gowarc.WarcType, r.typ)
		f.Add(gowarc.WarcRecordID, r.id)
		f.Add(gowarc.WarcDate, date)
		f.Add(gowarc.WarcTargetURI, x.URL)
		f.Add(gowarc.WarcConcurrentTo, r.other)
		if infoID != "" {
			f.Add(gowarc.WarcWarcinfoID, infoID)
		}
		if x.IP != "" {
			f.Add(gowarc.WarcIPAddress, x.IP)
		}
		f.Add(gowarc.ContentType, r.ctype)
		f.Add(gowarc.WarcBlockDigest, r.block)
		if r.typ != "revisit" {
			f.Add(gowarc.WarcPayloadDigest, r.payload)
		}
		n := 0
		for _, p := range r.parts {
			n += len(p)
		}
		f.AddInt(gowarc.ContentLength, n)
		recs[i].block = r.parts
	}
	recs[0].stored = true // a request is small: compressing it cost 11% of an exchange for 190 bytes
	if x.NotModified {
		recs[1].fields.Add(gowarc.WarcProfile, revisitProfile)
		recs[1].fields.Add(gowarc.WarcTruncated, "length") // headers only, as the profile says
	} else if x.Truncated != "" {
		recs[1].fields.Add(gowarc.WarcTruncated, x.Truncated)
	}
	if x.Reconstructed {
		recs[1].fields.Delete(gowarc.WarcConcurrentTo)
		recs[1].fields.Add(ReconstructedField, "store")
		return recs[1:], nil // there is no request to show
	}
	return recs, nil
}

var crlf = []byte("\r\n")

// write marshals r: version line, header fields, block, end of record.
func (r *rawRecord) write(w io.Writer) error {
	if _, err := io.WriteString(w, "WARC/1.1\r\n"); err != nil {
		return err
	}
	if _, err := r.fields.Write(w); err != nil {
		return err
	}
	w.Write(crlf)
	for _, p := range r.block {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	_, err := w.Write([]byte("\r\n\r\n"))
	return err
}

// warcinfo builds the warcinfo record that opens file name. (Records are
// built here rather than with gowarc's RecordBuilder: its constructor
// writes a uuid package global, a data race with concurrent writers.)
func (w *Writer) warcinfo(name string, now time.Time) rawRecord {
	var sb strings.Builder
	fields := append([]Field{
		{"software", w.cfg.Software},
		{"format", "WARC File Format 1.1"},
		{"conformsTo", "http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"},
	}, w.cfg.Info...)
	clean := strings.NewReplacer("\r", " ", "\n", " ")
	for _, f := range fields {
		fmt.Fprintf(&sb, "%s: %s\r\n", f.Name, clean.Replace(f.Value))
	}
	block := []byte(sb.String())
	var r rawRecord
	r.fields.Add(gowarc.WarcType, "warcinfo")
	r.fields.Add(gowarc.WarcRecordID, newID())
	r.fields.Add(gowarc.WarcDate, now.UTC().Format(time.RFC3339Nano))
	r.fields.Add(gowarc.WarcFilename, name)
	r.fields.Add(gowarc.ContentType, "application/warc-fields")
	r.fields.Add(gowarc.WarcBlockDigest, sha1Digest(block))
	r.fields.AddInt(gowarc.ContentLength, len(block))
	r.block = [][]byte{block}
	return r
}

func newID() string { return "<" + uuid.New().URN() + ">" }
