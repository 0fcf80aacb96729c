package topic

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// urlPatternRef is urlPattern as it was written first, on the segments
// strings.Split gives: the reference of the one that reads them in place.
func urlPatternRef(u *url.URL) string {
	segs := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	file := segs[len(segs)-1]
	dirs := segs[:len(segs)-1]
	first := "-"
	if len(dirs) > 0 {
		first = segShape(dirs[0])
	}
	kind := "dir"
	if file != "" {
		stem := strings.ToLower(file)
		if i := strings.LastIndexByte(stem, '.'); i > 0 {
			stem = stem[:i]
		}
		switch {
		case stem == "index" || stem == "home" || stem == "default" || stem == "welcome":
			kind = "index"
		case len(dirs) > 0 && stem == strings.ToLower(strings.TrimPrefix(dirs[len(dirs)-1], "~")):
			kind = "own"
		default:
			kind = "file"
		}
	}
	return strings.ToLower(u.Host) + "/" + first + "/" + strconv.Itoa(min(len(dirs), 5)) + ":" + kind
}

// FuzzURLPattern checks urlPattern against urlPatternRef on any URL.
func FuzzURLPattern(f *testing.F) {
	for _, s := range []string{
		"http://h", "http://h/", "http://h//", "http://H/~jo/jo.html", "http://h/a/b/c/d/e/f/g.html",
		"http://h/Info/People/jo/JO.htm", "http://h/x/", "http://h/users/jo/", "http://h/a//b",
		"http://h/2024/index.html", "http://h/.html", "http://h/a/~/", "mailto:x@y", "/rel/path.html",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		if got, want := urlPattern(u), urlPatternRef(u); got != want {
			t.Fatalf("urlPattern(%q) = %q, want %q", raw, got, want)
		}
	})
}
