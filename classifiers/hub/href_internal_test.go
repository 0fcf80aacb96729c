package hub

import (
	"strings"
	"testing"
)

// The href classification before its fast paths (trimSpace, hrefScheme,
// indexQueryOrFragment, plainFile, webScheme): FuzzHrefClasses compares
// hrefLead and selfPlace with these on any href and page.

func (f *leadFinder) hrefLeadRef(href string, anySite bool) lead {
	href = strings.TrimSpace(href)
	if i := strings.IndexByte(href, ':'); i > 0 && !strings.ContainsAny(href[:i], "/?#") {
		switch strings.ToLower(href[:i]) {
		case "http", "https":
		default:
			return leadNone
		}
	}
	i := strings.IndexByte(href, '#')
	if href == "" || i == 0 {
		return leadNone
	}
	if f.page != nil && !f.onSiteRef(href, anySite) {
		return leadNone
	}
	if i > 0 {
		return leadPlace
	}
	return leadPage
}

func (f *leadFinder) onSiteRef(href string, anySite bool) bool {
	rest := href
	if c := strings.IndexByte(href, ':'); c > 0 && !strings.ContainsAny(href[:c], "/?#") {
		rest = href[c+1:]
	}
	if strings.HasPrefix(rest, "//") {
		host := rest[2:]
		if j := strings.IndexAny(host, "/?#"); j >= 0 {
			host, rest = host[:j], host[j:]
		} else {
			rest = ""
		}
		if j := strings.LastIndexByte(host, '@'); j >= 0 {
			host = host[j+1:]
		}
		if j := strings.LastIndexByte(host, ':'); j >= 0 && !strings.Contains(host[j:], "]") {
			host = host[:j]
		}
		if !sameSite(siteOf(strings.Trim(host, "[]")), f.site) {
			return anySite
		}
	}
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		rest = rest[:j]
	}
	if rest != "" && rest[len(rest)-1] != '/' && !endsWithSegment("/"+rest, lastSegment(f.page.Path)) {
		return true
	}
	u, err := f.page.Parse(href)
	return err == nil && (u.Path != f.page.Path || u.RawQuery != f.page.RawQuery || !sameSite(siteOf(u.Hostname()), f.site))
}

func (f *leadFinder) selfPlaceRef(href string) bool {
	href = strings.TrimSpace(href)
	i := strings.IndexByte(href, '#')
	switch {
	case i < 0 || i == len(href)-1:
		return false
	case i == 0:
		return true
	case f.page == nil:
		return false
	}
	if base := href[:i]; !strings.ContainsAny(base, ":/?%\\") && base != "." && base != ".." {
		return base == lastSegment(f.page.Path)
	}
	if c := strings.IndexByte(href, ':'); c > 0 && !strings.ContainsAny(href[:c], "/?#") {
		if s := strings.ToLower(href[:c]); s != "http" && s != "https" {
			return false
		}
	}
	return !f.onSiteRef(href, true)
}

func FuzzHrefClasses(f *testing.F) {
	for _, s := range [][2]string{
		{"library/os.html#os.fspath", "library/os.html"}, {"os.html#x", "library/os.html"}, {" HTTP://www.docs.test/a#b ", "a"},
		{"https://other.test/x.html", "x.html"}, {"mailto:a@b", ""}, {"#top", "a/b.html"}, {"?q#f", "a/b.html?q"},
		{"//docs.test:80/b.html#c", "b.html"}, {"ſ:x", ""}, {"\u00a0os.html#x\u00a0", "os.html"}, {"a\\b.html#c", "b.html"},
		{"../", "a/"}, {"..#x", "a/b"}, {"HtTpS:x#y", "x"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, href, page string) {
		for _, p := range []string{"", "http://docs.test/" + page, "https://www.docs.test/" + page} {
			lf := newLeadFinder(p)
			for _, any := range []bool{false, true} {
				if got, want := lf.hrefLead(href, any), lf.hrefLeadRef(href, any); got != want {
					t.Fatalf("hrefLead(%q, %v) on %q = %v, want %v", href, any, p, got, want)
				}
			}
			if got, want := lf.selfPlace(href), lf.selfPlaceRef(href); got != want {
				t.Fatalf("selfPlace(%q) on %q = %v, want %v", href, p, got, want)
			}
		}
	})
}
