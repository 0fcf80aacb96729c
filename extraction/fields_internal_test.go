package extraction

import (
	"strings"
	"testing"
)

// FuzzCollapse holds collapse and collapseCopy to strings.Fields joined by
// one space, and firstField to the first of strings.Fields, on any bytes
// (invalid UTF-8, NBSP, U+0085 included).
func FuzzCollapse(f *testing.F) {
	for _, s := range []string{"", " ", "a", " a  b ", "a\u00a0b", "\x85a\xffb \u0085c", "\t\n x\r\vy\f", "os. abort (", "héllo  wörld"} {
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
		first := ""
		if len(fields) > 0 {
			first = fields[0]
		}
		if got := firstField(s); got != first {
			t.Fatalf("firstField(%q) = %q, want %q", s, got, first)
		}
	})
}
