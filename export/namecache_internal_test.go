package export

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
)

// TestNameCacheCollisions: more names than the cache has slots, each met
// at two addresses, all find the column the map gives (Other's for the
// names without one, none for "" without Other).
func TestNameCacheCollisions(t *testing.T) {
	at := map[string]int{"other": 0}
	var names []string
	for i := range 700 {
		n := fmt.Sprintf("name_%d", i)
		names = append(names, n)
		if i%3 != 0 {
			at[n] = i + 1
		}
	}
	var c nameCache
	for round := range 3 {
		for i, n := range names {
			if round == 1 {
				n = strings.Clone(n)
			}
			want := 0
			if i%3 != 0 {
				want = i + 1
			}
			if got := c.column(at, n); got != want {
				t.Fatalf("round %d: column(%q) = %d, want %d", round, n, got, want)
			}
		}
	}
	if got := c.column(map[string]int{"a": 1}, ""); got != -1 {
		t.Errorf("column(\"\") = %d, want -1", got)
	}
}

// TestPlaceShiftedNames: rows whose names shift place from row to row, at
// one address or copied, are placed as the map alone places them.
func TestPlaceShiftedNames(t *testing.T) {
	cols := []string{"title", "link", "link_2", "summary", "other"}
	at := map[string]int{}
	for i, c := range cols {
		at[c] = i
	}
	names := []string{"title", "link", "link_2", "summary", "text_9", "other"}
	r, ref := newRowBuf(len(cols)), newRowBuf(len(cols))
	for row := range 200 {
		var fs []crawl.Field
		for j := range row % 7 {
			n := names[(row*3+j*5)%len(names)]
			if (row+j)%4 == 0 {
				n = strings.Clone(n)
			}
			fs = append(fs, crawl.Field{Name: n, Value: fmt.Sprint(row, j)})
		}
		rowValues(fs, at, r)
		ref.seen, ref.cols = nil, nameCache{} // the map alone
		rowValues(fs, at, ref)
		if fmt.Sprint(r.vals) != fmt.Sprint(ref.vals) {
			t.Fatalf("row %d: %q, want %q", row, r.vals, ref.vals)
		}
	}
}
