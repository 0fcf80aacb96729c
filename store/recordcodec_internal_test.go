package store

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
)

// viaJSON is what records read back as from the JSON fields column runs
// replace: each record's fields through encoding/json.
func viaJSON(t testing.TB, recs []crawl.Record) [][]crawl.Field {
	t.Helper()
	var out [][]crawl.Field
	for _, r := range recs {
		fj := make([]fieldJSON, len(r.Fields))
		for i, f := range r.Fields {
			fj[i] = fieldJSON{Name: f.Name, Value: f.Value}
		}
		b, err := json.Marshal(fj)
		if err != nil {
			t.Fatal(err)
		}
		fs, err := reference(b)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fs)
	}
	return out
}

// roundTrip encodes recs as a run and decodes it.
func roundTrip(t testing.TB, recs []crawl.Record) ([]int, [][]crawl.Field, error) {
	t.Helper()
	names, data, keys := newRunEncoder().encode(recs)
	var idx []int
	var fields [][]crawl.Field
	err := newRunDecoder().decode(names, keys, data, len(recs), func(i int, fs []crawl.Field) error {
		idx, fields = append(idx, i), append(fields, fs)
		return nil
	})
	return idx, fields, err
}

func TestRecordRunRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name string
		recs []crawl.Record
	}{
		{"one", []crawl.Record{{Index: 0, Fields: []crawl.Field{{Name: "title", Value: "What's new"}}}}},
		{"no fields", []crawl.Record{{Index: 3}, {Index: 4, Fields: []crawl.Field{}}}},
		{"repeated names", []crawl.Record{
			{Index: 0, Fields: []crawl.Field{{Name: "other", Value: "a"}, {Name: "link", Value: "http://a/"}, {Name: "other", Value: "b"}}},
			{Index: 1, Fields: []crawl.Field{{Name: "link", Value: "http://a/2"}, {Name: "other", Value: ""}}}}},
		{"indexes", []crawl.Record{{Index: -7, Fields: []crawl.Field{{Name: "a", Value: "1"}}}, {Index: 1 << 40}}},
		{"escapes and utf8", []crawl.Record{{Index: 0, Fields: []crawl.Field{
			{Name: "t", Value: "a\"b\\c\n\t\u2028 <&> été 日本 \U0001F600"}, {Name: "", Value: "\x00"}}}}},
		{"invalid utf8", []crawl.Record{{Index: 0, Fields: []crawl.Field{
			{Name: "e\xff", Value: "a\xffb\xed\xa0\x80c\xc3"}, {Name: "e\xff", Value: "\x80"}}}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			idx, fields, err := roundTrip(t, c.recs)
			if err != nil {
				t.Fatal(err)
			}
			want := viaJSON(t, c.recs)
			for i, r := range c.recs {
				if idx[i] != r.Index {
					t.Errorf("record %d: index %d, want %d", i, idx[i], r.Index)
				}
				if !reflect.DeepEqual(fields[i], want[i]) {
					t.Errorf("record %d: fields %+v, want %+v (as through JSON)", i, fields[i], want[i])
				}
			}
		})
	}
}

func TestRecordRunBad(t *testing.T) {
	names, data := EncodeRecordRun([]crawl.Record{{Index: 2, Fields: []crawl.Field{{Name: "title", Value: "hello"}, {Name: "link", Value: "x"}}}})
	for _, c := range []struct {
		name        string
		names, data []byte
		n           int
	}{
		{"truncated data", names, data[:len(data)-1], 1},
		{"trailing data", names, append(append([]byte{}, data...), 0), 1},
		{"more records than data", names, data, 2},
		{"fewer records than data", names, data, 0},
		{"name out of range", names[:6], data, 1}, // "title" only
		{"truncated names", names[:3], data, 1},
		{"huge field count", names, []byte{4, 0xff, 0xff, 0xff, 0xff, 0x0f}, 1},
		{"huge length", names, []byte{4, 1, 0, 0xff, 0xff, 0xff, 0xff, 0x0f}, 1},
		{"bad varint", names, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 1},
		{"huge count", names, data, 1 << 50},
		{"negative count", names, data, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := DecodeRecordRun(c.names, c.data, c.n, func(int, []crawl.Field) error { return nil })
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("err = %v, want ErrCorrupt", err)
			}
		})
	}
	stop := errors.New("stop")
	if err := DecodeRecordRun(names, data, 1, func(int, []crawl.Field) error { return stop }); err != stop {
		t.Errorf("fn's error: got %v, want it as it is", err)
	}
}

