package extraction_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
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
			wantFileRecords(t, "testdata/prose/"+tt.file, tt.min, tt.max, tt.want)
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
			recs := extractFile(t, "testdata/prose/"+file)
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
// of its item table; std::io: 10 pieces of its essay). texi2html puts a
// navigation bar, a rule and anchors between a section's last paragraph
// and the next heading, all children of body (testdata/prose/
// gettext-texi2html-sources.html, chapter 4 of the gettext manual): cut
// at its examples, the chapter gave 38 records, each an example and the
// prose after it, some running on into the next section's heading.
func TestSectionsAreNotRecords(t *testing.T) {
	for _, tt := range []struct {
		file     string
		min, max int    // records
		want     string // a record's text begins so ("" for none)
	}{
		{"rustdoc-std-vec.html", 5, 5, "A draining iterator"},
		{"rustdoc-std-io.html", 0, 40, ""},
		{"gettext-texi2html-sources.html", 0, 0, ""},
	} {
		t.Run(tt.file, func(t *testing.T) {
			for _, r := range wantFileRecords(t, "testdata/prose/"+tt.file, tt.min, tt.max, tt.want) {
				for _, f := range r.Fields {
					if strings.Contains(f.Value, "play.rust-lang.org") {
						t.Errorf("record %d holds a code example: %.80v", r.Index, r.Fields)
					}
				}
			}
		})
	}
}

// wantFileRecords extracts the page at path and checks it gives min to max
// records, one of whose values begins with begins ("": no such check);
// it returns the records.
func wantFileRecords(t *testing.T, path string, min, max int, begins string) []crawl.Record {
	t.Helper()
	recs := extractFile(t, path)
	found := begins == ""
	for _, r := range recs {
		for _, f := range r.Fields {
			found = found || strings.HasPrefix(f.Value, begins)
		}
	}
	if len(recs) < min || len(recs) > max {
		for _, r := range recs {
			t.Logf("record %d: %.120v", r.Index, r.Fields)
		}
		t.Errorf("%d records, want %d to %d", len(recs), min, max)
	}
	if !found {
		t.Errorf("no record's value begins %q", begins)
	}
	return recs
}

// TestShortParagraphsAreNotAList: the paragraphs of a short text, each a
// sentence or two with a link inside, are not records though each is too
// short for the prose guard. mdBook's notice pages (Debian's rust-doc:
// testdata/prose/mdbook-rust-book-bibliography.html, one of the Rust
// book's 261 pages of the old editions) gave their three sentences ("The
// first edition of the book is no longer distributed with Rust's
// documentation.", "If you came here via a link or web search, ...") as
// records. Paragraphs led by a link or a label are a list's items and
// stay records.
func TestShortParagraphsAreNotAList(t *testing.T) {
	wantFileRecords(t, "testdata/prose/mdbook-rust-book-bibliography.html", 0, 0, "")
	var b strings.Builder
	b.WriteString("<html><body><main><h1>News</h1>")
	for i := range 4 {
		fmt.Fprintf(&b, `<p><a href="/n/%d">Release %d is out</a> with faster builds and a new installer for everyone.</p>`, i, i)
	}
	b.WriteString("</main></body></html>")
	recs, err := extraction.ExtractPage(parse(t, b.String()), extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 {
		t.Fatalf("%d records of the news list, want 4: %v", len(recs), recs)
	}
	for i, r := range recs {
		if want := fmt.Sprintf("Release %d is out", i); !strings.HasPrefix(r.Fields[0].Value, want) {
			t.Errorf("record %d: %v, want its first value to begin %q", i, r.Fields, want)
		}
	}
}

// TestFlattenedSentenceIsNotAList: a region flattened one level (its
// records taken for lists of their own) is checked for the pieces of a
// sentence too. PostgreSQL's SPI pages (Debian's postgresql-doc-15:
// testdata/prose/postgresql-spi-scroll-cursor-move.html) gave the
// pieces of a parameter's description ("one of FETCH_FORWARD", ",
// FETCH_BACKWARD"...), cut at its code elements, instead of the page's
// three parameters; the Rust book's ch14-01-release-profiles.html its
// paragraphs' 24 pieces.
func TestFlattenedSentenceIsNotAList(t *testing.T) {
	wantFileRecords(t, "testdata/prose/postgresql-spi-scroll-cursor-move.html", 3, 3, "FetchDirection direction")
	// without the pieces of the Python docs' constants.html, its list
	// region of entries wins, and gives way to the page's nine entries
	wantFileRecords(t, "testdata/entries/python-constants.html", 9, 9, "NotImplemented")
}
