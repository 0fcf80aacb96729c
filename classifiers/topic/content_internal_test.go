package topic

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/internal/docsubset"
	"github.com/crawl-project/crawl/internal/relpath"
	"github.com/crawl-project/crawl/text"
)

// realDocs parses the pages of testdata/html and three of
// internal/docsubset's Docs.
func realDocs(t testing.TB) []*html.Node {
	t.Helper()
	files, _ := filepath.Glob("testdata/html/*.html")
	var raws [][]byte
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, raw)
	}
	pages, err := docsubset.Read(docsubset.Docs)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		switch p.Path {
		case "postgresql-functions-info.html", "python-library-asyncio-task.html", "python-library-socket.html":
			raws = append(raws, p.Body)
		}
	}
	var docs []*html.Node
	for _, raw := range raws {
		doc, err := html.Parse(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	if len(docs) != len(files)+3 || len(docs) < 5 {
		t.Fatalf("want the real pages of testdata/html and three of docsubset's Docs, got %d", len(docs))
	}
	return docs
}

// nodeTextRef is the text under n, at most about limit bytes: what
// linkContexts read before collapsedText.
func nodeTextRef(n *html.Node, limit int) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if b.Len() >= limit {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// TestCollapsedTextMatchesReference checks collapsedText against
// strings.Join(strings.Fields(nodeTextRef)) on every element of real pages
// at the two limits linkContexts uses, and on white-space edge cases.
func TestCollapsedTextMatchesReference(t *testing.T) {
	docs := realDocs(t)
	edge, err := html.Parse(strings.NewReader("<p> a\u00a0b\u2003c <b>d</b>e\u0085f\t\v\fg <i> </i>\u3000</p><p>\xff x</p>"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range append(docs, edge) {
		for e := range d.Descendants() {
			if e.Type != html.ElementNode {
				continue
			}
			for _, limit := range []int{maxContext, 4 * maxContext} {
				n++
				if got, want := collapsedText(e, limit), strings.Join(strings.Fields(nodeTextRef(e, limit)), " "); got != want {
					t.Fatalf("collapsedText(<%s>, %d) = %q, want %q", e.Data, limit, got, want)
				}
			}
		}
	}
	t.Logf("%d elements × limits compared", n)
}

// TestNoiseValueMatchesReference checks noiseValue against lowering the
// value and splitting it at every rune that is not an ASCII letter or
// digit, on every class, id and role of real pages and on edge cases.
func TestNoiseValueMatchesReference(t *testing.T) {
	ref := func(v string) bool {
		for _, w := range strings.FieldsFunc(strings.ToLower(v), notAlnum) {
			if isNoiseWord(w) {
				return true
			}
		}
		return false
	}
	values := []string{"NAV", "site-Footer", "footballers", "x_menu_y", "Navigation2", "\u212Aomment", "menü", "İnav",
		"verylongwordthatislongerthansixteen-menu", "sidebar", "SideBar-left", "", "--", "tags1", "more"}
	for _, d := range realDocs(t) {
		for e := range d.Descendants() {
			for _, a := range e.Attr {
				if a.Key == "class" || a.Key == "id" || a.Key == "role" {
					values = append(values, a.Val)
				}
			}
		}
	}
	noisy := 0
	for _, v := range values {
		got, want := noiseValue(v), ref(v)
		if got != want {
			t.Errorf("noiseValue(%q) = %v, reference %v", v, got, want)
		}
		if got {
			noisy++
		}
	}
	if noisy < 5 {
		t.Errorf("only %d of %d values noisy: the cases did not run", noisy, len(values))
	}
}

// TestHrefResolverMatchesParse checks hrefResolver against base.Parse and
// String without the fragment, for every href of real pages and for edge
// cases, against bases with and without a directory, query, dot segments
// and escapes.
func TestHrefResolverMatchesParse(t *testing.T) {
	hrefs := []string{"a.html", "a.html#x", "#x", "", "dir/b.html", "dir/", "./a.html", "../a.html", "a/../b.html",
		"a//b.html", "/abs.html", "//host/x", "http://other/x#y", "a b.html", "a%20b.html", "é.html", "a.html?q=1",
		"mailto:x@y", "javascript:void(0)", "a:b.html", "~user/x", ".hidden", "..x", "x..", "a/.", "a/..", "\x7f",
		"http://h", "https://h/", "https://h.org/a/b.html#x", "https://h/a/./b", "https://h/a/../b", "https://h/a/..", "https://h/.",
		"https://h//x", "https://H/x", "HTTPS://h/x", "https://h:80/x", "https://h/x?q", "https://h/x#%zz", "https://h/x#a%20b",
		"https://h/a%2Fb", "https://u@h/x", "https://-h-/x", "https://h./x", "https:///x", "https://h/x y", "https://h/a~b/c_d-e.f"}
	for _, d := range realDocs(t) {
		for n := range d.Descendants() {
			if n.Type == html.ElementNode && n.DataAtom == atom.A {
				if h := hrefOf(n); h != "" {
					hrefs = append(hrefs, h)
				}
			}
		}
	}
	fast, frags := 0, 0
	for _, base := range []string{"https://docs.python.org/3/library/os.html", "http://h:8080/a/./b/c.html?x=1#f",
		"http://h", "http://h/my%20dir/p.html", "http://h/dir/", "http://u@h/%7Edir/x",
		"http://127.0.0.1:8813/library/asyncio.html", "http://h?q=1", "https://h:8/a/b?c=d#e"} {
		b, err := url.Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		r := newHrefResolver(b)
		for _, h := range hrefs {
			want := ""
			if u, err := b.Parse(h); err == nil {
				u.Fragment = ""
				want = u.String()
			}
			if got := r.resolve(h); got != want {
				t.Errorf("resolve(%q) against %s = %q, want %q", h, base, got, want)
			}
			if got, ok := r.fragment(h); ok && got != want {
				t.Errorf("fragment(%q) against %s = %q, want %q", h, base, got, want)
			} else if ok {
				frags++
			}
			if p, _, _ := strings.Cut(h, "#"); relpath.Plain(p) {
				fast++
			}
		}
	}
	if fast < len(hrefs) {
		t.Errorf("only %d of %d hrefs took the fast path: the real pages did not run", fast, 9*len(hrefs))
	}
	if frags == 0 {
		t.Error("no href was taken as a plain fragment")
	}
}

// TestNonSpaceRunesMatchesReference checks text.NonSpaceRunes against counting
// the runes of a range loop that unicode.IsSpace rejects, on every text
// node of real pages and on edge cases.
func TestNonSpaceRunesMatchesReference(t *testing.T) {
	texts := []string{"", " ", "a b", "\u00a0x\u0085y\u2003", "\xff\xfe a", "é è\t\n\v\f\r", "日本 語"}
	for _, d := range realDocs(t) {
		for n := range d.Descendants() {
			if n.Type == html.TextNode {
				texts = append(texts, n.Data)
			}
		}
	}
	for _, s := range texts {
		want := 0
		for _, r := range s {
			if !unicode.IsSpace(r) {
				want++
			}
		}
		if got := text.NonSpaceRunes(s); got != want {
			t.Errorf("text.NonSpaceRunes(%q) = %d, want %d", s, got, want)
		}
	}
}
