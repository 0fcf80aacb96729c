package hub_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/htmldecode"
)

// TestMeasurePageMatchesReference checks the allocation-free MeasurePage
// against the straightforward walk it replaced (measureRef: children
// collected into a slice, class and id lowered and split with
// strings.FieldsFunc) on the real pages of testdata/pages.
func TestMeasurePageMatchesReference(t *testing.T) {
	files, err := filepath.Glob("testdata/pages/*/*.html")
	if err != nil || len(files) < 10 {
		t.Fatalf("want the real pages of testdata/pages, got %d (%v)", len(files), err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := htmldecode.Parse(raw, "text/html")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := hub.MeasurePage(doc), measureRef(doc); got != want {
			t.Errorf("%s: MeasurePage = %+v, reference %+v", f, got, want)
		}
	}
	for _, s := range []string{
		`<div class="NavBar">x</div><div id="x_FOOTER_y">y</div><p class="sidebar-left">z</p><p class="ab">kept</p>`,
		`<div class="canvas">c</div><div class="a  b--c">d</div><div class="Menus">m</div><div class="xmenu">n</div>`,
		"<p>a\u00a0b\u2003c\xff d\u0085e\u3000\t\v\f</p><ul><li><a href=x>é è\u200a</a></li></ul>",
	} {
		doc := parse(t, s)
		if got, want := hub.MeasurePage(doc), measureRef(doc); got != want {
			t.Errorf("%s: MeasurePage = %+v, reference %+v", s, got, want)
		}
	}
}

func measureRef(doc *html.Node) hub.Evidence {
	var e hub.Evidence
	type frame struct {
		n            *html.Node
		inLink, list bool
	}
	count := func(t string, inLink, list bool) {
		n := 0
		for _, r := range t {
			if !refSpace(r) {
				n++
			}
		}
		if inLink {
			e.Anchor += n
			if list {
				e.ListAnchor += n
			}
		} else {
			e.Text += n
		}
	}
	stack := []frame{{n: doc}}
	for seen := 0; len(stack) > 0 && seen < 200_000; seen++ {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := f.n
		switch n.Type {
		case html.TextNode:
			count(n.Data, f.inLink, f.list)
			continue
		case html.CommentNode, html.DoctypeNode:
			continue
		case html.ElementNode:
			if refBoilerplate(n) {
				continue
			}
			switch n.DataAtom {
			case atom.Li, atom.Dt, atom.Dd, atom.Td, atom.Th:
				f.list = true
			case atom.A:
				for _, a := range n.Attr {
					if a.Key == "href" {
						e.Links++
						if f.list {
							e.ListLinks++
						}
						f.inLink = true
						break
					}
				}
			}
		}
		var kids []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			kids = append(kids, c)
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, frame{n: kids[i], inLink: f.inLink, list: f.list})
		}
	}
	return e
}

func refSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0x85, 0xA0:
		return true
	}
	return r > 0xFF && strings.ContainsRune("\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000", r)
}

func refBoilerplate(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe, atom.Svg, atom.Select,
		atom.Nav, atom.Header, atom.Footer, atom.Aside, atom.Head:
		return true
	}
	for _, a := range n.Attr {
		if a.Key != "class" && a.Key != "id" {
			continue
		}
		for _, tok := range strings.FieldsFunc(strings.ToLower(a.Val), func(r rune) bool { return r == ' ' || r == '-' || r == '_' }) {
			for _, w := range []string{"nav", "menu", "sidebar", "header", "footer", "breadcrumb", "related"} {
				if strings.HasPrefix(tok, w) || strings.HasSuffix(tok, w) {
					return true
				}
			}
		}
	}
	return false
}
