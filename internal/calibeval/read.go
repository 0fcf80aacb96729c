package calibeval

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// maxDump bounds the dump ReadOutcomes reads (a full tuning run's dump is
// about 6 MB).
const maxDump = 256 << 20

// WriteOutcomes writes outs as JSON (the command's -dump).
func WriteOutcomes(w io.Writer, outs []Outcome) error {
	if err := json.NewEncoder(w).Encode(outs); err != nil {
		return fmt.Errorf("calibeval: write outcomes: %w", err)
	}
	return nil
}

// ReadOutcomes reads outcomes written by WriteOutcomes and checks each:
// a topic, as many truth, measured and relevance values, relevance and
// leave-one-out cosines finite, SeedLOOAt empty or one per page.
func ReadOutcomes(r io.Reader) ([]Outcome, error) {
	dec := json.NewDecoder(io.LimitReader(r, maxDump+1))
	var outs []Outcome
	if err := dec.Decode(&outs); err != nil {
		return nil, fmt.Errorf("calibeval: read outcomes: %w", err)
	}
	if dec.InputOffset() > maxDump {
		return nil, fmt.Errorf("calibeval: read outcomes: more than %d bytes", maxDump)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("calibeval: read outcomes: data after the outcomes")
	}
	for i, o := range outs {
		if err := o.check(); err != nil {
			return nil, fmt.Errorf("calibeval: outcome %d (%s %s draw %s): %w", i, o.Topic, o.Strategy, o.Draw, err)
		}
	}
	return outs, nil
}

// check reports the first inconsistency of o.
func (o Outcome) check() error {
	switch {
	case o.Topic.Source == "" || o.Topic.Name == "":
		return errors.New("no topic")
	case len(o.Measured) != len(o.Truth) || len(o.Relevance) != len(o.Truth):
		return fmt.Errorf("%d truth, %d measured and %d relevance values", len(o.Truth), len(o.Measured), len(o.Relevance))
	case len(o.SeedLOOAt) != 0 && len(o.SeedLOOAt) != len(o.Truth):
		return fmt.Errorf("%d pages but leave-one-out cosines for %d", len(o.Truth), len(o.SeedLOOAt))
	}
	for k, r := range o.Relevance {
		if math.IsNaN(r) || math.IsInf(r, 0) {
			return fmt.Errorf("relevance of page %d is %v", k, r)
		}
	}
	for _, l := range append([][]float64{o.SeedLOO}, o.SeedLOOAt...) {
		for _, x := range l {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("a leave-one-out cosine is %v", x)
			}
		}
	}
	return nil
}
