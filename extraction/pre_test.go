package extraction_test

import (
	"strings"
	"testing"
)

// TestPreformattedTextIsOneValue: no list of records is looked for inside
// a pre. On an RDoc page (testdata/pre/rdoc-memorylogger.html) every
// method's source is a pre of highlighted tokens, hidden by the style
// sheet, and the tokens ("def", "end", "nil") were records; the records
// are the methods. On the Python docs' pprint.html (testdata/pre) the
// code examples, one pre each, must not outrank the page's API entries.
func TestPreformattedTextIsOneValue(t *testing.T) {
	for _, tt := range []struct {
		file      string
		min, max  int    // records
		wantTitle string // a record's title or text begins so
	}{
		{"rdoc-memorylogger.html", 3, 6, "add(severity"},
		{"python-pprint.html", 8, 20, "pprint.pformat("},
	} {
		t.Run(tt.file, func(t *testing.T) {
			recs := extractFile(t, "testdata/pre/"+tt.file)
			found := false
			for _, r := range recs {
				var vals []string
				for _, f := range r.Fields {
					vals = append(vals, f.Value)
					if (f.Name == "title" || f.Name == "text") && strings.HasPrefix(f.Value, tt.wantTitle) {
						found = true
					}
				}
				if all := strings.Join(vals, " "); len(all) < 12 {
					t.Errorf("record %d is %q: a token, not a record", r.Index, all)
				}
			}
			if len(recs) < tt.min || len(recs) > tt.max {
				t.Errorf("%d records, want %d to %d", len(recs), tt.min, tt.max)
			}
			if !found {
				t.Errorf("no record's title or text begins %q", tt.wantTitle)
			}
		})
	}
}
