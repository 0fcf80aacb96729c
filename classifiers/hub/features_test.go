package hub_test

import (
	"math"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

func TestExtractDate(t *testing.T) {
	tests := []struct {
		url  string
		want bool
	}{
		{"http://a.com/2014/03/05/some-story/", true},
		{"http://a.com/2014/3/5/x", true},
		{"http://a.com/news/2014-03-05-title.html", true},
		{"http://a.com/news/2014_03_05_title", true},
		{"http://a.com/article/20140327/BUSINESS06/303270097/Ally-IPO", true},
		{"http://a.com/x-20140313-34p41.html", true},
		{"http://a.com/2014/03/", true},
		{"http://a.com/2014/mar/05/story", true},
		{"http://a.com/14/03/05/story", true},
		{"http://a.com/story?date=2014-03-05", true},
		{"http://a.com/2014/", false},
		{"http://a.com/tag/2014-world-cup/", false},
		{"http://a.com/story/24933333/man-accused", false},
		{"http://a.com/20141305/x", false}, // month 13
		{"http://a.com/a2014/03/x", false}, // year glued to letters
		{"http://a.com/1850/03/05/", false},
		{"http://a.com/14/03/", false}, // two-digit year needs a day
		{"", false},
	}
	for _, tt := range tests {
		v := hub.Extract(hub.URLInfo{URL: tt.url, Depth: -1}, &tabs)
		if got := v[hub.FDate] == 1; got != tt.want {
			t.Errorf("Extract(%q) date = %v, want %v", tt.url, got, tt.want)
		}
	}
}

var tabs = hub.PaperTables()

func TestExtractFeatures(t *testing.T) {
	tests := []struct {
		url                                             string
		name, typ, param, pcount, depth, lastLen, words float64
	}{
		{"http://a.com/", 60.4, 60.4, 82.4, 0, 0, 0, 0},
		{"http://a.com/news/world/", 60.4, 60.4, 82.4, 0, 2, 5, 1},
		{"http://a.com/news/index.php?page=2", 30.6, 24.6, 7.2, 1, 1, 5, 1},
		{"http://a.com/a/b/article-view.shtml?id=3&x=1", 0, 15, 10.4, 2, 2, 12, 2},
		{"http://a.com/x/some-long-slug-here.pdf#frag", 9, 0, 82.4, 0, 1, 19, 4},
		{"HTTPS://A.COM/List.ASPX?ArticleID=1", 30.6, 24.6, 10.4, 1, 0, 4, 1},
		{"/relative/path", 9, 60.4, 82.4, 0, 1, 4, 1},
		{"//cdn.a.com/x/y.htm", 9, 15, 82.4, 0, 1, 1, 1},
	}
	for _, tt := range tests {
		v := hub.Extract(hub.URLInfo{URL: tt.url, Depth: -1}, &tabs)
		got := []float64{v[hub.FFileName], v[hub.FFileType], v[hub.FParamName], v[hub.FParamCount], v[hub.FDirDepth], v[hub.FLastSegLen], v[hub.FSlugWords]}
		want := []float64{tt.name, tt.typ, tt.param, tt.pcount, tt.depth, tt.lastLen, tt.words}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("Extract(%q) = %v, want %v (name, type, param, count, depth, lastLen, words)", tt.url, got, want)
				break
			}
		}
		if v[hub.FURLLen] != float64(len(tt.url)) {
			t.Errorf("Extract(%q) url_len = %v, want %d", tt.url, v[hub.FURLLen], len(tt.url))
		}
	}
}

func TestExtractMissing(t *testing.T) {
	v := hub.Extract(hub.URLInfo{URL: "http://a.com/x", Depth: -1}, &tabs)
	for _, f := range []int{hub.FAnchorLen, hub.FPageSize, hub.FCrawlDepth} {
		if !math.IsNaN(v[f]) {
			t.Errorf("feature %s = %v, want NaN (missing)", hub.FeatureNames()[f], v[f])
		}
	}
	v = hub.Extract(hub.URLInfo{URL: "http://a.com/x", Anchor: "Wörld news", Depth: 2, Size: 1023}, &tabs)
	if v[hub.FAnchorLen] != 10 || v[hub.FCrawlDepth] != 2 || v[hub.FPageSize] != 10 {
		t.Errorf("anchor, depth, size = %v, %v, %v; want 10, 2, 10", v[hub.FAnchorLen], v[hub.FCrawlDepth], v[hub.FPageSize])
	}
}

func TestLearnTables(t *testing.T) {
	urls := []string{"http://a.com/", "http://a.com/news/", "http://a.com/index.php?id=1", "http://a.com/x.html?q=1", "http://a.com/story-1.html"}
	hubs := []bool{true, true, true, true, false}
	got, err := hub.LearnTables(urls, hubs)
	if err != nil {
		t.Fatal(err)
	}
	if got.HubCount != 4 || got.FileName[hub.NameEmpty] != 50 || got.FileName[hub.NameHubWord] != 25 ||
		got.FileType[hub.TypeStatic] != 25 || got.ParamName[hub.ParamID] != 25 || got.ParamName[hub.ParamOther] != 25 {
		t.Errorf("LearnTables = %+v", got)
	}
	if _, err := hub.LearnTables(urls, hubs[:2]); err == nil {
		t.Error("LearnTables with mismatched lengths: no error")
	}
	if got, _ := hub.LearnTables(urls[4:], hubs[4:]); got != hub.PaperTables() {
		t.Errorf("LearnTables without hubs = %+v, want the paper's tables", got)
	}
}

func FuzzFeatures(f *testing.F) {
	for _, s := range []string{"http://a.com/2014/03/05/x-y.html?id=1&b=2#f", "", "://", "//", "?", "http://[::1]:80/%zz",
		"a/b/c.", "/2014-1", "x://y/14/03/", "http://a.com/20140305", "\xff\xfe/2014/mar"} {
		f.Add(s, "anchor", 3, 100)
	}
	f.Add("http://a.com/story/0,2933,1,00.html", "A headline of some length, \xff\xfe and more", -1, 0)
	c := defaultClassifier(f)
	f.Fuzz(func(t *testing.T, url, anchor string, depth, size int) {
		u := hub.URLInfo{URL: url, Anchor: anchor, Depth: depth, Size: size}
		v := hub.Extract(u, &tabs)
		for i, x := range v {
			if math.IsInf(x, 0) || (math.IsNaN(x) && i != hub.FAnchorLen && i != hub.FPageSize && i != hub.FCrawlDepth) {
				t.Fatalf("Extract(%q) feature %d = %v", url, i, x)
			}
		}
		label, score := c.Classify(u)
		if !hub.IsHub(label) && label != "topic" || !(score >= 0 && score <= 1) {
			t.Fatalf("Classify(%q, anchor %q) = %q, %v; want a label and P(hub)", url, anchor, label, score)
		}
	})
}

func defaultClassifier(tb testing.TB) *hub.Classifier {
	tb.Helper()
	c, err := hub.Default()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
