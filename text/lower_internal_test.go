package text

import "testing"

// FuzzLowerInto checks lowerInto (ASCII a byte at a time) against
// lowering every rune (lowerRunes), invalid UTF-8 included.
func FuzzLowerInto(f *testing.F) {
	for _, s := range []string{"", "Don’t", "ÉCOLE école", "ABC\xffDEF", "İSTANBUL", "KELVIN\u212A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := lowerInto([]byte("x"), s), lowerRunes([]byte("x"), s); string(got) != string(want) {
			t.Fatalf("lowerInto(%q) = %q, want %q", s, got, want)
		}
	})
}
