package extraction_test

import (
	"strings"
	"testing"
)

// TestHeadedDeclarationsAreRecords: a module page's declarations (Haddock's
// div.top) are its records, one each, though section headings (a/h2) sit
// between them and the clustering splits them (a data type with its
// constructors, a function with its arguments table, plain signatures):
// records started at the signatures' cluster ran on over the declarations
// after them, and the page's first five were no record at all
// (testdata/haddock/text-Data-Text-Array.html; base's Prelude.html had a
// record of the dozen class declarations after uncurry, 1.3 MB).
func TestHeadedDeclarationsAreRecords(t *testing.T) {
	recs := wantFileRecords(t, "testdata/haddock/text-Data-Text-Array.html", 13, 13, "")
	want := map[string]bool{"data MArray s Source": false, "copyI": false, "empty :: Array Source": false,
		"unsafeWrite :: MArray s -> Int -> Word16 -> ST s () Source": false}
	for _, r := range recs {
		sigs := 0
		for _, f := range r.Fields {
			if _, ok := want[f.Value]; ok {
				want[f.Value] = true
			}
			if strings.Contains(f.Value, " :: ") && strings.HasSuffix(f.Value, " Source") {
				sigs++
			}
		}
		if sigs > 1 {
			t.Errorf("record %d holds %d declarations: %.200v", r.Index, sigs, r.Fields)
		}
	}
	for v, ok := range want {
		if !ok {
			t.Errorf("no value %q", v)
		}
	}
}

// TestIndexEntryKeepsItsName: Haddock's index gives a name defined in
// several places a row of its own (the name, an empty cell) and then a row
// per definition ("1 (Function)", the modules); each definition's row was a
// record without the name (testdata/haddock/doc-index-Y.html: yield#).
// The name's row and its definitions' rows are one record.
func TestIndexEntryKeepsItsName(t *testing.T) {
	recs := wantFileRecords(t, "testdata/haddock/doc-index-Y.html", 12, 12, "yearFormat")
	for _, r := range recs {
		var vals []string
		for _, f := range r.Fields {
			vals = append(vals, f.Value)
		}
		all := strings.Join(vals, "\n")
		if strings.Contains(all, "(Function)") != strings.Contains(all, "yield#") {
			t.Errorf("record %d: %q, a definition without its name or a name without its definitions", r.Index, vals)
		}
		if strings.Contains(all, "yield#") && !strings.Contains(all, "3 (Function)") {
			t.Errorf("record %d: %q, want yield#'s three definitions", r.Index, vals)
		}
	}
}
