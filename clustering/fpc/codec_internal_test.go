package fpc

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/htmldecode"
)

// TestOldRowsDecode decodes rows stored by the code before the
// accumulator was kept sorted (testdata/centres-fpc1: entries in Go map
// order) and checks that each is, entry for entry, the accumulator the
// code builds now from the same pages: the 42 testdata pages in
// labels.csv order, templates interleaved, batches of 10, as they were
// clustered when the rows were written.
func TestOldRowsDecode(t *testing.T) {
	f, err := os.Open("testdata/labels.csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var feats []*Features
	for _, r := range rows[1:] {
		doc, err := htmldecode.ParseFile(filepath.Join("testdata", r[0]))
		if err != nil {
			t.Fatal(err)
		}
		feats = append(feats, Extract(doc))
	}
	var order []*Features
	for k := range 3 {
		for i := k; i < len(feats); i += 3 {
			order = append(order, feats[i])
		}
	}
	c := New(Config{})
	for s := 0; s < len(order); s += 10 {
		c.AddBatch(order[s:min(len(order), s+10)])
	}
	now, err := c.Changed()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{1, 2, 9} {
		old, err := os.ReadFile(fmt.Sprintf("testdata/centres-fpc1/%d.bin", id))
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(now, func(r Row) bool { return r.ID == id })
		if i < 0 {
			t.Fatalf("no cluster %d now", id)
		}
		if bytes.Equal(old, now[i].Centre) {
			t.Errorf("cluster %d: the old row is already in sorted order; the test needs one that is not", id)
		}
		a, err := unmarshalAcc(old)
		if err != nil {
			t.Fatalf("cluster %d: unmarshalAcc(old row) = %v", id, err)
		}
		if again, _ := a.marshal(); !bytes.Equal(again, now[i].Centre) {
			t.Errorf("cluster %d: the old row decodes to another accumulator than the one built now (%d vs %d bytes re-encoded)", id, len(again), len(now[i].Centre))
		}
		if fp := fingerprints(a.derive(&c.cfg).Sets[SetTagAttr]); fp != now[i].Fingerprints {
			t.Errorf("cluster %d: fingerprints of the old row %v, now %v", id, fp, now[i].Fingerprints)
		}
	}
}

// TestDecodeUnsortedDuplicates: entries out of order are sorted, and of
// two entries with one key (which no encoder writes) the last counts, as
// when rows were read into maps.
func TestDecodeUnsortedDuplicates(t *testing.T) {
	b := []byte(codecMagic)
	b = binary.AppendUvarint(b, 2) // N
	b = binary.AppendUvarint(b, 1) // layers
	b = binary.AppendUvarint(b, 2) // members with the layer
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(2))
	b = binary.AppendUvarint(b, 3)
	for _, tf := range []tagFreq{{7, 0.1}, {5, 0.2}, {7, 0.3}} {
		b = binary.LittleEndian.AppendUint64(b, tf.Tag)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(tf.Freq))
	}
	b = binary.AppendUvarint(b, 3) // set 0
	for _, e := range [][2]uint64{{9, 1}, {3, 2}, {9, 2}} {
		b = binary.LittleEndian.AppendUint64(b, e[0])
		b = binary.AppendUvarint(b, e[1])
	}
	for range numSets - 1 {
		b = binary.AppendUvarint(b, 0)
	}
	a, err := unmarshalAcc(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := []tagFreq{{5, 0.2}, {7, 0.3}}; !slices.Equal(a.Layers[0].Sum, want) {
		t.Errorf("layer = %v, want %v", a.Layers[0].Sum, want)
	}
	if s := a.Sets[0]; !slices.Equal(s.elems, []uint64{3, 9}) || !slices.Equal(s.counts, []uint32{2, 2}) {
		t.Errorf("set = %v %v, want [3 9] [2 2]", s.elems, s.counts)
	}
}
