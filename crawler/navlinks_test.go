package crawler

import (
	"net/url"
	"os"
	"strings"
	"testing"
)

// TestNavLinksOfOcamldoc parses a page of OCaml Batteries' ocamldoc API
// docs whose body links nowhere: its out-links are its head's navigation
// <link> elements (rel=Start, Appendix, Chapter), after the body's, with
// the title attribute as anchor; the stylesheet is not one.
func TestNavLinksOfOcamldoc(t *testing.T) {
	body, err := os.ReadFile("testdata/batteries-type_Extlib.UChar.html")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse("http://docs.example/api/type_Extlib.UChar.html")
	p, err := parsePage(body, base, 3, linkRules{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, l := range p.links {
		if l.Rel == "" {
			t.Errorf("link %q has no rel, want a head link", l.URL)
		}
		if l.Depth != 4 || l.Parent != base.String() {
			t.Errorf("link %q: depth %d parent %q", l.URL, l.Depth, l.Parent)
		}
		got[strings.TrimPrefix(l.URL, "http://docs.example/api/")] = l.Rel + "|" + l.Anchor
	}
	// 1 Start, 7 Appendix, 97 Chapter links; no stylesheet.
	if len(p.links) != 105 {
		t.Errorf("%d links, want 105", len(p.links))
	}
	for path, want := range map[string]string{
		"index.html":       "start|",
		"index_types.html": "appendix|Index of types",
		"BatList.html":     "chapter|BatList",
	} {
		if got[path] != want {
			t.Errorf("link %s = %q, want %q", path, got[path], want)
		}
	}
	if _, ok := got["style.css"]; ok {
		t.Error("the stylesheet is an out-link")
	}
	if p.links[0].URL != "http://docs.example/api/index.html" {
		t.Errorf("first link %q, want index.html (document order)", p.links[0].URL)
	}
}

// TestNavLinksRules: which link types are followed, after the body's
// links and de-duplicated with them (the body's anchor kept), under the
// same cap and nofollow as the body's.
func TestNavLinksRules(t *testing.T) {
	base, _ := url.Parse("http://example.com/doc/page.html")
	page := `<html><head>
<link rel="stylesheet" href="s.css"><link rel="icon" href="f.ico"><link rel="preload" href="p.html">
<link rel="canonical" href="page.html?x"><link rel="alternate" type="application/rss+xml" href="feed.xml">
<link rel="alternate" hreflang="de" href="de.html"><link rel="search" href="search.html">
<link rel="copyright" href="copy.html"><link rel="license" href="lic.html"><link rel="edit" href="edit.html">
<link rel="manifest" href="m.json"><link rel="pingback" href="pb.html"><link rel="author" href="me.html">
<link rel="next nofollow" href="nf.html"><link rel="help" type="application/pdf" href="help.pdf">
<link rel="NEXT" title=" Next  page " href="next.html"><link rel="Prev" href="prev.html">
<link rel="contents" href="toc.html"><link rel="Index" href="genindex.html"><link rel="UP" href="../">
<link rel="glossary" href="gloss.html"><link rel="home" href="/"><link rel="prefetch next" href="n2.html">
<link rel="help" type="text/html" href="help.html"><link href="norel.html"><link rel="next" href="">
</head><body><a href="genindex.html">General index</a><a href="body.html">b</a></body></html>`
	p, err := parsePage([]byte(page), base, 0, linkRules{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range p.links {
		got = append(got, strings.TrimPrefix(l.URL, "http://example.com")+" "+l.Rel+" "+l.Anchor)
	}
	want := []string{
		"/doc/genindex.html  General index", "/doc/body.html  b",
		"/doc/next.html next Next page", "/doc/prev.html prev ", "/doc/toc.html contents ",
		"/ up ", "/doc/gloss.html glossary ", "/doc/n2.html prefetch next ", // home: "/" again
		"/doc/help.html help ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	p, _ = parsePage([]byte(page), base, 0, linkRules{max: 3})
	// Past the cap links are counted, not normalised nor de-duplicated:
	// the 8 navigation links after next.html (genindex.html and / again among them).
	if len(p.links) != 3 || p.links[2].Rel != "next" || p.capped != 8 {
		t.Errorf("max 3: %d links (third %+v), %d capped; want 3 (the third next.html), 8 capped", len(p.links), p.links[2], p.capped)
	}
	nf := strings.Replace(page, "<head>", `<head><meta name="robots" content="nofollow">`, 1)
	if p, _ = parsePage([]byte(nf), base, 0, linkRules{}); len(p.links) != 0 {
		t.Errorf("nofollow page: %d links, want 0", len(p.links))
	}
}

// BenchmarkParsePageNavLinks parses the ocamldoc page whose 105 out-links
// are all navigation <link> elements of its head.
func BenchmarkParsePageNavLinks(b *testing.B) {
	body, err := os.ReadFile("testdata/batteries-type_Extlib.UChar.html")
	if err != nil {
		b.Fatal(err)
	}
	base, _ := url.Parse("http://docs.example/api/type_Extlib.UChar.html")
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := parsePage(body, base, 3, linkRules{}); err != nil {
			b.Fatal(err)
		}
	}
}
