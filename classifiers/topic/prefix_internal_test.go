package topic

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestCutText(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"helloworld", 5, "hello"}, // word: true below
	}
	for _, tt := range tests {
		if got := cutText(tt.s, tt.n, false); got != "" {
			t.Errorf("cutText(%q, %d, false) = %q, want \"\"", tt.s, tt.n, got)
		}
	}
	tests = []struct {
		s    string
		n    int
		want string
	}{
		{"hello world", 20, "hello world"},
		{"hello world", 0, "hello world"},
		{"hello world", -1, "hello world"},
		{"hello world", 11, "hello world"},
		{"hello world", 8, "hello"},
		{"hello  \n world", 9, "hello"},
		{"hello world", 6, "hello"},
		{"helloworld", 5, "hello"},
		{"héllo", 2, "h"}, // é is two bytes: not cut in half
		{" hello", 3, " he"},
	}
	for _, tt := range tests {
		if got := cutText(tt.s, tt.n, true); got != tt.want {
			t.Errorf("cutText(%q, %d, true) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

// TestContentPrefix: on real pages, the content read with a limit is at
// most limit bytes, its words are the first words of the whole content
// (ExtractContent) when both make the same hub-like decision, and it is
// the whole content's words when the limit exceeds it; a negative limit
// is ExtractContent's text.
func TestContentPrefix(t *testing.T) {
	m, err := newModel(Config{})
	if err != nil {
		t.Fatal(err)
	}
	cut := 0
	for i, doc := range realDocs(t) {
		full := ExtractContent(doc)
		if got := contentPrefix(doc, "", -1); got != full.Text {
			t.Fatalf("page %d: contentPrefix(-1) is not ExtractContent's text", i)
		}
		all := m.scan.Tokens(full.Text)
		for _, limit := range []int{100, 1000, DefaultContentBytes, len(full.Text) + 1} {
			got := contentPrefix(doc, "", limit)
			if len(got) > limit {
				t.Errorf("page %d, limit %d: %d bytes", i, limit, len(got))
			}
			words := m.scan.Tokens(got)
			if limit > len(full.Text) {
				if !slices.Equal(words, all) {
					t.Errorf("page %d: limit above the content: %d words, want its %d", i, len(words), len(all))
				}
				continue
			}
			if full.Hub || len(words) == 0 || words[0] != all[0] {
				continue // a hub-like start of a mostly text page, or the reverse
			}
			cut++
			if !slices.Equal(words, all[:len(words)]) {
				t.Errorf("page %d, limit %d: words %.100q are not the content's first %.100q", i, limit, strings.Join(words, " "), strings.Join(all, " "))
			}
			if len(got) < limit/2 {
				t.Errorf("page %d, limit %d: only %d bytes of %d", i, limit, len(got), len(full.Text))
			}
		}
	}
	if cut == 0 {
		t.Fatal("no page was cut")
	}
}

// TestContentPrefixHub: the hub-like test is made on what was walked: a
// page that starts with a list of links and goes on with long text reads
// as its anchor texts under a small limit and as its text under none.
func TestContentPrefixHub(t *testing.T) {
	var b strings.Builder
	b.WriteString("<html><body><ul>")
	for i := range 40 {
		b.WriteString(`<li><a href="/p` + strings.Repeat("x", i%3) + `">chapter link</a></li>`)
	}
	b.WriteString("</ul>")
	for range 200 {
		b.WriteString("<p>plain words of a long article body</p>")
	}
	b.WriteString("</body></html>")
	doc, err := html.Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := contentPrefix(doc, "", 300); !strings.HasPrefix(got, "chapter link chapter link") || strings.Contains(got, "plain") {
		t.Errorf("limit 300: %.80q, want the anchor texts", got)
	}
	if got := contentPrefix(doc, "", -1); !strings.HasPrefix(strings.TrimSpace(got), "plain words") {
		t.Errorf("whole content: %.80q, want the text", got)
	}
	if got := contentPrefix(nil, "plain words of text", 12); got != "plain words" {
		t.Errorf("no doc: %q, want %q", got, "plain words")
	}
}
