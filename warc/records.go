package warc

import (
	"fmt"

	"github.com/google/uuid"
	"strings"
	"time"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// revisitProfile is the WARC 1.1 profile of a revisit record answering a
// conditional request with 304 Not Modified.
const revisitProfile = "http://netpreserve.org/warc/1.1/revisit/server-not-modified"

// recordOpts are the options every record is built with: SHA-1 digests in
// base32 (the convention of wget, Heritrix and CDX indexes), ids and
// lengths filled in, bodies kept in memory.
var recordOpts = []gowarc.WarcRecordOption{
	gowarc.WithAddMissingDigest(true), gowarc.WithAddMissingRecordId(true),
	gowarc.WithAddMissingContentLength(true), gowarc.WithDefaultDigestAlgorithm("sha1"),
	gowarc.WithBufferMaxMemBytes(1 << 30), gowarc.WithSpecViolationPolicy(gowarc.ErrFail),
	gowarc.WithSyntaxErrorPolicy(gowarc.ErrFail),
}

// exchangeRecords builds the request record and the response (or revisit)
// record of x, each concurrent to the other.
func exchangeRecords(x Exchange, infoID string) ([]gowarc.WarcRecord, error) {
	if x.URL == "" || len(x.Response) == 0 {
		return nil, fmt.Errorf("warc: exchange needs a URL and a response head")
	}
	reqID, respID := newID(), newID()
	date := x.Date.UTC()
	common := func(b gowarc.WarcRecordBuilder, id, other string) {
		b.AddWarcHeader(gowarc.WarcRecordID, id)
		b.AddWarcHeader(gowarc.WarcTargetURI, x.URL)
		b.AddWarcHeaderTime(gowarc.WarcDate, date)
		b.AddWarcHeader(gowarc.WarcConcurrentTo, other)
		if infoID != "" {
			b.AddWarcHeader(gowarc.WarcWarcinfoID, infoID)
		}
		if x.IP != "" {
			b.AddWarcHeader(gowarc.WarcIPAddress, x.IP)
		}
	}
	req := gowarc.NewRecordBuilder(gowarc.Request, recordOpts...)
	common(req, reqID, respID)
	req.AddWarcHeader(gowarc.ContentType, "application/http;msgtype=request")
	req.Write(x.Request)

	typ := gowarc.Response
	if x.NotModified {
		typ = gowarc.Revisit
	}
	resp := gowarc.NewRecordBuilder(typ, recordOpts...)
	common(resp, respID, reqID)
	resp.AddWarcHeader(gowarc.ContentType, "application/http;msgtype=response")
	if x.NotModified {
		resp.AddWarcHeader(gowarc.WarcProfile, revisitProfile)
		resp.AddWarcHeader(gowarc.WarcTruncated, "length") // headers only, as the profile says
	} else if x.Truncated != "" {
		resp.AddWarcHeader(gowarc.WarcTruncated, x.Truncated)
	}
	resp.Write(x.Response)
	if !x.NotModified {
		resp.Write(x.Body)
	}
	var out []gowarc.WarcRecord
	for _, b := range []gowarc.WarcRecordBuilder{req, resp} {
		r, _, err := b.Build()
		if err != nil {
			for _, o := range out {
				o.Close()
			}
			return nil, fmt.Errorf("warc: build record for %s: %w", x.URL, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// warcinfo builds the warcinfo record that opens file name.
func (w *Writer) warcinfo(name string, now time.Time) (gowarc.WarcRecord, error) {
	b := gowarc.NewRecordBuilder(gowarc.Warcinfo, recordOpts...)
	b.AddWarcHeader(gowarc.WarcRecordID, newID())
	b.AddWarcHeaderTime(gowarc.WarcDate, now)
	b.AddWarcHeader(gowarc.WarcFilename, name)
	b.AddWarcHeader(gowarc.ContentType, "application/warc-fields")
	var sb strings.Builder
	fields := append([]Field{
		{"software", w.cfg.Software},
		{"format", "WARC File Format 1.1"},
		{"conformsTo", "http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"},
	}, w.cfg.Info...)
	for _, f := range fields {
		v := strings.NewReplacer("\r", " ", "\n", " ").Replace(f.Value)
		fmt.Fprintf(&sb, "%s: %s\r\n", f.Name, v)
	}
	b.WriteString(sb.String())
	r, _, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("warc: build warcinfo: %w", err)
	}
	return r, nil
}

func newID() string { return "<" + uuid.New().URN() + ">" }
