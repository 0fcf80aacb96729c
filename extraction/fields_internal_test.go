package extraction

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FuzzCollapse holds collapse, collapseCopy and collapseBytes to strings.Fields joined by
// one space, and firstField to the first of strings.Fields, on any bytes
// (invalid UTF-8, NBSP, U+0085 included).
func FuzzCollapse(f *testing.F) {
	for _, s := range []string{"", " ", "a", " a  b ", "a\u00a0b", "\x85a\xffb \u0085c", "\t\n x\r\vy\f", "os. abort (", "héllo  wörld",
		"ab\u2003cd", "x\xffy z", "¶", " ¶ a\u00a0", "abc\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fields := strings.Fields(s)
		want := strings.Join(fields, " ")
		if got := collapse(s); got != want {
			t.Fatalf("collapse(%q) = %q, want %q", s, got, want)
		}
		if got := collapseCopy(s); got != want {
			t.Fatalf("collapseCopy(%q) = %q, want %q", s, got, want)
		}
		if got := string(collapseBytes([]byte(s))); got != want {
			t.Fatalf("collapseBytes(%q) = %q, want %q", s, got, want)
		}
		first := ""
		if len(fields) > 0 {
			first = fields[0]
		}
		if got := firstField(s); got != first {
			t.Fatalf("firstField(%q) = %q, want %q", s, got, first)
		}
	})
}

// FuzzBlankValue holds blankValue to strings.TrimSpace.
func FuzzBlankValue(f *testing.F) {
	for _, s := range []string{"", " ", "#", " #x", "\u00a0", "\u00a0x", "\xff", "\t\n", "index.html"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if got, want := blankValue(v), strings.TrimSpace(v) == ""; got != want {
			t.Fatalf("blankValue(%q) = %v, want %v", v, got, want)
		}
	})
}

// FuzzSegmentName holds segmentName to its plain definition (the first
// class token of strings.Fields, digits removed, "-_" trimmed).
func FuzzSegmentName(f *testing.F) {
	for _, s := range []string{"", " ", "pre", "reference internal", "item-123", "-x_", "_", "9", "a9-", "\u00a0x y", "é-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, class string) {
		n := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div, Attr: []html.Attribute{{Key: "class", Val: class}}}
		want := "div"
		if cls := strings.Fields(strings.TrimSpace(class)); len(cls) > 0 {
			c := strings.Trim(strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, cls[0]), "-_")
			if c != "" {
				want = "div." + c
			}
		}
		if got := segmentName(n); got != want {
			t.Fatalf("segmentName(class %q) = %q, want %q", class, got, want)
		}
	})
}
