package hub

import "testing"

// referenceURLs are hand-picked cases for the edges of the one-pass
// scanner: schemes, hosts without paths, '#' before '?', runs of digits at
// the ends, percent escapes, upper case, bytes above 0x7f.
var referenceURLs = []string{
	"", "/", "//", "///", "?", "#", "?#", "#?", "://", "a://", "1a+.-://x/y", "ht tp://a/b",
	"http://a.com", "http://a.com/", "http://a.com?x=1", "http://a.com#f?x=1", "http://a.com/#x", "http://a.com/?",
	"http://a.com/a#b?c", "http://a.com/a?b#c?d", "//a.com/x/y.z", "/a/b/c.", "a/b/c.html", ".html", "/.htaccess",
	"http://a.com/2014/03/05/x-y.html?id=1&b=2#f", "http://a.com/20140305", "http://a.com/x123", "http://a.com/123x/45",
	"http://a.com/12/34/56", "http://a.com/99/12/31/", "http://a.com/2014/Mar/05/", "http://a.com/2014-march",
	"http://a.com/x/y%20z%2", "http://a.com/x%20%20y-%20", "http://a.com/A-B_C+D.E,F", "http://a.com/INDEX.PHP",
	"http://a.com/Article-Content/ClassList", "http://a.com/dEfAuLt.AsPx?UserID=3;x=&&", "http://a.com/?=&=;",
	"http://a.com/a//b///c//", "http://[::1]:80/%zz", "\xff\xfe/2014/mar", "http://a.com/\x00/\x80\xff/é/ü.htm",
}

// distinctTables give every class its own value, so that a class the
// fast extractor got wrong shows in the vector.
var distinctTables = Tables{
	FileName:  [numNameClasses]float64{1, 2, 3, 4},
	FileType:  [numTypeClasses]float64{5, 6, 7, 8},
	ParamName: [numParamClasses]float64{9, 10, 11},
}

func TestExtractMatchesReference(t *testing.T) {
	tabs := distinctTables
	urls := append([]string(nil), referenceURLs...)
	for _, e := range testURLs(t) {
		urls = append(urls, e.URL)
	}
	for _, u := range urls {
		for _, info := range []URLInfo{{URL: u, Depth: -1}, {URL: u, Anchor: "Sport ñ", Depth: 2, Size: 4096}} {
			if got, want := Extract(info, &tabs), refExtract(info, &tabs); !sameVector(got, want) {
				t.Errorf("Extract(%+v) = %v, reference %v", info, got, want)
			}
		}
	}
}

func FuzzExtractMatchesReference(f *testing.F) {
	for _, s := range referenceURLs {
		f.Add(s, "")
	}
	f.Add("http://a.com/x", "anchor")
	tabs := distinctTables
	f.Fuzz(func(t *testing.T, url, anchor string) {
		info := URLInfo{URL: url, Anchor: anchor, Depth: -1}
		if got, want := Extract(info, &tabs), refExtract(info, &tabs); !sameVector(got, want) {
			t.Fatalf("Extract(%q) = %v, reference %v", url, got, want)
		}
	})
}
