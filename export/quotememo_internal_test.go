package export

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/store"
)

var memoValues = []string{"", "plain", "a,b", `say "hi"`, "line\nbreak", "cr\rx", " lead", "\tlead", "\u2003em",
	"\u00a0nbsp", `\.`, `\.x`, "\xe2\x80", "\xff", "é", "x | y", strings.Repeat("long value, ", 3000),
	strings.Repeat("w", maxCell-2), strings.Repeat("\u2003", 20000)}

// memoRows makes rows of fields from data: names from names (some copied
// to another address) or unknown, values from memoValues, cut or
// repeated; 0xff ends a row.
func memoRows(data []byte, names []string) [][]crawl.Field {
	var rows [][]crawl.Field
	var fs []crawl.Field
	for i := 0; i+1 < len(data); i += 2 {
		a, b := data[i], data[i+1]
		if a == 0xff {
			rows, fs = append(rows, fs), nil
			continue
		}
		name := names[int(a)%len(names)]
		if a&0x40 != 0 {
			name = strings.Clone(name)
		}
		if a&0x80 != 0 {
			name = fmt.Sprintf("unknown_%d", a%7)
		}
		v := memoValues[int(b)%len(memoValues)]
		switch b >> 6 {
		case 1:
			v = v[:len(v)/2]
		case 2:
			v = strings.Repeat(v+" ", int(b%5))
		}
		fs = append(fs, crawl.Field{Name: name, Value: v})
	}
	return append(rows, fs)
}

// checkQuoteMemo writes rows to two tables of different columns (the
// second with or without Other) sharing each record's quoting
// (writeQuoted, as WriteRecords does), and compares each table with
// encoding/csv's bytes of its placed values, cut cells cut.
func checkQuoteMemo(t *testing.T, rows [][]crawl.Field, withOther bool) {
	t.Helper()
	colsA := []string{"title", "link", "summary", "other"}
	colsB := []string{"summary", "title"}
	if withOther {
		colsB = append(colsB, "other")
	}
	a, b := tableID{cluster: 1}, tableID{cluster: 2}
	plan := &tablePlan{ids: []tableID{a, b}, names: map[tableID]*extraction.Naming{a: fixedNaming(colsA...), b: fixedNaming(colsB...)}}
	var gotA, gotB bytes.Buffer
	wa, wb := newCSVWriter(&gotA), newCSVWriter(&gotB)
	ta, err := newTable(wa, &a, plan)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := newTable(wb, &b, plan)
	if err != nil {
		t.Fatal(err)
	}
	var wantA, wantB strings.Builder
	wantA.WriteString(reference(t, append([]string{"page", "record"}, columnOrder(colsA, 64)...)))
	wantB.WriteString(reference(t, append([]string{"page", "record"}, columnOrder(colsB, 64)...)))
	refA, refB := newRowBuf(len(ta.vals.vals)), newRowBuf(len(tb.vals.vals))
	var quoted []uint8
	for i, fs := range rows {
		r := store.RecordRow{PageURL: fmt.Sprintf("http://a/%d", i), Index: i, Fields: fs}
		quoted = append(quoted[:0], make([]uint8, len(fs))...)
		if err := ta.writeQuoted(r, quoted); err != nil {
			t.Fatal(err)
		}
		if err := tb.writeQuoted(r, quoted); err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			ref  *rowBuf
			at   map[string]int
			want *strings.Builder
		}{{refA, ta.at, &wantA}, {refB, tb.at, &wantB}} {
			rowValues(fs, x.at, x.ref)
			cells := []string{r.PageURL, fmt.Sprint(i)}
			for _, v := range x.ref.vals {
				if len(v) > maxCell {
					v = cutCell(v)
				}
				cells = append(cells, v)
			}
			x.want.WriteString(reference(t, cells))
		}
	}
	wa.flush()
	wb.flush()
	for _, c := range []struct {
		name      string
		got, want string
	}{{"first", gotA.String(), wantA.String()}, {"second", gotB.String(), wantB.String()}} {
		if c.got != c.want {
			i := 0
			for i < min(len(c.got), len(c.want)) && c.got[i] == c.want[i] {
				i++
			}
			t.Errorf("%s table: byte %d: %.120q, want %.120q", c.name, i, c.got[max(0, i-40):], c.want[max(0, i-40):])
		}
	}
}

// TestQuoteMemo: two tables written from each record's shared quoting
// give encoding/csv's bytes, over pairs of values in one and two cells.
func TestQuoteMemo(t *testing.T) {
	var rows [][]crawl.Field
	for _, a := range memoValues {
		for _, b := range memoValues {
			rows = append(rows, []crawl.Field{{Name: "title", Value: a}, {Name: "summary", Value: b}},
				[]crawl.Field{{Name: "summary", Value: a}, {Name: "summary", Value: b}, {Name: "link", Value: a}},
				[]crawl.Field{{Name: "link", Value: b}, {Name: "title", Value: ""}, {Name: "title", Value: a}})
		}
	}
	checkQuoteMemo(t, rows, true)
	checkQuoteMemo(t, rows, false)
}

// FuzzQuoteMemo is TestQuoteMemo on rows made from the input.
func FuzzQuoteMemo(f *testing.F) {
	f.Add([]byte{0, 1, 1, 2, 0, 3, 0xff, 0, 0x50, 0x81, 6, 2, 0xc4})
	f.Add([]byte{2, 0x0f, 2, 0x10, 2, 0x0a, 0xff, 0xff, 1, 0x8d, 1, 0x4e, 3, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkQuoteMemo(t, memoRows(data, []string{"title", "link", "summary", "other"}), len(data)%2 == 0)
	})
}

// TestPageQuote: a page's URL, one string for a run of rows, is quoted by
// its own bytes whichever page came before.
func TestPageQuote(t *testing.T) {
	one := tableID{cluster: 4}
	plan := &tablePlan{ids: []tableID{one}, names: map[tableID]*extraction.Naming{one: fixedNaming("title")}}
	var got bytes.Buffer
	cw := newCSVWriter(&got)
	tb, err := newTable(cw, &one, plan)
	if err != nil {
		t.Fatal(err)
	}
	want := reference(t, []string{"page", "record", "title"})
	urls := []string{"http://a/1", "http://a/x,y", `http://a/"q"`, " http://lead", "", strings.Repeat("u", maxCell+5),
		"http://a/1", "http://a/" + strings.Repeat("v", 100)}
	for i := range 40 {
		u := urls[i/3%len(urls)]
		if i%7 == 0 {
			u = strings.Clone(u)
		}
		r := store.RecordRow{PageURL: u, Index: i, Fields: []crawl.Field{{Name: "title", Value: "t"}}}
		if err := tb.write(r); err != nil {
			t.Fatal(err)
		}
		if len(u) > maxCell {
			u = cutCell(u)
		}
		want += reference(t, []string{u, fmt.Sprint(i), "t"})
	}
	cw.flush()
	if got.String() != want {
		t.Errorf("got\n%.300q\nwant\n%.300q", got.String(), want)
	}
}
