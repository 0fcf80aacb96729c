package hub

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The link contexts' walk and resolvedKey as they were before session 16
// (hubcut): a closure walking every element with children, and the
// segments pushed as strings and hashed at the end, the page's directory
// split again for each link. The walk that leaves out elements whose one
// child is text, and the key stack of prefix hashes (keyStack), must give
// the same keys and contexts.

func resolvedKeyRef(basePath, href string) (uint64, bool) {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	if href == "" {
		return 0, false
	}
	if i := indexSchemeSep(href); i >= 0 {
		if s := strings.ToLower(href[:i]); s != "http" && s != "https" {
			return 0, false
		}
		href = pathQuery(href)
		basePath = ""
	} else if strings.HasPrefix(href, "//") {
		href = afterHost(href[2:])
		basePath = ""
	} else if hasScheme(href) {
		return 0, false
	}
	if i := strings.IndexByte(href, '?'); i >= 0 {
		href = href[:i]
		if href == "" {
			href = basePath
		}
	}
	var segs [64]string
	n := 0
	push := func(s string) {
		switch s {
		case "", ".":
		case "..":
			if n > 0 {
				n--
			}
		default:
			if n < len(segs) {
				segs[n] = s
				n++
			}
		}
	}
	eachSeg := func(path string) {
		for len(path) > 0 {
			i := strings.IndexByte(path, '/')
			if i < 0 {
				push(path)
				return
			}
			push(path[:i])
			path = path[i+1:]
		}
	}
	trailing := strings.HasSuffix(href, "/") || href == "" || strings.HasSuffix(href, "/.") || strings.HasSuffix(href, "/..") || href == "." || href == ".."
	if !strings.HasPrefix(href, "/") {
		eachSeg(dirOf(basePath))
	}
	eachSeg(href)
	h := uint64(fnv64Offset)
	for i := 0; i < n; i++ {
		h = fnv64String(fnv64Byte(h, '/'), segs[i])
	}
	if trailing || n == 0 {
		h = fnv64Byte(h, '/')
	}
	return h, true
}

func measureLinkContextsRef(doc *html.Node, pageURL string) map[uint64]linkCtx {
	_, basePath, _ := splitPath(pageURL)
	lc := &linkContexts{m: map[uint64]linkCtx{}}
	var walk func(n *html.Node, st ctxState, depth int)
	walk = func(n *html.Node, st ctxState, depth int) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom == atom.A {
				addContextRef(lc, c, basePath, &st)
			}
			if depth < maxContextDepth && c.FirstChild != nil && c.DataAtom != atom.Script && c.DataAtom != atom.Style {
				walk(c, childState(c, st), depth+1)
			}
		}
	}
	walk(doc, ctxState{}, 0)
	return lc.m
}

func addContextRef(lc *linkContexts, a *html.Node, basePath string, st *ctxState) {
	href, _ := attr(a, "href")
	if href == "" || href[0] == '#' {
		return
	}
	href = strings.TrimSpace(href)
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	key, ok := resolvedKeyRef(basePath, href)
	if !ok {
		return
	}
	if _, dup := lc.m[key]; dup {
		return
	}
	var lv byte = 'a' + st.level
	if st.nested {
		lv += 8
	}
	var region byte = 'n'
	if st.region {
		region = 'r'
	}
	lc.m[key] = linkCtx{f: [5]uint32{
		mix32('P', tagClass(st.self)), mix32('G', tagClass(st.parent)),
		fnvString(fnvByte(fnvOffset, 'C'), firstClass(a)),
		fnvByte(fnvByte(fnvOffset, 'V'), lv), fnvByte(fnvByte(fnvOffset, 'Z'), region),
	}}
}

