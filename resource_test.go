package crawl_test

import (
	"strings"
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

func TestPathExtension(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"http://a.test/Report.PDF;s=1?x=1#y", "PDF"},
		{"http://a.test/_sources/intro.rst.txt", "txt"},
		{"https://a.test:8443/x.tar.gz", "gz"},
		{"http://a.test/v1.2/", ""},
		{"http://a.test/v1.2/index", ""},
		{"http://a.test/.htaccess", ""},
		{"http://a.test/x.", ""},
		{"http://a.test", ""},
		{"http://a.test?f=x.pdf", ""},
		{"http://a.test/search?f=x.pdf", ""},
		{"http://a.test/doc#x.pdf", ""},
		{"http://a.test/a.p df", ""},
		{"http://a.test/a.é", ""},
		{"http://a.test/a.abcdefghijklmnopq", ""},
		{"http://a.test/a.abcdefghijklmnop", "abcdefghijklmnop"},
		{"/relative/file.md", "md"},
		{"", ""},
	} {
		if got := crawl.PathExtension(c.url); got != c.want {
			t.Errorf("PathExtension(%q) = %q, want %q", c.url, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { crawl.PathExtension("http://a.test/x/Report.PDF?q=1") }); n != 0 {
		t.Errorf("PathExtension allocates %v times", n)
	}
}

// FuzzPathExtension: whatever the input, the extension is a piece of it
// after a dot, 1 to 16 letters, digits, -, _, + or ~, and not in the host.
func FuzzPathExtension(f *testing.F) {
	for _, s := range []string{"http://a.test/Report.PDF;s=1?x#y", "http://a.b.c", "..//.", "http://a.test/x.", "a.b/c.d;e.f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		ext := crawl.PathExtension(u)
		if ext == "" {
			return
		}
		if len(ext) > 16 || !strings.Contains(u, "."+ext) || strings.ContainsFunc(ext, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_+~", r))
		}) {
			t.Fatalf("PathExtension(%q) = %q", u, ext)
		}
		if i := strings.IndexAny(u, "?#"); i >= 0 {
			u = u[:i] // the query and fragment are not the path
		}
		if i := strings.Index(u, "://"); i >= 0 && !strings.Contains(u[i+3:], "/") {
			t.Fatalf("PathExtension(%q) = %q from a URL without a path", u, ext)
		}
	})
}
