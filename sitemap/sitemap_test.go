package sitemap_test

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/sitemap"
)

const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>http://www.example.com/</loc>
    <lastmod>2005-01-01</lastmod>
    <changefreq>monthly</changefreq>
    <priority>0.8</priority>
  </url>
  <url>
    <loc>http://www.example.com/catalog?item=12&amp;desc=vacation_hawaii</loc>
    <changefreq>weekly</changefreq>
  </url>
  <url>
    <loc> http://www.example.com/catalog?item=73&amp;desc=vacation_new_zealand </loc>
    <lastmod>2004-12-23T18:00:15+00:00</lastmod>
  </url>
  <url><loc>/relative</loc></url>
  <url><lastmod>2004-11-23</lastmod></url>
  <url><loc>http://www.example.com/bad-date</loc><lastmod>yesterday</lastmod></url>
</urlset>`

const index = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>http://www.example.com/sitemap1.xml.gz</loc><lastmod>2004-10-01T18:23:17+00:00</lastmod></sitemap>
  <sitemap><loc>http://www.example.com/sitemap2.xml.gz</loc></sitemap>
</sitemapindex>`

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func TestParse(t *testing.T) {
	day := time.Date(2005, 1, 1, 0, 0, 0, 0, time.UTC)
	want := []sitemap.Entry{
		{Loc: "http://www.example.com/", LastMod: day},
		{Loc: "http://www.example.com/catalog?item=12&desc=vacation_hawaii"},
		{Loc: "http://www.example.com/catalog?item=73&desc=vacation_new_zealand", LastMod: time.Date(2004, 12, 23, 18, 0, 15, 0, time.UTC)},
		{Loc: "http://www.example.com/bad-date"},
	}
	for name, body := range map[string][]byte{"plain": []byte(urlset), "gzip": gz(urlset)} {
		t.Run(name, func(t *testing.T) {
			sm, err := sitemap.Parse(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if sm.Index || len(sm.Entries) != len(want) {
				t.Fatalf("index %v, %d entries %v; want urlset of %d", sm.Index, len(sm.Entries), sm.Entries, len(want))
			}
			for i, e := range sm.Entries {
				if e.Loc != want[i].Loc || !e.LastMod.Equal(want[i].LastMod) {
					t.Errorf("entry %d = %+v, want %+v", i, e, want[i])
				}
			}
			if len(sm.Problems) != 3 {
				t.Errorf("problems %v, want 3 (relative loc, no loc, bad lastmod)", sm.Problems)
			}
			for i, frag := range []string{"<url> 4: skipped", "<url> 5: skipped: no <loc>", "<url> 6: http://www.example.com/bad-date: lastmod ignored"} {
				if i < len(sm.Problems) && !strings.Contains(sm.Problems[i].Error(), frag) {
					t.Errorf("problem %d = %v, want it to contain %q", i, sm.Problems[i], frag)
				}
			}
		})
	}
	sm, err := sitemap.Parse(strings.NewReader(index))
	if err != nil || !sm.Index || len(sm.Entries) != 2 || sm.Entries[1].Loc != "http://www.example.com/sitemap2.xml.gz" {
		t.Fatalf("index: %+v, %v", sm, err)
	}
}

func TestParseErrors(t *testing.T) {
	many := func(n int) io.Reader {
		var b strings.Builder
		b.WriteString("<urlset>")
		for i := range n {
			fmt.Fprintf(&b, "<url><loc>http://a.test/%d</loc></url>", i)
		}
		b.WriteString("</urlset>")
		return strings.NewReader(b.String())
	}
	huge := io.MultiReader(strings.NewReader("<urlset>"), strings.NewReader(strings.Repeat(" ", sitemap.MaxSize)), strings.NewReader("</urlset>"))
	cases := []struct {
		name string
		in   io.Reader
		want error
	}{
		{"html", strings.NewReader("<html><body>hi</body></html>"), sitemap.ErrNotSitemap},
		{"empty", strings.NewReader(""), sitemap.ErrNotSitemap},
		{"text", strings.NewReader("http://a.test/\nhttp://b.test/\n"), sitemap.ErrNotSitemap},
		{"too many", many(sitemap.MaxEntries + 1), sitemap.ErrTooMany},
		{"too large", huge, sitemap.ErrTooLarge},
		{"bad xml", strings.NewReader("<urlset><url><loc>http://a.test/</url></urlset>"), nil},
		{"bad gzip", bytes.NewReader([]byte{0x1f, 0x8b, 0, 0}), nil},
		{"latin1", strings.NewReader(`<?xml version="1.0" encoding="ISO-8859-1"?><urlset></urlset>`), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sm, err := sitemap.Parse(c.in)
			if err == nil || sm != nil {
				t.Fatalf("Parse = %v, %v; want an error", sm, err)
			}
			if c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("error %v, want %v", err, c.want)
			}
		})
	}
	if sm, err := sitemap.Parse(many(sitemap.MaxEntries)); err != nil || len(sm.Entries) != sitemap.MaxEntries {
		t.Errorf("exactly 50,000 entries: %v", err)
	}
}

