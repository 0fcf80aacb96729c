package sitemap

import (
	"bufio"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// The protocol's limits per sitemap file.
const (
	MaxEntries = 50_000
	MaxSize    = 50 << 20 // bytes, uncompressed
)

// Errors of Parse, wrapped with details.
var (
	ErrNotSitemap = errors.New("sitemap: not a sitemap")
	ErrTooLarge   = errors.New("sitemap: over 50 MB uncompressed")
	ErrTooMany    = errors.New("sitemap: over 50,000 entries")
)

// Entry is one <url> of a urlset or one <sitemap> of an index.
type Entry struct {
	Loc     string    // absolute http(s) URL, as written (trimmed)
	LastMod time.Time // zero when absent
}

// Sitemap is one parsed file.
type Sitemap struct {
	Index   bool    // a <sitemapindex>: Entries are sitemaps, not pages
	Entries []Entry // in file order
	// Problems names each entry skipped (no usable <loc>) or whose bad
	// <lastmod> was ignored, with its position.
	Problems []error
}

// Parse reads one sitemap or sitemap index, gzip-compressed or not.
func Parse(r io.Reader) (*Sitemap, error) {
	br := bufio.NewReader(r)
	var in io.Reader = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("sitemap: gzip: %w", err)
		}
		defer zr.Close()
		in = zr
	}
	lr := &limitReader{r: in, n: MaxSize}
	sm, err := decode(xml.NewDecoder(lr))
	if lr.over {
		return nil, ErrTooLarge
	}
	return sm, err
}

// limitReader reads at most n bytes and records whether there were more.
type limitReader struct {
	r    io.Reader
	n    int64
	over bool
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		var one [1]byte
		if k, _ := l.r.Read(one[:]); k > 0 {
			l.over = true
			return 0, ErrTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	k, err := l.r.Read(p)
	l.n -= int64(k)
	return k, err
}

// decode walks the tokens: the root element, then each entry element.
func decode(d *xml.Decoder) (*Sitemap, error) {
	d.Strict = true
	d.CharsetReader = func(label string, input io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "utf-8") || strings.EqualFold(label, "us-ascii") {
			return input, nil
		}
		return nil, fmt.Errorf("charset %q (sitemaps are UTF-8)", label)
	}
	sm := &Sitemap{}
	entryName, n := "", 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if entryName == "" {
				return nil, fmt.Errorf("%w: no <urlset> or <sitemapindex>", ErrNotSitemap)
			}
			return sm, nil
		}
		if err != nil {
			return nil, fmt.Errorf("sitemap: xml: %w", err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if entryName == "" {
			switch start.Name.Local {
			case "urlset":
				entryName = "url"
			case "sitemapindex":
				entryName, sm.Index = "sitemap", true
			default:
				return nil, fmt.Errorf("%w: root element <%s>", ErrNotSitemap, start.Name.Local)
			}
			continue
		}
		if start.Name.Local != entryName {
			if err := d.Skip(); err != nil {
				return nil, fmt.Errorf("sitemap: xml: %w", err)
			}
			continue
		}
		n++
		if n > MaxEntries {
			return nil, ErrTooMany
		}
		var raw struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		}
		if err := d.DecodeElement(&raw, &start); err != nil {
			return nil, fmt.Errorf("sitemap: xml: %w", err)
		}
		e, skip, err := entry(raw.Loc, raw.LastMod)
		if err != nil {
			sm.Problems = append(sm.Problems, fmt.Errorf("<%s> %d: %w", entryName, n, err))
		}
		if !skip {
			sm.Entries = append(sm.Entries, e)
		}
	}
}

// entry checks one entry: skip is true when it has no usable <loc>; err
// explains a skip or a bad <lastmod> (then ignored).
func entry(loc, lastmod string) (e Entry, skip bool, err error) {
	loc = strings.TrimSpace(loc)
	if loc == "" {
		return Entry{}, true, errors.New("skipped: no <loc>")
	}
	u, err := url.Parse(loc)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return Entry{}, true, fmt.Errorf("skipped: <loc> %q is not an absolute http(s) URL", loc)
	}
	e = Entry{Loc: loc}
	if lm := strings.TrimSpace(lastmod); lm != "" {
		t, err := ParseLastMod(lm)
		if err != nil {
			return e, false, fmt.Errorf("%s: lastmod ignored: %w", loc, err)
		}
		e.LastMod = t
	}
	return e, false, nil
}
