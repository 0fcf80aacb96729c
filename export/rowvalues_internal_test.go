package export

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// joinRef is what a records row's column holds: the values of its fields
// in order, " | " between them, an empty value adding no separator before
// the next (the rule of a strings.Builder that writes the separator only
// after something).
func joinRef(fields []crawl.Field, at map[string]int, cols int) []string {
	out := make([]strings.Builder, cols)
	for _, f := range fields {
		i, ok := at[f.Name]
		if !ok {
			if i, ok = at[extraction.Other]; !ok {
				continue
			}
		}
		if out[i].Len() > 0 {
			out[i].WriteString(" | ")
		}
		out[i].WriteString(f.Value)
	}
	s := make([]string, cols)
	for i := range out {
		s[i] = out[i].String()
	}
	return s
}

func TestRowValues(t *testing.T) {
	at := map[string]int{"title": 0, "link": 1, extraction.Other: 2}
	f := func(kv ...string) []crawl.Field {
		var fs []crawl.Field
		for i := 0; i < len(kv); i += 2 {
			fs = append(fs, crawl.Field{Name: kv[i], Value: kv[i+1]})
		}
		return fs
	}
	cases := []struct {
		name   string
		fields []crawl.Field
		want   []string
	}{
		{"one each", f("title", "T", "link", "L"), []string{"T", "L", ""}},
		{"repeat", f("title", "a", "title", "b", "title", "c"), []string{"a | b | c", "", ""}},
		{"unknown to other", f("date", "d", "price", "p", "title", "t"), []string{"t", "", "d | p"}},
		{"empty first", f("title", "", "title", "x"), []string{"x", "", ""}},
		{"empty between", f("title", "a", "title", "", "title", "b"), []string{"a |  | b", "", ""}},
		{"empty last", f("title", "a", "title", ""), []string{"a | ", "", ""}},
		{"none", nil, []string{"", "", ""}},
	}
	r := newRowBuf(3)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rowValues(c.fields, at, r)
			if !slices.Equal(r.vals, c.want) {
				t.Errorf("rowValues(%v) = %q, want %q", c.fields, r.vals, c.want)
			}
			if ref := joinRef(c.fields, at, 3); !slices.Equal(r.vals, ref) {
				t.Errorf("rowValues(%v) = %q, the builder rule gives %q", c.fields, r.vals, ref)
			}
		})
	}
}

// TestRowValuesLinear checks that a row with many fields of one column
// (a page's sparse fields all in Other) is joined in one buffer: the
// allocations do not grow with the fields (joining by concatenation made
// one string per field, quadratic in bytes copied).
func TestRowValuesLinear(t *testing.T) {
	at := map[string]int{"title": 0, extraction.Other: 1}
	r := newRowBuf(2)
	for _, n := range []int{10, 1000} {
		var fs []crawl.Field
		for i := range n {
			fs = append(fs, crawl.Field{Name: fmt.Sprintf("f%d", i), Value: "some value of a sparse field"})
		}
		rowValues(fs, at, r) // grows the buffer once
		allocs := testing.AllocsPerRun(20, func() { rowValues(fs, at, r) })
		if allocs > 1 {
			t.Errorf("rowValues with %d fields in one column: %.0f allocations, want at most 1", n, allocs)
		}
		if want := joinRef(fs, at, 2); !slices.Equal(r.vals, want) {
			t.Errorf("rowValues with %d fields differs from the builder rule", n)
		}
	}
}