func TestParseLastMod(t *testing.T) {
	cases := []struct {
		in   string
		want time.Time
	}{
		{"1997", time.Date(1997, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"1997-07", time.Date(1997, 7, 1, 0, 0, 0, 0, time.UTC)},
		{"1997-07-16", time.Date(1997, 7, 16, 0, 0, 0, 0, time.UTC)},
		{"1997-07-16T19:20+01:00", time.Date(1997, 7, 16, 18, 20, 0, 0, time.UTC)},
		{"1997-07-16T19:20:30+01:00", time.Date(1997, 7, 16, 18, 20, 30, 0, time.UTC)},
		{"1997-07-16T19:20:30.45+01:00", time.Date(1997, 7, 16, 18, 20, 30, 450000000, time.UTC)},
		{"1997-07-16T19:20:30Z", time.Date(1997, 7, 16, 19, 20, 30, 0, time.UTC)},
	}
	for _, c := range cases {
		got, err := sitemap.ParseLastMod(c.in)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("ParseLastMod(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "97", "1997-13", "1997-07-16T19:20", "16/07/1997", "1997-07-16 19:20:30Z"} {
		if _, err := sitemap.ParseLastMod(bad); err == nil {
			t.Errorf("ParseLastMod(%q) accepted", bad)
		}
	}
}

// FuzzParse checks Parse never panics, keeps the limits, returns only
// absolute http(s) locs, and that its entries written back as a sitemap
// parse to the same entries (the reference: our own writer, escaped by
// encoding/xml).
func FuzzParse(f *testing.F) {
	f.Add([]byte(urlset))
	f.Add([]byte(index))
	f.Add(gz(urlset))
	f.Add([]byte("<urlset><url><loc>http://a.test/&lt;x&gt;</loc><lastmod>2004</lastmod></url></urlset>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sm, err := sitemap.Parse(bytes.NewReader(data))
		if err != nil {
			if sm != nil {
				t.Fatal("a sitemap with an error")
			}
			return
		}
		if len(sm.Entries) > sitemap.MaxEntries {
			t.Fatalf("%d entries", len(sm.Entries))
		}
		var b bytes.Buffer
		root, el := "urlset", "url"
		if sm.Index {
			root, el = "sitemapindex", "sitemap"
		}
		fmt.Fprintf(&b, "<%s>", root)
		for _, e := range sm.Entries {
			if !strings.HasPrefix(e.Loc, "http://") && !strings.HasPrefix(e.Loc, "https://") {
				t.Fatalf("loc %q", e.Loc)
			}
			fmt.Fprintf(&b, "<%s><loc>", el)
			xmlEscape(&b, e.Loc)
			b.WriteString("</loc>")
			if !e.LastMod.IsZero() {
				fmt.Fprintf(&b, "<lastmod>%s</lastmod>", e.LastMod.Format(time.RFC3339Nano))
			}
			fmt.Fprintf(&b, "</%s>", el)
		}
		fmt.Fprintf(&b, "</%s>", root)
		again, err := sitemap.Parse(&b)
		if err != nil {
			t.Fatalf("entries written back do not parse: %v\n%s", err, b.String())
		}
		if len(again.Entries) != len(sm.Entries) {
			t.Fatalf("%d entries, then %d", len(sm.Entries), len(again.Entries))
		}
		for i := range sm.Entries {
			if again.Entries[i].Loc != sm.Entries[i].Loc || !again.Entries[i].LastMod.Equal(sm.Entries[i].LastMod) {
				t.Fatalf("entry %d: %+v, then %+v", i, sm.Entries[i], again.Entries[i])
			}
		}
	})
}

func xmlEscape(b *bytes.Buffer, s string) { xml.EscapeText(b, []byte(s)) }
