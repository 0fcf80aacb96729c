package extraction_test

import (
	"os"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

// TestSentenceIsNotAList: the pieces of a sentence cut at its links (a
// paragraph's text nodes and links) are not records. The SQLite docs'
// C API pages (testdata/prose/sqlite-c3ref-close.html) are a few
// paragraphs of prose, and the children of the one with the most links
// were 22 records ("finalize all", "prepared statements,", "close all"...);
// a release log (sqlite-releaselog-3_0_0.html) gave the three pieces of
// its opening sentence instead of its list of changes.
func TestSentenceIsNotAList(t *testing.T) {
	for _, tt := range []struct {
		file     string
		min, max int    // records
		want     string // a record's text begins so ("" for none)
	}{
		{"sqlite-c3ref-close.html", 0, 0, ""},
		{"sqlite-releaselog-3_0_0.html", 6, 10, "Support for internationalization"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile("testdata/prose/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := htmldecode.Parse(b, "text/html; charset=utf-8")
			if err != nil {
				t.Fatal(err)
			}
			recs, err := extraction.ExtractPage(doc, extraction.Config{})
			if err != nil {
				t.Fatal(err)
			}
			found := tt.want == ""
			for _, r := range recs {
				for _, f := range r.Fields {
					if strings.HasPrefix(f.Value, tt.want) {
						found = true
					}
				}
			}
			if len(recs) < tt.min || len(recs) > tt.max {
				for _, r := range recs {
					t.Logf("record %d: %v", r.Index, r.Fields)
				}
				t.Errorf("%d records, want %d to %d", len(recs), tt.min, tt.max)
			}
			if !found {
				t.Errorf("no record begins %q", tt.want)
			}
		})
	}
}

// TestTechnicalProseIsNotAList: paragraphs whose inline markup is code
// (tt, code, kbd, var) are prose like those with b and i. The SQLite
// docs' asyncvfs.html (testdata/prose/sqlite-asyncvfs.html), an article
// whose paragraphs name functions in tt, gave its 19 paragraphs as
// records; PostgreSQL's reference pages (code and literal everywhere)
// gave hundreds. An article whose sections lie flat (headings, paragraphs
// and code blocks siblings: sqlite-privatebranch.html) was cut at its
// paragraphs into 44 records of a paragraph and what follows it (a
// heading, a code block, a figure).
func TestTechnicalProseIsNotAList(t *testing.T) {
	for _, file := range []string{"sqlite-asyncvfs.html", "sqlite-privatebranch.html"} {
		t.Run(file, func(t *testing.T) {
			b, err := os.ReadFile("testdata/prose/" + file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := htmldecode.Parse(b, "text/html; charset=utf-8")
			if err != nil {
				t.Fatal(err)
			}
			recs, err := extraction.ExtractPage(doc, extraction.Config{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				t.Errorf("record %d: %.80v", r.Index, r.Fields)
			}
		})
	}
}

// TestSectionsAreNotRecords: a record of a list does not run across a
// section heading after a paragraph of prose. rustdoc's module pages
// (Debian's rust-doc: testdata/prose/rustdoc-std-vec.html,
// rustdoc-std-io.html) open with an essay whose paragraphs, code examples
// and headings are siblings; cut at its examples it gave records such as
// "Vectors ensure they never allocate more than isize::MAX bytes." with
// the heading "Examples" (std::vec: 7 records instead of the 5 structs
// of its item table; std::io: 10 pieces of its essay).
func TestSectionsAreNotRecords(t *testing.T) {
	for _, tt := range []struct {
		file     string
		min, max int    // records
		want     string // a record's text begins so ("" for none)
	}{
		{"rustdoc-std-vec.html", 5, 5, "A draining iterator"},
		{"rustdoc-std-io.html", 0, 40, ""},
	} {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile("testdata/prose/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := htmldecode.Parse(b, "text/html; charset=utf-8")
			if err != nil {
				t.Fatal(err)
			}
			recs, err := extraction.ExtractPage(doc, extraction.Config{})
			if err != nil {
				t.Fatal(err)
			}
			found := tt.want == ""
			for _, r := range recs {
				for _, f := range r.Fields {
					if strings.HasPrefix(f.Value, tt.want) {
						found = true
					}
					if strings.Contains(f.Value, "play.rust-lang.org") {
						t.Errorf("record %d holds a code example: %.80v", r.Index, r.Fields)
					}
				}
			}
			if len(recs) < tt.min || len(recs) > tt.max {
				t.Errorf("%d records, want %d to %d", len(recs), tt.min, tt.max)
			}
			if !found {
				t.Errorf("no record begins %q", tt.want)
			}
		})
	}
}