var resolvedKeySeeds = []struct{ base, href string }{
	{"/doc/lib/os.html", "../../x/y.html?a=1"}, {"/doc/lib/os.html", "path.html"}, {"/doc/lib/os.html", "./a/./b/../c/"},
	{"/doc/lib/os.html", "?page=2"}, {"doc/os.html", "?q"}, {"", "?q"}, {"", "a/b"}, {"/a/b/", ".."}, {"/a/b/", "."},
	{"/a/b/c", "../../../../x"}, {"/a", "http://h.test/x/../y?z#f"}, {"/a/b", "//h.test"}, {"/a/b", "//h.test/p/./q/.."},
	{"/a/b", "HTTPS://h.test/"}, {"/a/b", "ftp://h.test/x"}, {"/a/b", "mailto:x@y"}, {"/a/b", "#top"}, {"/a/b", ""},
	{"/a//b///c", "d//e/"}, {strings.Repeat("/s", 70), "t"}, {strings.Repeat("/s", 70), strings.Repeat("../", 10) + "u"},
	{"/a", strings.Repeat("x/", 80) + strings.Repeat("../", 20)}, {"/a/b", "/abs/./z/..."}, {"/a/b", "c:d"},
}

// TestResolvedKeyMatchesRef: the key stack gives the keys of the segments
// hashed at the end.
func TestResolvedKeyMatchesRef(t *testing.T) {
	for _, c := range resolvedKeySeeds {
		got, ok := resolvedKey(c.base, c.href)
		want, wantOK := resolvedKeyRef(c.base, c.href)
		if got != want || ok != wantOK {
			t.Errorf("resolvedKey(%q, %q) = %x, %v; want %x, %v", c.base, c.href, got, ok, want, wantOK)
		}
	}
}

func FuzzResolvedKeyMatchesRef(f *testing.F) {
	for _, c := range resolvedKeySeeds {
		f.Add(c.base, c.href)
	}
	f.Fuzz(func(t *testing.T, base, href string) {
		got, ok := resolvedKey(base, href)
		want, wantOK := resolvedKeyRef(base, href)
		if got != want || ok != wantOK {
			t.Fatalf("resolvedKey(%q, %q) = %x, %v; want %x, %v", base, href, got, ok, want, wantOK)
		}
	})
}

var linkContextPages = []string{
	`<html><body><nav><a href="home.html">Home</a></nav><ul class="toc"><li class="l1"><a href="ch1.html">1. One</a><ul><li class="l2"><a href="s11.html">1.1</a></li></ul></li></ul>
	<p>See <a class="ref" href="s11.html#x">the section</a> and <a href=" ../up/s12.html ">another</a><a href="?q=1">q</a></p>
	<dl><dt><a href="t.html"><span>t</span></a></dt><dd><ul><li><b><a href="u.html">u</a></b></li></ul></dd></dl></body></html>`,
	`<a href="x"><!-- c --></a><span><a href="y">y</a></span><script><a href="s">s</a></script><p><a href="z"><em><a href="w">w</a></em></a></p>`,
	`<p><a href="x.html">x</a></p>` + strings.Repeat("<div>", 300) + `<a href="deep.html">d</a><span><a href="deeper.html">e</a></span>`,
	`<header><a href="//h.test/a/./b">b</a><a href="http://h.test/a/../c?x">c</a><a href="mailto:x">m</a></header><aside><a href="#f">f</a></aside>`,
}

// TestLinkContextsMatchRef: the walk gives the contexts of the walk of
// every element with children.
func TestLinkContextsMatchRef(t *testing.T) {
	for _, src := range linkContextPages {
		for _, page := range []string{"http://h.test/d/e/index.html", "http://h.test", "x"} {
			checkContextsMatchRef(t, src, page)
		}
	}
	files, _ := filepath.Glob("testdata/pages/*/*.html")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkContextsMatchRef(t, string(b), "http://docs.test/dir/page.html")
	}
}

func FuzzLinkContextsMatchRef(f *testing.F) {
	for _, src := range linkContextPages {
		f.Add(src, "http://h.test/d/e/index.html")
	}
	f.Fuzz(func(t *testing.T, src, page string) { checkContextsMatchRef(t, src, page) })
}

func checkContextsMatchRef(t *testing.T, src, page string) {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return
	}
	checkContextsDocMatchRef(t, doc, page)
}

func checkContextsDocMatchRef(t *testing.T, doc *html.Node, page string) {
	t.Helper()
	got := measureLinkContexts(doc, page, 0).m
	if want := measureLinkContextsRef(doc, page); !maps.Equal(got, want) {
		t.Fatalf("page %s: %d contexts, the reference walk %d (or they differ)", page, len(got), len(want))
	}
}
