package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
)

// referenceEncode is runEncoder.encode as it was before the entry cache:
// every field's entry looked up in a map (the bytes to match).
func referenceEncode(recs []crawl.Record) (names, data, keys []byte) {
	num := map[entry]int{}
	var counts []KeyCount
	keyed := false
	names, data = []byte{}, []byte{}
	for _, r := range recs {
		data = binary.AppendVarint(data, int64(r.Index))
		data = binary.AppendUvarint(data, uint64(len(r.Fields)))
		for i, f := range r.Fields {
			id := entry{f.Name, f.Key, f.Sparse && f.Key != ""}
			k, ok := num[id]
			if !ok {
				k = len(num)
				num[id] = k
				names = appendString(names, validUTF8(id.name))
				counts = append(counts, KeyCount{Key: id.key, Sparse: id.sparse})
				keyed = keyed || id.key != ""
			}
			c := &counts[k]
			c.Records++
			c.Positions += i
			c.Length += len(f.Value)
			c.Dates += b2i(f.Date && f.Key != "")
			c.Prices += b2i(f.Price && f.Key != "")
			data = binary.AppendUvarint(data, uint64(k))
			data = appendString(data, validUTF8(f.Value))
		}
	}
	if !keyed {
		return names, data, nil
	}
	for _, c := range counts {
		keys = appendString(keys, validUTF8(c.Key))
		keys = append(keys, byte(b2i(c.Sparse)))
		for _, n := range [...]int{c.Records, c.Positions, c.Length, c.Dates, c.Prices} {
			keys = binary.AppendUvarint(keys, uint64(n))
		}
	}
	return names, data, keys
}

// fuzzRecords makes runs of records from data: names and keys from small
// pools, some copied to another address (equal strings the cache must not
// tell apart), sparse and date flags, a run cut at 0xff.
func fuzzRecords(data []byte) [][]crawl.Record {
	names := []string{"title", "link", "link_2", "other", "", "text"}
	keys := []string{"", "h2/a/text", "p.x/text", "a/@href", "p.y/text"}
	var runs [][]crawl.Record
	var run []crawl.Record
	var fs []crawl.Field
	for i := 0; i+2 < len(data); i += 3 {
		a, b, c := data[i], data[i+1], data[i+2]
		switch {
		case a == 0xff:
			run = append(run, crawl.Record{Index: len(run), Fields: fs})
			runs, run, fs = append(runs, run), nil, nil
			continue
		case a == 0xfe:
			run, fs = append(run, crawl.Record{Index: len(run), Fields: fs}), nil
			continue
		}
		n, k := names[int(a)%len(names)], keys[int(b)%len(keys)]
		if a&0x80 != 0 {
			n = strings.Clone(n)
		}
		if b&0x80 != 0 {
			k = strings.Clone(k)
		}
		fs = append(fs, crawl.Field{Name: n, Key: k, Value: fmt.Sprint(c), Sparse: c&1 != 0, Date: c&2 != 0, Price: c&4 != 0})
	}
	run = append(run, crawl.Record{Index: len(run), Fields: fs})
	return append(runs, run)
}

// checkEncoder encodes runs with one encoder (its cache kept from run to
// run) and compares each with referenceEncode.
func checkEncoder(t *testing.T, e *runEncoder, runs [][]crawl.Record) {
	t.Helper()
	for i, run := range runs {
		n, d, k := e.encode(run)
		wn, wd, wk := referenceEncode(run)
		if !bytes.Equal(n, wn) || !bytes.Equal(d, wd) || !bytes.Equal(k, wk) || (k == nil) != (wk == nil) {
			t.Fatalf("run %d: names %q data %q keys %q, want %q %q %q", i, n, d, k, wn, wd, wk)
		}
	}
}

// TestEntryCacheMatchesMap: runs of many entries (more than the cache's
// slots, colliding), names and keys at several addresses, the encoder's
// run count wrapping: the bytes of the map-only encoder.
func TestEntryCacheMatchesMap(t *testing.T) {
	var run []crawl.Record
	for r := range 40 {
		var fs []crawl.Field
		for f := range 30 {
			n := fmt.Sprintf("name_%d", (r*7+f)%600)
			if f%4 == 0 {
				n = strings.Clone(n)
			}
			fs = append(fs, crawl.Field{Name: n, Key: fmt.Sprintf("k/%d", f%5), Value: "v", Sparse: f%3 == 0})
		}
		run = append(run, crawl.Record{Index: r, Fields: fs})
	}
	e := newRunEncoder()
	checkEncoder(t, e, [][]crawl.Record{run, run[:3], run, fuzzRecords([]byte("abcdefgh\xfeijk\x80\x81l"))[0]})
	e.gen = ^uint32(0) - 1 // the next runs wrap the run count
	checkEncoder(t, e, [][]crawl.Record{run[5:9], run, run[:1], run})
}

// FuzzEntryCache compares the encoder with the map-only one on runs of
// fields whose equal names and keys lie at one or several addresses.
func FuzzEntryCache(f *testing.F) {
	f.Add([]byte{1, 1, 2, 0x81, 1, 3, 0xfe, 0, 0, 1, 1, 0x81, 2, 0xff, 0, 0, 3, 0x83, 0x82, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkEncoder(t, newRunEncoder(), fuzzRecords(data))
	})
}
