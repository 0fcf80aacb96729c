package extraction_test

import (
	"strings"
	"testing"
)

// TestCodeLinesAreNotRecords: the lines of a program are no list of
// records, whatever markup sets them apart (code.go). Scribble writes
// code as a table of one row per line (racket-doc's guide page: 16 code
// lines were API-entry rows; its reference page on struct-copy: 12 lines
// of a REPL transcript a list region), tex2page as a tt of lines split
// by br (the R6RS chapter: 21 lines instead of its two procedures).
func TestCodeLinesAreNotRecords(t *testing.T) {
	for _, tt := range []struct {
		file     string
		min, max int    // records
		begins   string // a record's value begins so ("" for none)
	}{
		{"racket-guide-whole-module-units.html", 0, 0, ""},
		{"racket-reference-struct-copy.html", 0, 0, ""},
		{"r6rs-lib-mutable-pairs.html", 2, 2, "(set-car! pair obj)"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			for _, r := range wantFileRecords(t, "testdata/code/"+tt.file, tt.min, tt.max, tt.begins) {
				// an entry may hold its example whole, as one value,
				// but no record begins with a line of code
				if v := r.Fields[0].Value; strings.HasPrefix(v, "(define") || strings.HasPrefix(v, "> ") {
					t.Errorf("record %d begins with a line of code: %.80q", r.Index, v)
				}
			}
		})
	}
}
