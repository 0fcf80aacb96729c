package topic

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestOwnWords(t *testing.T) {
	shared := strings.Fields("note that this implementation is not synchronized at all") // 10 words
	short := strings.Fields("the map is sorted by its keys")                             // 7 words: too short to count
	twice := strings.Fields("one two three four five six seven eight")                   // repeated within one page only
	a := slices.Concat(strings.Fields("hash table based"), shared, short, twice, twice, []string{"buckets"})
	b := slices.Concat(strings.Fields("resizable array"), short, shared, []string{"capacity"})
	c := strings.Fields("red black tree based implementation of the sorted map")
	own := ownWords([][]string{a, b, c})
	want := [][]string{
		slices.Concat(strings.Fields("hash table based"), short, twice, twice, []string{"buckets"}),
		slices.Concat(strings.Fields("resizable array"), short, []string{"capacity"}),
		nil, // shares no run: all its own
	}
	for k := range want {
		if !slices.Equal(own[k], want[k]) {
			t.Errorf("page %d: own words %q, want %q", k, own[k], want[k])
		}
	}
	if own := ownWords([][]string{a}); own[0] != nil {
		t.Errorf("one page: own words %q, want nil (all its own)", own[0])
	}
}

// javadocPages are the first 3,000 bytes of content of java.util pages
// (testdata/javadoc, provenance in testdata/README.md), seeds first.
func javadocPages(t *testing.T, names ...string) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		b, err := os.ReadFile("testdata/javadoc/" + n + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// TestSeedsSharedPassage: java.util's HashMap, ArrayList and TreeMap each
// carry the paragraph "Note that this implementation is not synchronized.
// If multiple threads access … fail-fast …" (with small changes), which
// few of the collections' pages have. The seeds' leave-one-out cosines
// are taken from each seed's own text, without the runs of words another
// seed holds: well under the cosines with the passage counted, while the
// centroid (every page's relevance) is the same.
func TestSeedsSharedPassage(t *testing.T) {
	names := []string{"HashMap", "ArrayList", "TreeMap"}
	texts := javadocPages(t, names...)
	var sp []SeedPage
	for k, s := range texts {
		sp = append(sp, SeedPage{URL: "http://x/java/util/" + names[k] + ".html", Text: s})
	}
	m, err := NewFromPages(Config{}, sp)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range javadocPages(t, "LinkedList", "HashSet", "Collection", "Iterator", "Optional", "Random", "Scanner", "Locale", "Timer", "UUID", "Objects", "BitSet", "Currency") {
		m.Observe(m.Vector(s))
	}
	own := m.space()
	saved := m.seedOwn
	m.seedOwn = make([]bag, len(saved)) // every word its own: the cosines with the passage counted
	all := m.space()
	m.seedOwn = saved
	if !slices.Equal(own.cval, all.cval) || !slices.Equal(own.cen, all.cen) {
		t.Fatal("the centroid depends on the seeds' own text")
	}
	t.Logf("leave-one-out cosines: own text %.3f, all words %.3f", own.loo, all.loo)
	for k := range names {
		if own.loo[k] >= all.loo[k] {
			t.Errorf("%s: own text's cosine %.3f, not under all words' %.3f", names[k], own.loo[k], all.loo[k])
		}
	}
	// ArrayList and TreeMap hold most of the passage: their cosines were
	// mostly it
	if o, a := median(own.loo), median(all.loo); o > 0.7*a {
		t.Errorf("median leave-one-out cosine %.3f with the own text, %.3f with all words: want at most 0.7×", o, a)
	}
}

// TestSeedsOwnTextUnshared: seed pages that share no run of words (three
// BBC sport reports) keep their leave-one-out cosines as before.
func TestSeedsOwnTextUnshared(t *testing.T) {
	var sp []SeedPage
	for _, n := range []string{"sport-001", "sport-002", "sport-003"} {
		b, err := os.ReadFile("testdata/bbc/" + n + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		sp = append(sp, SeedPage{URL: "http://x/" + n, Text: string(b)})
	}
	m, err := NewFromPages(Config{}, sp)
	if err != nil {
		t.Fatal(err)
	}
	for k, b := range m.seedOwn {
		if len(b.ids) != 0 {
			t.Errorf("seed %d: %d words not its own", k, len(m.seedWords[k].ids)-len(b.ids))
		}
	}
}
