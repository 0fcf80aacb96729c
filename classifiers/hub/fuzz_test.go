package hub_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

func FuzzReadPageStats(f *testing.F) {
	for _, s := range []string{"<html><body><a href=x>y</a>z.</body></html>", "", "<meta charset=gbk>\xc4\xe3", "<a href><a href>",
		"<svg><a href=1>t</a></svg>", "\xef\xbb\xbf<p>bom</p>"} {
		f.Add([]byte(s), "text/html")
	}
	f.Add([]byte("<p>x</p>"), "text/html; charset=shift_jis")
	f.Fuzz(func(t *testing.T, raw []byte, ct string) {
		st, err := hub.ReadPageStats(raw, ct)
		if err != nil {
			return
		}
		if st.Text < 0 || st.Anchor < 0 || st.Punct > st.Text || st.Links < 0 || st.MaxDepth < 0 {
			t.Fatalf("ReadPageStats(%q) = %+v", raw, st)
		}
	})
}

func FuzzReadTSV(f *testing.F) {
	f.Add("label\turl\thost\nhub\thttp://a.com/\ta.com\n")
	f.Add("label\turl\tdepth\tsize\ntopic\thttp://a.com/x\t1\t2\n")
	f.Add("url\tlabel\nx\thub\n\n")
	f.Fuzz(func(t *testing.T, in string) {
		ex, err := hub.ReadTSV(strings.NewReader(in))
		if err != nil {
			if ex != nil {
				t.Fatalf("ReadTSV(%q) returned data with error %v", in, err)
			}
			return
		}
		for _, e := range ex {
			if e.URL == "" {
				t.Fatalf("ReadTSV(%q): empty URL accepted", in)
			}
		}
	})
}
