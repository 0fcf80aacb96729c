package warc_test

import (
	"crypto/sha1"
	"encoding/base32"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/warc"
	"github.com/crawl-project/crawl/warc/warctest"
)

// commonCrawlSample is a real Common Crawl WARC excerpt (testdata/commoncrawl/README.md).
var commonCrawlSample = filepath.Join("testdata", "commoncrawl", "whirlwind.warc.gz")

// TestCommonCrawlSample reads Common Crawl's records (WARC/1.0, gzip per
// record, Nutch's field forms) with our reader, gowarc's strict one and
// warcio.js: the same four records, every digest right; the archive index
// has the page, and its response parses to the archived HTML, whose SHA-1
// is the record's WARC-Payload-Digest.
func TestCommonCrawlSample(t *testing.T) {
	f, err := os.Open(commonCrawlSample)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f, commonCrawlSample)
	types := map[string]int{}
	var offsets []int64
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if rec.Version != "WARC/1.0" {
			t.Errorf("record at %d: version %q", rec.Offset, rec.Version)
		}
		types[rec.Type()]++
		offsets = append(offsets, rec.Offset)
	}
	want := map[string]int{"warcinfo": 1, "request": 1, "response": 1, "metadata": 1}
	if !maps.Equal(types, want) || offsets[0] != 0 {
		t.Errorf("records %v at %v, want %v", types, offsets, want)
	}
	if got := warctest.Validate(t, commonCrawlSample); !maps.Equal(got, want) {
		t.Errorf("gowarc reads %v, want %v", got, want)
	}
	warctest.NodeCheck(t, want, commonCrawlSample)

	a, errs := warc.OpenArchive([]string{commonCrawlSample})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	defer a.Close()
	const page = "https://an.wikipedia.org/wiki/Escopete"
	if got := a.URLs(); len(got) != 1 || got[0] != page {
		t.Fatalf("archived URLs %v, want [%s]", got, page)
	}
	if got := a.InfoField("isPartOf"); got != "CC-MAIN-2024-22" {
		t.Errorf("warcinfo isPartOf = %q", got)
	}
	rec, err := a.Lookup(page)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := warc.ParseResponse(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha1.Sum(body)
	digest := "sha1:" + base32.StdEncoding.EncodeToString(sum[:])
	if resp.StatusCode != 200 || digest != rec.Header.Get("WARC-Payload-Digest") || !strings.Contains(string(body), "<title>Escopete - Biquipedia") {
		t.Errorf("status %d, %d bytes, payload %s (record says %s)", resp.StatusCode, len(body), digest, rec.Header.Get("WARC-Payload-Digest"))
	}
}