// FuzzRecordRun: any bytes decode to records or to an error, never a
// panic, and a run that decodes holds what it says (n records, names
// from its names column, values within data).
func FuzzRecordRun(f *testing.F) {
	names, data := EncodeRecordRun([]crawl.Record{
		{Index: 0, Fields: []crawl.Field{{Name: "title", Value: "A"}, {Name: "other", Value: "b"}}},
		{Index: 1, Fields: []crawl.Field{{Name: "other", Value: "c"}}}})
	f.Add(names, data, 2)
	f.Add([]byte{}, []byte{}, 0)
	f.Add(names[:2], data[:3], 1)
	f.Add(names, data, 1<<40)
	f.Fuzz(func(t *testing.T, names, data []byte, n int) {
		got := 0
		err := DecodeRecordRun(names, data, n, func(_ int, fs []crawl.Field) error {
			got++
			for _, fl := range fs {
				if len(fl.Value) > len(data) {
					t.Fatalf("value of %d bytes from %d of data", len(fl.Value), len(data))
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("err = %v, want ErrCorrupt", err)
		}
		if err == nil && got != n {
			t.Fatalf("%d records, want %d", got, n)
		}
	})
}

// FuzzRecordRunEncode: any records encode and decode back to what the
// JSON fields column gave back.
func FuzzRecordRunEncode(f *testing.F) {
	f.Add("title", "What's new", "other", "a\xffb", 3)
	f.Fuzz(func(t *testing.T, n1, v1, n2, v2 string, idx int) {
		recs := []crawl.Record{
			{Index: idx, Fields: []crawl.Field{{Name: n1, Value: v1}, {Name: n2, Value: v2}, {Name: n1, Value: v2}}},
			{Index: idx + 1, Fields: []crawl.Field{{Name: n2, Value: v1}}}}
		ix, fields, err := roundTrip(t, recs)
		if err != nil {
			t.Fatal(err)
		}
		want := viaJSON(t, recs)
		for i := range recs {
			if ix[i] != recs[i].Index || !reflect.DeepEqual(fields[i], want[i]) {
				t.Fatalf("record %d: %d %+v, want %d %+v", i, ix[i], fields[i], recs[i].Index, want[i])
			}
		}
	})
}

// TestRecordRunKeys checks that a run keeps each field's key and
// sparseness beside its name (Other holds values of several keys), that a
// run without keys stores no keys column, and that bad keys are corrupt.
func TestRecordRunKeys(t *testing.T) {
	recs := []crawl.Record{
		{Index: 0, Fields: []crawl.Field{{Name: "title", Value: "a", Key: "h2/a/text"},
			{Name: "other", Value: "b", Key: "p.x/text", Sparse: true}, {Name: "other", Value: "c", Key: "p.y/text", Sparse: true},
			{Name: "mine", Value: "d"}}},
		{Index: 1, Fields: []crawl.Field{{Name: "other", Value: "e", Key: "p.x/text"}, {Name: "title", Value: "f", Key: "h2/a/text"},
			{Name: "other", Value: "g", Sparse: true}}},
	}
	idx, fields, err := roundTrip(t, recs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range recs {
		want := slices.Clone(r.Fields)
		for j := range want {
			want[j].Sparse = want[j].Sparse && want[j].Key != "" // no key, no sparseness
		}
		if idx[i] != r.Index || !reflect.DeepEqual(fields[i], want) {
			t.Errorf("record %d: %d %+v, want %d %+v", i, idx[i], fields[i], r.Index, want)
		}
	}
	if _, _, keys := newRunEncoder().encode([]crawl.Record{{Fields: []crawl.Field{{Name: "a", Value: "b"}}}}); keys != nil {
		t.Errorf("keys %q for a run without keys, want nil", keys)
	}
	names, data, keys := newRunEncoder().encode(recs[:1])
	flag := 1 + len("h2/a/text") // the first entry's sparseness byte
	badFlag := slices.Clone(keys)
	badFlag[flag] = 2
	for _, bad := range [][]byte{keys[:len(keys)-1], append(slices.Clone(keys), 0, 0), badFlag, keys[:flag]} {
		err := newRunDecoder().decode(names, bad, data, 1, func(int, []crawl.Field) error { return nil })
		var re *runError
		if !errors.As(err, &re) {
			t.Errorf("keys %q: error %v, want a bad run", bad, err)
		}
	}
}

// FuzzRecordRunKeys: any names and keys columns decode to entries or to a
// run error, never a panic; entries that decode have a key on every entry
// when the keys column is not empty, and counts the column can hold.
func FuzzRecordRunKeys(f *testing.F) {
	names, _, keys := newRunEncoder().encode([]crawl.Record{
		{Index: 0, Fields: []crawl.Field{{Name: "title", Value: "A", Key: "h2/a/text"},
			{Name: "other", Value: "b", Key: "p.x/text", Sparse: true, Date: true}, {Name: "mine", Value: "c"}}}})
	f.Add(slices.Clone(names), slices.Clone(keys))
	f.Add(slices.Clone(names), []byte{})
	f.Add(slices.Clone(names), slices.Clone(keys[:len(keys)-1]))
	f.Add([]byte{}, []byte{0})
	f.Fuzz(func(t *testing.T, names, keys []byte) {
		ents, err := newRunDecoder().decodeEntries(names, keys)
		if err != nil {
			var bad *runError
			if !errors.As(err, &bad) {
				t.Fatalf("err = %v, want a run error", err)
			}
			return
		}
		for i, e := range ents {
			if len(keys) > 0 && len(e.Key) > len(keys) {
				t.Fatalf("entry %d: key of %d bytes from %d bytes of keys", i, len(e.Key), len(keys))
			}
			if len(keys) == 0 && (e.Key != "" || e.Records != 0) {
				t.Fatalf("entry %d: %+v without a keys column", i, e)
			}
			for _, n := range [...]int{e.Records, e.Positions, e.Length, e.Dates, e.Prices} {
				if n < 0 || n > 1<<40 {
					t.Fatalf("entry %d: count %d", i, n)
				}
			}
		}
	})
}
