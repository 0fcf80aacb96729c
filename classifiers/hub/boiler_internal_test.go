package hub

import (
	"strings"
	"testing"
	"unicode"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
)

// boilerClassRef is the class/id rule of boilerplateElement written out
// plainly: split at spaces, '-' and '_', any word that starts or ends
// with a boiler word, ASCII case ignored.
func boilerClassRef(v string) bool {
	for _, tok := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '-' || r == '_' }) {
		for _, w := range boilerWords {
			if len(tok) >= len(w) && (strings.EqualFold(tok[:len(w)], w) && isASCII(tok[:len(w)]) ||
				strings.EqualFold(tok[len(tok)-len(w):], w) && isASCII(tok[len(tok)-len(w):])) {
				return true
			}
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestBoilerplateClass checks the class and id rule against the plain
// reference on edge cases, with each value as a class and as an id of a
// <div>.
func TestBoilerplateClass(t *testing.T) {
	values := []string{"", "nav", "NAV", "navheader", "sphinxsidebar", "canvas", "sidebar-left", "x_menu_y",
		"menus", "main-menu", "related", "unrelated", "footer ", " -_ ", "héader", "Header2", "breadcrumbs",
		"bodywrapper", "document", "highlight-python3 notranslate", "a\tnav", "\u212Aeader", "prevnext",
		"toctree-wrapper compound", "section", "sig sig-object py", "r", "v", "NaV", "x-FOOTER",
		"reference internal", "rel", "REL-x", "headerlink", "xav", "--nav--", "a__b", "relatex", "\x0eav", "n\xa1v"}
	for _, v := range values {
		want := boilerClassRef(v)
		for _, key := range []string{"class", "id"} {
			n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: key, Val: v}}}
			if got := boilerplateElement(n); got != want {
				t.Errorf("boilerplateElement(<div %s=%q>) = %v, want %v", key, v, got, want)
			}
		}
	}
}

// FuzzBoilerplateClass checks the class rule against the reference on
// any value.
func FuzzBoilerplateClass(f *testing.F) {
	for _, v := range []string{"nav", "sphinxsidebar", "canvas", "x-FOOTER", "héader"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "class", Val: v}}}
		if got, want := boilerplateElement(n), boilerClassRef(v); got != want {
			t.Fatalf("boilerplateElement(<div class=%q>) = %v, want %v", v, got, want)
		}
	})
}

// TestIsSpaceRuneIsUnicodeSpace checks, over every rune, that isSpaceRune
// is unicode.IsSpace, the white space of text.NonSpaceRunes and
// text.HasNonSpace that the evidence counts with.
func TestIsSpaceRuneIsUnicodeSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if isSpaceRune(r) != unicode.IsSpace(r) {
			t.Fatalf("isSpaceRune(%U) = %v, unicode.IsSpace %v", r, isSpaceRune(r), unicode.IsSpace(r))
		}
	}
}

// FuzzTextCounts checks the test of white-space text and textCounts
// against the functions they stand for: strings.TrimFunc,
// text.NonSpaceRunes, unicode.IsLetter over the non-space runes, and
// countWords.
func FuzzTextCounts(f *testing.F) {
	for _, s := range []string{"", "a b", " \t\n\r\f\v", "a\u0085b\u00a0c\u3000d\u2009", "\xff\xfe x", "日本語 テキスト", "1. Foo", "(x) 2", " \n", "\t\u00a0", "\n\n\n\n", "\n\n \n\n", "a9_Z@", "\x85"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := !text.HasNonSpace(s), strings.TrimFunc(s, isSpaceRune) == ""; got != want {
			t.Fatalf("!text.HasNonSpace(%q) = %v, want %v", s, got, want)
		}
		letters := false
		for _, r := range s {
			letters = letters || !isSpaceRune(r) && unicode.IsLetter(r)
		}
		if got, want := shortBlank(s), len(s) >= 1 && len(s) <= 4 && strings.Trim(s, " \t\n\r\f\v") == ""; got != want {
			t.Fatalf("shortBlank(%q) = %v, want %v", s, got, want)
		}
		r, l, w := textCounts(s)
		if r != text.NonSpaceRunes(s) || l != letters || w != countWords(s) {
			t.Fatalf("textCounts(%q) = %d, %v, %d, want %d, %v, %d", s, r, l, w, text.NonSpaceRunes(s), letters, countWords(s))
		}
		for _, most := range []int{-1, 0, 1, 2, r - 1, r, r + 1} {
			mr, ml, mw := textCountsUpTo(s, most)
			if r <= most && (mr != r || ml != l || mw != w) || r > most && mr <= most {
				t.Fatalf("textCountsUpTo(%q, %d) = %d, %v, %d; textCounts: %d, %v, %d", s, most, mr, ml, mw, r, l, w)
			}
			for _, wm := range []int{-1, 0, 1, 2, w - 1, w} {
				for _, rl := range []int{-1, 0, 4, r - 1, r} {
					ur, ul, uw := textCountsUntil(s, most, wm, rl)
					switch {
					case r <= most && !(w > wm && r > rl): // never stopped
						if ur != r || ul != l || uw != w {
							t.Fatalf("textCountsUntil(%q, %d, %d, %d) = %d, %v, %d; textCounts: %d, %v, %d", s, most, wm, rl, ur, ul, uw, r, l, w)
						}
					case !(ur > most || uw > wm && ur > rl) || ur > r || uw > w || ul && !l:
						t.Fatalf("textCountsUntil(%q, %d, %d, %d) = %d, %v, %d: not stopped where it may; textCounts: %d, %v, %d", s, most, wm, rl, ur, ul, uw, r, l, w)
					}
				}
			}
		}
	})
}

// endsWithSegment reports whether path ends with "/"+seg, without
// building that string (ownSegment's reference).
func endsWithSegment(path, seg string) bool {
	k := len(path) - len(seg)
	return k > 0 && path[k-1] == '/' && path[k:] == seg
}

// FuzzPathHelpers checks indexSchemeSep, indexAnyOf and endsWithSegment against the
// strings functions they stand for, and ownSegment against
// endsWithSegment of the last segment, on a page whose path ends with seg.
func FuzzPathHelpers(f *testing.F) {
	for _, s := range [][2]string{{"library/os.html#os.fspath", "os.html"}, {"/a/b.html", "b.html"}, {"b.html", "b.html"}, {"?x#y", ""}, {"a/b.html", "ab.html"}, {"x", ""}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, s, seg string) {
		if got, want := indexSchemeSep(s), strings.Index(s, "://"); got != want {
			t.Fatalf("indexSchemeSep(%q) = %d, want %d", s, got, want)
		}
		for _, chars := range []string{"?#", "/?#"} {
			if got, want := indexAnyOf(s, chars), strings.IndexAny(s, chars); got != want {
				t.Fatalf("indexAnyOf(%q, %q) = %d, want %d", s, chars, got, want)
			}
		}
		if got, want := endsWithSegment(s, seg), strings.HasSuffix(s, "/"+seg); got != want {
			t.Fatalf("endsWithSegment(%q, %q) = %v, want %v", s, seg, got, want)
		}
		for _, page := range []string{"http://docs.test/" + seg, "http://docs.test/a/" + seg, "http://docs.test"} {
			if f := newLeadFinder(page); f.page != nil && s != "" && s[len(s)-1] != '/' {
				if got, want := f.ownSegment(s), endsWithSegment(f.page.Path, lastSegment(s)); got != want {
					t.Fatalf("ownSegment(%q) on %q = %v, want %v", s, f.page.Path, got, want)
				}
			}
		}
	})
}
