package extraction_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// TestTableColumns checks the rules of TableColumns on made-up records:
// names by role numbered by mean place, a key gets a column when some
// page filled it (not Sparse), at most MaxColumns-1 of them (the most
// filled), the rest and sparse-only keys to Other, fields without a key
// keep their names, and the records' order does not matter.
func TestTableColumns(t *testing.T) {
	var recs [][]crawl.Field
	for i := range 40 {
		fs := []crawl.Field{
			{Value: "Entry", Key: "h2/a/text"},
			{Value: "http://a/" + fmt.Sprint(i), Key: "h2/a@href"},
			{Value: "2024-01-0" + fmt.Sprint(1+i%9), Key: "span.when/text", Date: true},
			{Value: "http://b/", Key: "p/a@href"},
			{Value: "rare", Key: "p.rare/text", Sparse: true},
			{Name: "mine", Value: "x"},
		}
		for k := range 70 { // 70 more text keys, the first 56 more filled
			if k < 56 || i%2 == 0 {
				fs = append(fs, crawl.Field{Value: "t", Key: fmt.Sprintf("ul/li[%d]/text", k)})
			}
		}
		recs = append(recs, fs)
	}
	naming := func(recs [][]crawl.Field) *extraction.Naming {
		tc := extraction.NewTableColumns()
		for _, r := range recs {
			tc.Add(r)
		}
		return tc.Naming()
	}
	n := naming(recs)
	for _, c := range []struct{ key, want string }{
		{"h2/a/text", "title"}, {"h2/a@href", "link"}, {"span.when/text", "date"}, {"p/a@href", "link_2"},
		{"p.rare/text", extraction.Other}, {"ul/li[0]/text", "text"}, {"ul/li[54]/text", "text_55"},
		{"ul/li[55]/text", extraction.Other}, {"ul/li[69]/text", extraction.Other}, {"nowhere", extraction.Other},
	} {
		if got := n.KeyName(c.key); got != c.want {
			t.Errorf("KeyName(%s) = %s, want %s", c.key, got, c.want)
		}
	}
	if got := n.Name(crawl.Field{Name: "mine"}); got != "mine" {
		t.Errorf("a field without a key named %s, want its own name", got)
	}
	cols := n.Columns()
	if len(cols) != extraction.MaxColumns+1 || !slices.Contains(cols, "mine") || !slices.Contains(cols, extraction.Other) {
		t.Errorf("%d columns %v, want the 59 keys', mine and other", len(cols), cols)
	}
	back := slices.Clone(recs)
	slices.Reverse(back)
	if b := naming(back); !reflect.DeepEqual(b.Columns(), cols) || b.KeyName("p/a@href") != "link_2" {
		t.Errorf("columns of the records backward differ:\n%v\n%v", b.Columns(), cols)
	}
}

// TestTableMinFill: a key a page filled (not Sparse) still goes to Other
// when it fills less than TableMinFill of the cluster's records, counted
// from records (Add) and from stored runs (AddRecords with AddCount) alike.
func TestTableMinFill(t *testing.T) {
	tc := extraction.NewTableColumns()
	for i := range 100 {
		fs := []crawl.Field{{Value: "Entry", Key: "h2/a/text"}}
		if i < 4 { // 4 % of the records: dense on their page, rare in the cluster
			fs = append(fs, crawl.Field{Value: "note", Key: "p.note/text"})
		}
		if i < 5 { // 5 %: kept
			fs = append(fs, crawl.Field{Value: "http://a/", Key: "p/a@href"})
		}
		tc.Add(fs)
	}
	n := tc.Naming()
	if got := n.KeyName("p.note/text"); got != extraction.Other {
		t.Errorf("a key in 4%% of the records named %s, want %s", got, extraction.Other)
	}
	if got := n.KeyName("p/a@href"); got != "link" {
		t.Errorf("a key in 5%% of the records named %s, want link", got)
	}
	// The same counts as a store keeps them: one run of 100 records.
	st := extraction.NewTableColumns()
	st.AddRecords(100)
	st.AddCount(extraction.KeyCount{Key: "h2/a/text", Records: 100})
	st.AddCount(extraction.KeyCount{Key: "p.note/text", Records: 4, Positions: 4})
	st.AddCount(extraction.KeyCount{Key: "p/a@href", Records: 5, Positions: 9})
	if s := st.Naming(); s.KeyName("p.note/text") != extraction.Other || s.KeyName("p/a@href") != "link" {
		t.Errorf("from counts: note %s, link %s; want %s and link", s.KeyName("p.note/text"), s.KeyName("p/a@href"), extraction.Other)
	}
}

// TestTableColumnsKind: a key whose fields the crawl named kind (its
// values labels, "Function:") is the table's kind column and not its
// title, also when its records are read back from a store (counts without
// values); the next title-like key is the title.
func TestTableColumnsKind(t *testing.T) {
	tc := extraction.NewTableColumns()
	tc.AddRecords(10)
	tc.AddCount(extraction.KeyCount{Name: "kind", Key: "dl/dt/span.category/text", Records: 10, Positions: 0, Length: 100})
	tc.AddCount(extraction.KeyCount{Name: "text", Key: "dl/dt/span/strong/text", Records: 10, Positions: 10, Length: 80})
	tc.AddCount(extraction.KeyCount{Name: "summary", Key: "dl/dd/p/text", Records: 10, Positions: 20, Length: 900})
	n := tc.Naming()
	for key, want := range map[string]string{"dl/dt/span.category/text": "kind", "dl/dt/span/strong/text": "title", "dl/dd/p/text": "summary"} {
		if got := n.KeyName(key); got != want {
			t.Errorf("%s: column %q, want %q", key, got, want)
		}
	}
}
