package evalrec_test

import (
	"testing"

	"github.com/crawl-project/crawl/extraction/internal/evalrec"
)

func TestKey(t *testing.T) {
	tests := []struct {
		row  []string
		want string
	}{
		{[]string{"Short", "  The  Longest\nfield… "}, "the longest field"},
		{[]string{`" ""Quoted`, "x"}, "quoted"},
		{[]string{"canâ€™t stop", "ok"}, "can’t stop"},
		{[]string{"", " "}, ""},
	}
	for _, tt := range tests {
		if got := evalrec.Key(tt.row); got != tt.want {
			t.Errorf("Key(%q) = %q, want %q", tt.row, got, tt.want)
		}
	}
}

func TestUnmojibake(t *testing.T) {
	for in, want := range map[string]string{
		"café":           "café", // Latin-1 text that is not double-encoded stays
		"cafÃ©":          "café",
		"â€˜strangerâ€™": "‘stranger’",
		"plain":          "plain",
		"日本":             "日本",
	} {
		if got := evalrec.Unmojibake(in); got != want {
			t.Errorf("Unmojibake(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestScore(t *testing.T) {
	truth := [][]string{{"Alpha title", "a"}, {"Beta title"}, {"Gamma"}, {""}}
	tests := []struct {
		name      string
		extracted []string
		matched   int
	}{
		{"all", []string{"alpha title 1", "beta title 2", "gamma 3"}, 3},
		{"one record cannot match twice", []string{"alpha title beta title gamma"}, 1},
		{"augmenting path", []string{"alpha title beta title", "alpha title"}, 2},
		{"white space ignored", []string{"alphatitle", "beta  title"}, 2},
		{"none", []string{"delta"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, n := evalrec.Score(truth, tt.extracted)
			if m != tt.matched || n != 3 {
				t.Errorf("Score = %d of %d, want %d of 3", m, n, tt.matched)
			}
		})
	}
}

func TestHalf(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range []string{"a.com", "b.com", "c.com", "d.com", "e.com", "f.com"} {
		h := evalrec.Half(s)
		if h != evalrec.Half(s) || (h != "tune" && h != "report") {
			t.Fatalf("Half(%q) = %q", s, h)
		}
		seen[h] = true
	}
	if len(seen) != 2 {
		t.Errorf("six sites all in one half: %v", seen)
	}
}
