package text_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/crawl-project/crawl/text"
)

// FuzzNonSpaceRunes checks NonSpaceRunes (eight bytes at a time) and
// HasNonSpace against a range loop and unicode.IsSpace, and HasNonSpace
// against strings.TrimFunc.
func FuzzNonSpaceRunes(f *testing.F) {
	for _, s := range []string{
		"", "abcdefgh", "a\tb\nc\vd\fe\rf g\x1fh\x0ei\x08", "\u00a0x\u0085y\u2003 ascii after",
		"\xff\xfe abcdefghij", " \t\n\r\f\v", "0123456789abcdef \n x\ty", "é1234567 \t", "abcdefgh\u00a0 z", "a\u0085b\u00a0c\u3000d\u2009", "日本語 テキスト",
		"a", " ", "\n", "ab", " b", "a\t", "abc", "\n  ", "ab d", "abcd ", " bcdef", "abcdef\v", "\u00a0", "é", "¶", "x¶", "a\u2003b", "\xff", "ab\xe2\x80",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := 0
		for _, r := range s {
			if !unicode.IsSpace(r) {
				want++
			}
		}
		if got := text.NonSpaceRunes(s); got != want {
			t.Fatalf("NonSpaceRunes(%q) = %d, want %d", s, got, want)
		}
		if got := text.HasNonSpace(s); got != (want > 0) || got != (strings.TrimFunc(s, unicode.IsSpace) != "") {
			t.Fatalf("HasNonSpace(%q) = %v, %d runes not space", s, got, want)
		}
	})
}

// BenchmarkNonSpaceRunesTextNodes counts pieces of text of the lengths of
// a documentation page's text nodes (most under eight bytes: "\n", ", ",
// a word; some sentences), ASCII and not.
func BenchmarkNonSpaceRunesTextNodes(b *testing.B) {
	var nodes []string
	src := "The quick brown fox ¶ jumps over the lazy dog.\n\t" + strings.Repeat("x", 80)
	for i, k := 0, 0; i < 400; i++ {
		l := []int{1, 2, 3, 1, 5, 7, 2, 12, 4, 30, 6, 3, 70}[i%13]
		k = (k + 7) % (len(src) - l)
		nodes = append(nodes, src[k:k+l])
	}
	want := 0
	for _, s := range nodes {
		for _, r := range s {
			if !unicode.IsSpace(r) {
				want++
			}
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = 0
		for _, s := range nodes {
			n += text.NonSpaceRunes(s)
		}
	}
	if n != want {
		b.Fatalf("NonSpaceRunes over the pieces = %d, want %d", n, want)
	}
}

func BenchmarkNonSpaceRunes(b *testing.B) {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog.\n\t", 100)
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		text.NonSpaceRunes(s)
	}
}
