package export

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/store"
)

// reference is encoding/csv's bytes for one row.
func reference(t testing.TB, row []string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	if err := w.Write(row); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return b.String()
}

var csvRows = [][]string{
	{},
	{""},
	{"", ""},
	{"plain", "two words", "日本語"},
	{"comma,inside", `quote"inside`, "\"starts", "ends\""},
	{"line\nbreak", "carriage\rreturn", "crlf\r\n", "\n"},
	{" leading space", "\tleading tab", "\u00a0nbsp", "\u0085nel", "\u2003em space", "trailing "},
	{`\.`, `\.x`, `.\`},
	{"\xff invalid", "\xc3", "a\x00b"},
	{`""`, `"`, `a""b`},
}

func TestCSVWriterMatchesEncodingCSV(t *testing.T) {
	for _, row := range csvRows {
		var b bytes.Buffer
		w := newCSVWriter(&b)
		if err := w.rowOf(nil, row); err != nil {
			t.Fatal(err)
		}
		if err := w.flush(); err != nil {
			t.Fatal(err)
		}
		if want := reference(t, row); b.String() != want {
			t.Errorf("row %q: %q, want %q", row, b.String(), want)
		}
	}
}

func TestCSVWriterValues(t *testing.T) {
	at := time.Date(2026, 11, 25, 6, 0, 0, 5, time.UTC)
	vals := []any{"a,b", 7, int64(-3), 0.25, true, false, at, time.Time{}, []int{1}}
	var b bytes.Buffer
	w := newCSVWriter(&b)
	if err := w.row(vals); err != nil {
		t.Fatal(err)
	}
	if err := w.rowOf(vals[:2], []string{"x y", " z"}); err != nil {
		t.Fatal(err)
	}
	w.flush()
	strs := make([]string, len(vals))
	for i, v := range vals {
		strs[i] = format(v)
	}
	if want := reference(t, strs) + reference(t, []string{"a,b", "7", "x y", " z"}); b.String() != want {
		t.Errorf("rows:\n%q\nwant\n%q", b.String(), want)
	}
}

// FuzzCSVRow: any fields are written as encoding/csv writes them (a field
// longer than a spreadsheet cell as cutCell cuts it).
func FuzzCSVRow(f *testing.F) {
	for _, row := range csvRows {
		if len(row) >= 2 {
			f.Add(row[0], row[1])
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		row := []string{a, b, a + b}
		var out bytes.Buffer
		w := newCSVWriter(&out)
		if err := w.rowOf([]any{a}, row); err != nil {
			t.Fatal(err)
		}
		w.flush()
		want := append([]string{a}, row...)
		for i, s := range want {
			if len(s) > maxCell {
				want[i] = cutCell(s)
			}
		}
		if want := reference(t, want); out.String() != want {
			t.Fatalf("%q, want %q", out.String(), want)
		}
	})
}

// TestCSVWriterLarge: rows past the buffer are written whole, in order.
func TestCSVWriterLarge(t *testing.T) {
	var b bytes.Buffer
	w := newCSVWriter(&b)
	var want strings.Builder
	for i := range 5000 {
		row := []string{strings.Repeat("x", i%300), "q\"uote", "n\nl"}
		if err := w.rowOf(nil, row); err != nil {
			t.Fatal(err)
		}
		want.WriteString(reference(t, row))
	}
	if err := w.flush(); err != nil {
		t.Fatal(err)
	}
	if b.String() != want.String() {
		t.Errorf("%d bytes written, want %d as encoding/csv", b.Len(), want.Len())
	}
}

// TestRecordRowCSV: a records row written straight from the placed
// columns (table.write's CSV path) is encoding/csv's row of rowValues.
func TestRecordRowCSV(t *testing.T) {
	cols := []string{"title", "link", "summary", "summary_2", "price"}
	one := tableID{cluster: 4}
	plan := &tablePlan{ids: []tableID{one}, names: map[tableID]*extraction.Naming{one: fixedNaming(cols...)}}
	f := func(kv ...string) []crawl.Field {
		var fs []crawl.Field
		for i := 0; i < len(kv); i += 2 {
			fs = append(fs, crawl.Field{Name: kv[i], Value: kv[i+1]})
		}
		return fs
	}
	rows := [][]crawl.Field{
		f("title", "T", "link", "http://a/,b"),
		f("summary", "a", "summary", "", "summary", "\"q\""),
		f("price", " 3", "unknown", "u", "title", ""),
		nil,
		f("summary_2", "x\ny", "summary_2", "z"),
		f("title", "again"),
	}
	for _, cluster := range []int64{-1, 4} {
		var got bytes.Buffer
		cw := newCSVWriter(&got)
		id := &one
		if cluster < 0 {
			id = nil
		}
		tb, err := newTable(cw, id, plan)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		want.WriteString(reference(t, append(map[bool][]string{true: {"page", "cluster", "record"}, false: {"page", "record"}}[cluster < 0],
			columnOrder(cols, 64)...)))
		ref := newRowBuf(len(tb.vals.vals))
		for i, fs := range rows {
			r := store.RecordRow{PageURL: fmt.Sprintf("http://a/%d", i), Cluster: 4, Index: i * 100, Fields: fs}
			if err := tb.write(r); err != nil {
				t.Fatal(err)
			}
			rowValues(fs, tb.at, ref)
			lead := []string{r.PageURL, fmt.Sprint(r.Index)}
			if cluster < 0 {
				lead = []string{r.PageURL, "4", fmt.Sprint(r.Index)}
			}
			want.WriteString(reference(t, append(lead, ref.vals...)))
		}
		cw.flush()
		if got.String() != want.String() {
			t.Errorf("cluster %d:\n%s\nwant\n%s", cluster, got.String(), want.String())
		}
	}
}

// fixedNaming is the naming of fields named names, without keys.
func fixedNaming(names ...string) *extraction.Naming {
	tc := extraction.NewTableColumns()
	fs := make([]crawl.Field, len(names))
	for i, n := range names {
		fs[i] = crawl.Field{Name: n}
	}
	tc.Add(fs)
	return tc.Naming()
}

// TestLongCellCut: a cell longer than a spreadsheet holds (a record's
// Other joined from thousands of values) is cut at a value boundary and
// says how much it left out; the cut and the count give back the whole.
func TestLongCellCut(t *testing.T) {
	var vals []string
	for i := range 5000 {
		vals = append(vals, fmt.Sprintf("http://a.example/é%d", i))
	}
	long := strings.Join(vals, " | ")
	var b bytes.Buffer
	w := newCSVWriter(&b)
	if err := w.rowOf(nil, []string{"short", long}); err != nil {
		t.Fatal(err)
	}
	w.flush()
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 1 || len(rows[0]) != 2 {
		t.Fatalf("rows %q, %v", rows, err)
	}
	cell := rows[0][1]
	if len(cell) > maxCell || rows[0][0] != "short" {
		t.Fatalf("cell of %d bytes, want at most %d", len(cell), maxCell)
	}
	i := strings.LastIndex(cell, " | [… ")
	ok := i > 0
	head, note := cell[:max(i, 0)], cell[max(i, 0)+len(" | [… "):]
	n, _, _ := strings.Cut(note, " ")
	left, err := strconv.Atoi(n)
	if !ok || err != nil || !strings.HasPrefix(long, head) || utf8.RuneCountInString(long[len(head):]) != left {
		t.Errorf("cell ends %q: want the head of the value and the count of the characters left out", cell[max(0, len(cell)-200):])
	}
	if !strings.HasSuffix(head, vals[len(strings.Split(head, " | "))-1]) {
		t.Errorf("cut inside a value: %q", head[len(head)-40:])
	}
}

// TestRuneCount checks runeCount against utf8.RuneCountInString, invalid
// bytes and runes across the 8-byte steps included.
func TestRuneCount(t *testing.T) {
	for _, s := range []string{"", "a", "abcdefgh", "abcdefghi", "abcdefg\u00e9", "\u00e9abcdefgh", "abcdefg\xff\xfe",
		"\xe2\x82", "abcdefgh\xe2\x82\xacabcdefgh\xf0\x9f\x98\x80", strings.Repeat("x | y\u2019 ", 999), "\xc3abcdefgh\xa9"} {
		if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	}
}

// FuzzRuneCount compares runeCount with utf8.RuneCountInString.
func FuzzRuneCount(f *testing.F) {
	f.Add("abcdefgh\xe2\x82\xacabc")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	})
}

// BenchmarkRuneCount counts a cut cell's rest (100 KB, mostly ASCII).
func BenchmarkRuneCount(b *testing.B) {
	s := strings.Repeat("member_name(arg) | an instance \u2019 ", 3000)
	b.ReportAllocs()
	for b.Loop() {
		runeCount(s)
	}
}
