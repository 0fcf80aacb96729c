package extraction_test

import (
	"testing"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

// FuzzExtractPage feeds random bytes through charset decoding, parsing, the
// region finder, segmentation and field alignment: it must never panic,
// and every record must carry the page's full column list.
func FuzzExtractPage(f *testing.F) {
	f.Add([]byte(listPage))
	f.Add([]byte(listOf(3, "<br>")))
	f.Add([]byte("<ul><li>a<li>b<li><ul><li>c</ul></ul>"))
	f.Add([]byte("<table><tr><td>1<td>2<tr><td>3</table><p>x<p>y"))
	f.Add([]byte("\xef\xbb\xbf<meta charset=gbk><div>\xc4\xe3\xba\xc3</div><div>\xc4\xe3</div>"))
	f.Add([]byte("<div><div><div></div></div></div><select><option>1</select><!-- c -->"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := htmldecode.Parse(data, "text/html")
		if err != nil {
			return
		}
		recs, err := extraction.ExtractPage(doc, extraction.Config{})
		if err != nil {
			t.Fatalf("ExtractPage: %v", err)
		}
		for i, r := range recs {
			if r.Index != i || len(r.Fields) != len(recs[0].Fields) {
				t.Fatalf("record %d: index %d, %d fields, first has %d", i, r.Index, len(r.Fields), len(recs[0].Fields))
			}
		}
		ce := extraction.NewClusterExtractor(extraction.Config{})
		for range 2 {
			if _, err := ce.Extract(1, "u", doc); err != nil {
				t.Fatalf("Extract: %v", err)
			}
		}
	})
}
