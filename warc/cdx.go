package warc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// CDXEntry is one line of a CDXJ index: a response or revisit record of a
// WARC file, keyed by the SURT form of its URL and its 14-digit timestamp.
type CDXEntry struct {
	URL      string
	Time     time.Time
	Status   int
	MIME     string
	Digest   string // the record's WARC-Payload-Digest
	Offset   int64  // of the record's gzip member in the file
	Length   int64  // bytes of the member
	Filename string // base name of the WARC file
	revisit  bool   // a revisit record (written as "revisit": "true")
}

// SURT is the sort-friendly URL form of CDX indexes: host labels reversed
// and comma-separated, "www." dropped, then ")" and the path and query:
// http://www.Example.com/a?b → com,example)/a?b.
func SURT(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return strings.ToLower(raw)
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	labels := strings.Split(host, ".")
	slices.Reverse(labels)
	key := strings.Join(labels, ",")
	if p := u.Port(); p != "" && !(u.Scheme == "http" && p == "80") && !(u.Scheme == "https" && p == "443") {
		key += ":" + p
	}
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	key += ")" + strings.ToLower(path)
	if u.RawQuery != "" {
		key += "?" + u.RawQuery
	}
	return key
}

// cdxFields are the JSON fields of a CDXJ line, in the order of their
// names, as a map of them would be written.
type cdxFields struct {
	Digest   string `json:"digest,omitempty"`
	Filename string `json:"filename"`
	Length   string `json:"length"`
	MIME     string `json:"mime,omitempty"`
	Offset   string `json:"offset"`
	Revisit  string `json:"revisit,omitempty"`
	Status   string `json:"status,omitempty"`
	URL      string `json:"url"`
}

// line is the entry as a CDXJ line.
func (e CDXEntry) line() string {
	f := cdxFields{Digest: e.Digest, Filename: e.Filename, Length: strconv.FormatInt(e.Length, 10),
		MIME: e.MIME, Offset: strconv.FormatInt(e.Offset, 10), URL: e.URL}
	if e.Status != 0 {
		f.Status = strconv.Itoa(e.Status)
	}
	if e.revisit {
		f.Revisit = "true"
	}
	js, _ := json.Marshal(f) // strings only: cannot fail
	return SURT(e.URL) + " " + e.Time.UTC().Format("20060102150405") + " " + string(js)
}

// writeCDXJ writes the sorted index of a WARC file beside it (path.cdxj),
// atomically.
func writeCDXJ(path string, entries []CDXEntry) error {
	lines := make([]string, len(entries))
	for i, e := range entries {
		lines[i] = e.line()
	}
	slices.Sort(lines)
	tmp := path + ".cdxj.tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("warc: index: %w", err)
	}
	bw := bufio.NewWriter(f)
	for _, l := range lines {
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	err = errors.Join(bw.Flush(), f.Sync(), f.Close())
	if err == nil {
		err = os.Rename(tmp, path+".cdxj")
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("warc: index %s: %w", path, err)
	}
	return nil
}

// IndexFile reads the WARC file at path (ours or another tool's) and
// writes its CDXJ index beside it (path.cdxj). A bad record ends the index
// there and is returned as an *Error.
func IndexFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("warc: %w", err)
	}
	defer f.Close()
	r := NewReader(f, path)
	var entries []CDXEntry
	var rerr error
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			rerr = err
			break
		}
		if e, ok := entryOf(rec, filepath.Base(path)); ok {
			entries = append(entries, e)
		}
	}
	return errors.Join(rerr, writeCDXJ(path, entries))
}

// entryOf is the CDXJ entry of a response or revisit record.
func entryOf(rec *Record, filename string) (CDXEntry, bool) {
	if t := rec.Type(); t != "response" && t != "revisit" {
		return CDXEntry{}, false
	}
	e := CDXEntry{URL: rec.TargetURI(), Digest: rec.Header.Get("WARC-Payload-Digest"), Offset: rec.Offset, Length: rec.Size, Filename: filename, revisit: rec.Type() == "revisit"}
	e.Time, _ = time.Parse(time.RFC3339Nano, rec.Header.Get("WARC-Date"))
	e.Status, e.MIME = statusAndType(rec.Block)
	return e, true
}

// statusAndType reads the status code and Content-Type of an HTTP head
// (in its first 8 KiB), without copying it.
func statusAndType(block []byte) (int, string) {
	head := block[:min(len(block), 8<<10)]
	if i := bytes.Index(head, []byte("\r\n\r\n")); i >= 0 {
		head = head[:i]
	}
	line, rest, more := bytes.Cut(head, []byte("\r\n"))
	status := 0
	if proto, after := nextField(line); bytes.HasPrefix(proto, []byte("HTTP/")) {
		if code, _ := nextField(after); len(code) > 0 {
			status, _ = strconv.Atoi(string(code))
		}
	}
	for more {
		line, rest, more = bytes.Cut(rest, []byte("\r\n"))
		if k, v, ok := bytes.Cut(line, []byte(":")); ok && bytes.EqualFold(bytes.TrimSpace(k), []byte("Content-Type")) {
			mt, _, _ := bytes.Cut(bytes.TrimSpace(v), []byte(";"))
			return status, string(bytes.TrimSpace(mt))
		}
	}
	return status, ""
}

// contentCoded tells whether an HTTP head names a content coding other
// than identity (Content-Encoding: gzip, br, …).
func contentCoded(head []byte) bool {
	head = head[:min(len(head), 8<<10)]
	_, rest, more := bytes.Cut(head, []byte("\r\n"))
	for more {
		var line []byte
		line, rest, more = bytes.Cut(rest, []byte("\r\n"))
		if k, v, ok := bytes.Cut(line, []byte(":")); ok && bytes.EqualFold(bytes.TrimSpace(k), []byte("Content-Encoding")) {
			v = bytes.TrimSpace(v)
			return len(v) > 0 && !bytes.EqualFold(v, []byte("identity"))
		}
	}
	return false
}

// nextField is the first field of b separated by white space (as
// strings.Fields splits) and what follows it.
func nextField(b []byte) (field, rest []byte) {
	b = bytes.TrimLeftFunc(b, unicode.IsSpace)
	i := bytes.IndexFunc(b, unicode.IsSpace)
	if i < 0 {
		return b, nil
	}
	return b[:i], b[i:]
}

// readCDXJ reads a CDXJ index written by writeCDXJ.
func readCDXJ(path string) ([]CDXEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []CDXEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), " ", 3)
		var m map[string]string
		if len(parts) != 3 || json.Unmarshal([]byte(parts[2]), &m) != nil {
			return nil, fmt.Errorf("warc: %s: bad line %.60q", path, sc.Text())
		}
		e := CDXEntry{URL: m["url"], Filename: m["filename"], MIME: m["mime"], Digest: m["digest"], revisit: m["revisit"] == "true"}
		var err1, err2 error
		e.Offset, err1 = strconv.ParseInt(m["offset"], 10, 64)
		e.Length, err2 = strconv.ParseInt(m["length"], 10, 64)
		if err1 != nil || err2 != nil || e.URL == "" {
			return nil, fmt.Errorf("warc: %s: bad line %.60q", path, sc.Text())
		}
		e.Status, _ = strconv.Atoi(m["status"])
		e.Time, _ = time.Parse("20060102150405", parts[1])
		out = append(out, e)
	}
	return out, sc.Err()
}
