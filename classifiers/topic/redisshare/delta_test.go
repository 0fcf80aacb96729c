package redisshare

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
)

func sampleDelta() topic.StatsDelta {
	return topic.StatsDelta{Docs: 7, Words: []uint32{0, 5, 300, topic.WordSpace - 1}, Counts: []int64{7, 1, 2, 3},
		Folds: 2, Sum: []float64{0, 1.25, 0, -0.5}, Rel: []topic.RelCount{{Epoch: 0, Bin: 3, N: 2}, {Epoch: 0, Bin: 900, N: 1}, {Epoch: 7, Bin: 0, N: 4}}}
}

func TestDeltaRoundTrip(t *testing.T) {
	for name, d := range map[string]topic.StatsDelta{
		"full":      sampleDelta(),
		"no folds":  {Docs: 1, Words: []uint32{9}, Counts: []int64{1}},
		"folds":     {Folds: 1, Sum: []float64{0, 0, 0, 1}},
		"relevance": {Rel: []topic.RelCount{{Epoch: 1 << 20, Bin: topic.RelBins - 1, N: 1}}},
	} {
		b := appendDelta(nil, d)
		got, err := readDelta(b, 4)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(appendDelta(nil, got), b) || got.Docs != d.Docs || got.Folds != d.Folds || len(got.Words) != len(d.Words) || !slices.Equal(got.Rel, d.Rel) {
			t.Errorf("%s: read %+v, wrote %+v", name, got, d)
		}
	}
}

func TestReadDeltaRefuses(t *testing.T) {
	good := appendDelta(nil, sampleDelta())
	nan := appendDelta(nil, topic.StatsDelta{Folds: 1, Sum: []float64{1, 0, 0, 0}})
	copy(nan[len(nan)-8:], []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f})
	for name, b := range map[string][]byte{
		"empty":          nil,
		"version":        append([]byte{1}, good[1:]...),
		"truncated":      good[:len(good)-3],
		"trailing":       append(append([]byte(nil), good...), 0),
		"too many feats": appendDelta(nil, topic.StatsDelta{Folds: 1, Sum: []float64{0, 0, 0, 0, 1}}),
		"sum no folds":   {deltaVersion, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0},
		"repeated word":  {deltaVersion, 1, 2, 4, 1, 0, 1, 0, 0, 0},
		"zero count":     {deltaVersion, 1, 1, 4, 0, 0, 0, 0},
		"no relevance":   {deltaVersion, 0, 0, 0, 0},
		"rel zero pages": {deltaVersion, 0, 0, 0, 0, 1, 0, 3, 0},
		"rel bin":        {deltaVersion, 0, 0, 0, 0, 1, 0, 0x80, 0x08, 1},
		"rel unordered":  {deltaVersion, 0, 0, 0, 0, 2, 1, 3, 1, 1, 2, 1},
		"rel repeated":   {deltaVersion, 0, 0, 0, 0, 2, 1, 3, 1, 1, 3, 1},
		"word too big":   appendDelta(nil, topic.StatsDelta{Docs: 1, Words: []uint32{topic.WordSpace}, Counts: []int64{1}}),
		"NaN sum":        nan,
	} {
		if _, err := readDelta(b, 4); !errors.Is(err, errBadDelta) {
			t.Errorf("%s: err = %v; want errBadDelta", name, err)
		}
	}
}

// FuzzReadDelta: any bytes decode to a delta that encodes back to the
// same bytes, or to errBadDelta; never a panic.
func FuzzReadDelta(f *testing.F) {
	f.Add(appendDelta(nil, sampleDelta()))
	f.Add(appendDelta(nil, topic.StatsDelta{Docs: 1, Words: []uint32{3}, Counts: []int64{1}}))
	f.Add([]byte{deltaVersion, 0, 0, 0, 0, 0})
	f.Add([]byte{deltaVersion, 0, 0, 0, 0, 2, 1, 3, 1, 2, 0, 5})
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := readDelta(b, 4)
		if err != nil {
			if !errors.Is(err, errBadDelta) {
				t.Fatalf("error %v is not errBadDelta", err)
			}
			return
		}
		for _, x := range d.Sum {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("sum value %v", x)
			}
		}
		if again := appendDelta(nil, d); !bytes.Equal(again, b) {
			t.Fatalf("%x decodes to %+v, which encodes as %x", b, d, again)
		}
	})
}
