package docsubset_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/internal/docsubset"
)

func TestRead(t *testing.T) {
	tests := []struct {
		name  string
		pages int
		has   string // a page the subset holds
		title string // a word of every page's <title> (or its end)
	}{
		{docsubset.PostgreSQL15, 147, "sql-createtable.html", "PostgreSQL"},
		{docsubset.Python311, 59, "library/asyncio-future.html", "Python"},
		{docsubset.Docs, 8, "python-library-socket.html", "</title>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages, err := docsubset.Read(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) != tt.pages {
				t.Errorf("Read(%q): %d pages, want %d", tt.name, len(pages), tt.pages)
			}
			seen := map[string]bool{}
			for _, p := range pages {
				if seen[p.Path] || strings.HasPrefix(p.Path, "./") || !strings.HasSuffix(p.Path, ".html") {
					t.Errorf("Read(%q): path %q repeated or not a site path", tt.name, p.Path)
				}
				seen[p.Path] = true
				if !bytes.Contains(p.Body, []byte("<title>")) || !bytes.Contains(p.Body, []byte(tt.title)) {
					t.Errorf("Read(%q): %s has no <title> or no %q: %.60q", tt.name, p.Path, tt.title, p.Body)
				}
			}
			if !seen[tt.has] {
				t.Errorf("Read(%q) lacks %s", tt.name, tt.has)
			}
		})
	}
}

func TestReadUnknown(t *testing.T) {
	if _, err := docsubset.Read("octave"); err == nil || !strings.Contains(err.Error(), `"octave"`) {
		t.Errorf(`Read("octave") = %v, want an error naming it`, err)
	}
}
