package crawl_test

import (
	"testing"

	"github.com/crawl-project/crawl"
)

func TestResourceOf(t *testing.T) {
	tests := []struct {
		url  string
		want crawl.ResourceKind
	}{
		{"http://a.com/", crawl.ResourcePage},
		{"http://a.com/sport/story.html", crawl.ResourcePage},
		{"http://a.com/page.php?id=1.jpg", crawl.ResourcePage},
		{"http://a.com/files.v2/readme", crawl.ResourcePage},
		{"http://a.com/a.verylongext", crawl.ResourcePage},
		{"http://a.com/report.PDF?x=1", crawl.ResourceDocument},
		{"http://a.com/feed.xml", crawl.ResourceDocument},
		{"http://a.com/img/1.JPG", crawl.ResourceMedia},
		{"http://a.com/setup.exe", crawl.ResourceArchive},
		{"http://a.com/x.tar.gz", crawl.ResourceArchive},
		{"http://a.com/a.js#x", crawl.ResourceAsset},
		{"http://a.com/font.woff2", crawl.ResourceAsset},
		{"", crawl.ResourcePage},
		{".", crawl.ResourcePage},
	}
	for _, tc := range tests {
		if got := crawl.ResourceOf(tc.url); got != tc.want {
			t.Errorf("ResourceOf(%q) = %v, want %v", tc.url, got, tc.want)
		}
	}
}

func TestResourceOfDoesNotAllocate(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { crawl.ResourceOf("http://a.com/img/photo.JPEG?w=3") }); n != 0 {
		t.Errorf("ResourceOf allocates %v times", n)
	}
}

func FuzzResourceOf(f *testing.F) {
	f.Add("http://a.com/x.PDF?q#f")
	f.Add("..//.")
	f.Fuzz(func(t *testing.T, u string) {
		k := crawl.ResourceOf(u)
		if k < crawl.ResourcePage || k > crawl.ResourceAsset {
			t.Fatalf("ResourceOf(%q) = %d", u, k)
		}
	})
}
