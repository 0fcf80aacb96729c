package warc

import (
	"crypto/rand"
	"crypto/sha1"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"hash"
	"strconv"
	"strings"
	"time"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// revisitProfile is the WARC 1.1 profile of a revisit record answering a
// conditional request with 304 Not Modified.
const revisitProfile = "http://netpreserve.org/warc/1.1/revisit/server-not-modified"

// Record headers are appended to a reused buffer field by field, in the
// order gowarc's WarcFields would write them, with the canonical names of
// its constants: a response costs no allocation for its header.

// appendField appends "name: value\r\n".
func appendField(dst []byte, name, value string) []byte {
	dst = append(dst, name...)
	dst = append(dst, ": "...)
	dst = append(dst, value...)
	return append(dst, "\r\n"...)
}

// appendDigest appends h's sum as the WARC digest "sha1:BASE32" (the
// convention of wget, Heritrix and CDX indexes).
func appendDigest(dst []byte, h hash.Hash) []byte {
	var sum [sha1.Size]byte
	var enc [32]byte // base32 of 20 bytes
	base32.StdEncoding.Encode(enc[:], h.Sum(sum[:0]))
	dst = append(dst, "sha1:"...)
	return append(dst, enc[:]...)
}

// sha1Digest is the WARC digest of the concatenated parts.
func sha1Digest(parts ...[]byte) string {
	h := sha1.New()
	for _, p := range parts {
		h.Write(p)
	}
	return string(appendDigest(nil, h))
}

// emptyDigest is the digest of no bytes: the payload of a request record
// without a body.
var emptyDigest = sha1Digest()

// appendID appends a record ID "<urn:uuid:…>" of the random version 4
// UUID made of r.
func appendID(dst []byte, r []byte) []byte {
	var u [16]byte
	copy(u[:], r)
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	var s [36]byte
	hex.Encode(s[0:8], u[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], u[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], u[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], u[8:10])
	s[23] = '-'
	hex.Encode(s[24:], u[10:])
	dst = append(dst, "<urn:uuid:"...)
	dst = append(dst, s[:]...)
	return append(dst, '>')
}

// newID is a fresh record ID.
func newID() string {
	var r [16]byte
	rand.Read(r[:]) // never fails (crypto/rand)
	return string(appendID(nil, r[:]))
}

// exchangeHeads appends to e.hdr the header blocks (version line, fields,
// empty line) of the request record and the response (or revisit) record
// of x, each concurrent to the other, and sets e.reqHead, e.respHead and
// e.payload. The response's block and payload digests come from one pass
// over the body: each chunk goes to both hashes while it is in cache.
// Lengths and digests are computed here; the tests read every file back
// with gowarc's strict reader and warcio.js, which check them.
func (e *encoder) exchangeHeads(x Exchange, infoID string, body []byte) {
	var ids [32]byte
	rand.Read(ids[:]) // never fails (crypto/rand)
	hb, hp := e.hb, e.hp
	hb.Reset()
	hp.Reset()
	hb.Write(x.Response)
	for rest := body; len(rest) > 0; {
		n := min(8<<10, len(rest))
		hb.Write(rest[:n])
		hp.Write(rest[:n])
		rest = rest[n:]
	}
	h := e.hdr[:0]
	// the response (or revisit) record
	typ := "response"
	if x.NotModified {
		typ = "revisit"
	}
	h = commonFields(h, typ, ids[16:], x)
	if !x.Reconstructed {
		h = append(h, gowarc.WarcConcurrentTo+": "...)
		h = append(appendID(h, ids[:16]), "\r\n"...)
	}
	h = tailFields(h, infoID, x.IP, "application/http;msgtype=response", hb)
	if !x.NotModified {
		h = append(h, gowarc.WarcPayloadDigest+": "...)
		p := len(h)
		h = appendDigest(h, hp)
		e.payload = string(h[p:])
		h = append(h, "\r\n"...)
	} else {
		e.payload = ""
	}
	h = strconv.AppendInt(append(h, gowarc.ContentLength+": "...), int64(len(x.Response)+len(body)), 10)
	h = append(h, "\r\n"...)
	switch {
	case x.NotModified:
		h = appendField(h, gowarc.WarcProfile, revisitProfile)
		h = appendField(h, gowarc.WarcTruncated, "length") // headers only, as the profile says
	case x.Truncated != "":
		h = appendField(h, gowarc.WarcTruncated, x.Truncated)
	}
	if x.Reconstructed {
		h = appendField(h, ReconstructedField, "store")
	}
	h = append(h, "\r\n"...)
	resp := len(h)
	// the request record, unless reconstructed (there is no request to show)
	if !x.Reconstructed {
		h = commonFields(h, "request", ids[:16], x)
		h = append(h, gowarc.WarcConcurrentTo+": "...)
		h = append(appendID(h, ids[16:]), "\r\n"...)
		hb.Reset()
		hb.Write(x.Request)
		h = tailFields(h, infoID, x.IP, "application/http;msgtype=request", hb)
		h = appendField(h, gowarc.WarcPayloadDigest, emptyDigest)
		h = strconv.AppendInt(append(h, gowarc.ContentLength+": "...), int64(len(x.Request)), 10)
		h = append(h, "\r\n\r\n"...)
	}
	e.hdr = h
	e.respHead, e.reqHead = h[:resp], h[resp:]
}

// commonFields appends the version line and the fields opening a record
// of an exchange: type, ID, date, target, warcinfo.
func commonFields(h []byte, typ string, id []byte, x Exchange) []byte {
	h = append(h, "WARC/1.1\r\n"...)
	h = appendField(h, gowarc.WarcType, typ)
	h = append(h, gowarc.WarcRecordID+": "...)
	h = append(appendID(h, id), "\r\n"...)
	h = append(h, gowarc.WarcDate+": "...)
	h = append(x.Date.UTC().AppendFormat(h, time.RFC3339Nano), "\r\n"...)
	return appendField(h, gowarc.WarcTargetURI, x.URL)
}

// tailFields appends the warcinfo, address, type and block digest fields.
func tailFields(h []byte, infoID, ip, ctype string, block hash.Hash) []byte {
	if infoID != "" {
		h = appendField(h, gowarc.WarcWarcinfoID, infoID)
	}
	if ip != "" {
		h = appendField(h, gowarc.WarcIPAddress, ip)
	}
	h = appendField(h, gowarc.ContentType, ctype)
	h = append(h, gowarc.WarcBlockDigest+": "...)
	return append(appendDigest(h, block), "\r\n"...)
}

// warcinfo is the header block and the block of the warcinfo record that
// opens file name, and its record ID. (Records are built here rather than
// with gowarc's RecordBuilder: its constructor writes a uuid package
// global, a data race with concurrent writers.)
func (w *Writer) warcinfo(name string, now time.Time) (head, block []byte, id string) {
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
	block = []byte(sb.String())
	id = newID()
	h := []byte("WARC/1.1\r\n")
	h = appendField(h, gowarc.WarcType, "warcinfo")
	h = appendField(h, gowarc.WarcRecordID, id)
	h = appendField(h, gowarc.WarcDate, now.UTC().Format(time.RFC3339Nano))
	h = appendField(h, gowarc.WarcFilename, name)
	h = appendField(h, gowarc.ContentType, "application/warc-fields")
	h = appendField(h, gowarc.WarcBlockDigest, sha1Digest(block))
	h = appendField(h, gowarc.ContentLength, strconv.Itoa(len(block)))
	return append(h, "\r\n"...), block, id
}
