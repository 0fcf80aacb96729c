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

func BenchmarkNonSpaceRunes(b *testing.B) {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog.\n\t", 100)
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		text.NonSpaceRunes(s)
	}
}
