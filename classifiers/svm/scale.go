package svm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Scaler maps each feature linearly from its training range [min, max] to
// [lower, upper], with svm-scale's semantics: absent features count as 0
// (so sparse zeros are scaled too), features with min == max are dropped,
// features the scaler has no range for are dropped, and values outside the
// training range are extrapolated, not clipped.
type Scaler struct {
	lower, upper float64
	ranges       []featureRange // sorted by index; only min < max

	hasY                       bool // a y section was read (svm-scale -y)
	yLower, yUpper, yMin, yMax float64
}

type featureRange struct {
	index    int
	min, max float64
}

// FitScaler learns each feature's range over p for scaling to
// [lower, upper] (svm-scale -l lower -u upper -s).
func FitScaler(p *Problem, lower, upper float64) *Scaler {
	type stat struct {
		lo, hi float64
		seen   int
	}
	stats := map[int]*stat{}
	for _, x := range p.X {
		for _, node := range x {
			st := stats[node.Index]
			if st == nil {
				st = &stat{lo: node.Value, hi: node.Value}
				stats[node.Index] = st
			}
			st.lo, st.hi = min(st.lo, node.Value), max(st.hi, node.Value)
			st.seen++
		}
	}
	s := &Scaler{lower: lower, upper: upper}
	for i, st := range stats {
		if st.seen < len(p.X) { // absent somewhere: a zero
			st.lo, st.hi = min(st.lo, 0), max(st.hi, 0)
		}
		if st.lo < st.hi {
			s.ranges = append(s.ranges, featureRange{i, st.lo, st.hi})
		}
	}
	sort.Slice(s.ranges, func(a, b int) bool { return s.ranges[a].index < s.ranges[b].index })
	return s
}

// Bounds returns the target interval [lower, upper].
func (s *Scaler) Bounds() (lower, upper float64) { return s.lower, s.upper }

// Range returns the training range of feature index; ok is false when the
// scaler drops the feature.
func (s *Scaler) Range(index int) (lo, hi float64, ok bool) {
	k := sort.Search(len(s.ranges), func(k int) bool { return s.ranges[k].index >= index })
	if k == len(s.ranges) || s.ranges[k].index != index {
		return 0, 0, false
	}
	return s.ranges[k].min, s.ranges[k].max, true
}

// MaxIndex reports the largest feature index the scaler keeps.
func (s *Scaler) MaxIndex() int {
	if len(s.ranges) == 0 {
		return 0
	}
	return s.ranges[len(s.ranges)-1].index
}

func (s *Scaler) value(r featureRange, v float64) float64 {
	return linear(v, r.min, r.max, s.lower, s.upper)
}

// linear maps v from [lo, hi] to [lower, upper] as svm-scale does, the end
// points exactly.
func linear(v, lo, hi, lower, upper float64) float64 {
	switch v {
	case lo:
		return lower
	case hi:
		return upper
	}
	return lower + (upper-lower)*(v-lo)/(hi-lo)
}

// Scale returns the scaled copy of x (x must have increasing indices).
func (s *Scaler) Scale(x []Node) []Node {
	return s.AppendScaled(make([]Node, 0, len(s.ranges)), x)
}

// AppendScaled appends the scaled x to dst and returns it; with a reused dst
// it does not allocate.
func (s *Scaler) AppendScaled(dst, x []Node) []Node {
	k := 0
	for _, r := range s.ranges {
		for k < len(x) && x[k].Index < r.index {
			k++
		}
		v := 0.0
		if k < len(x) && x[k].Index == r.index {
			v = x[k].Value
		}
		if sv := s.value(r, v); sv != 0 {
			dst = append(dst, Node{Index: r.index, Value: sv})
		}
	}
	return dst
}

// ScaleDense scales the dense vector x in place (x[i] is feature i+1).
// Dropped features become 0.
func (s *Scaler) ScaleDense(x []float64) {
	next := 0 // x[:next] is done
	for _, r := range s.ranges {
		i := r.index - 1
		if i >= len(x) {
			break
		}
		clear(x[next:i]) // no range: dropped
		x[i] = s.value(r, x[i])
		next = i + 1
	}
	clear(x[next:])
}

// ScaleProblem returns a scaled copy of p (labels scaled too when the
// scaler has a y range).
func (s *Scaler) ScaleProblem(p *Problem) *Problem {
	out := &Problem{Y: make([]float64, len(p.Y)), X: make([][]Node, len(p.X))}
	for i, x := range p.X {
		out.X[i] = s.Scale(x)
		out.Y[i] = s.ScaleLabel(p.Y[i])
	}
	return out
}

// ScaleLabel scales a label by the y range of a ranges file written by
// svm-scale -y; without one it returns y unchanged.
func (s *Scaler) ScaleLabel(y float64) float64 {
	if !s.hasY || s.yMin == s.yMax {
		return y
	}
	return linear(y, s.yMin, s.yMax, s.yLower, s.yUpper)
}

// WriteRanges writes the scaler in svm-scale's range-file format (-s):
// an optional "y" section, then "x", "lower upper" and one
// "index min max" line per kept feature.
func (s *Scaler) WriteRanges(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if s.hasY {
		fmt.Fprintf(bw, "y\n%s %s\n%s %s\n", fmtFloat(s.yLower), fmtFloat(s.yUpper), fmtFloat(s.yMin), fmtFloat(s.yMax))
	}
	fmt.Fprintf(bw, "x\n%s %s\n", fmtFloat(s.lower), fmtFloat(s.upper))
	for _, r := range s.ranges {
		fmt.Fprintf(bw, "%d %s %s\n", r.index, fmtFloat(r.min), fmtFloat(r.max))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("svm: write ranges: %w", err)
	}
	return nil
}

// ReadRanges reads a range file written by svm-scale -s or WriteRanges.
func ReadRanges(r io.Reader) (*Scaler, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	var lines []string
	var nums []int
	for n := 1; sc.Scan(); n++ {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			lines = append(lines, t)
			nums = append(nums, n)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("svm: read ranges: %w", err)
	}
	s := &Scaler{}
	fail := func(k int, err error) (*Scaler, error) {
		return nil, fmt.Errorf("svm: read ranges: line %d: %w", nums[k], err)
	}
	k := 0
	if k < len(lines) && lines[k] == "y" {
		if len(lines) < 3 {
			return nil, errors.New("svm: read ranges: truncated y section")
		}
		var err error
		if s.yLower, s.yUpper, err = parsePair(lines[1]); err != nil {
			return fail(1, err)
		}
		if s.yMin, s.yMax, err = parsePair(lines[2]); err != nil {
			return fail(2, err)
		}
		s.hasY, k = true, 3
	}
	if k >= len(lines) || lines[k] != "x" {
		return nil, errors.New(`svm: read ranges: missing "x" section`)
	}
	if k+1 >= len(lines) {
		return nil, errors.New("svm: read ranges: missing lower and upper bounds")
	}
	var err error
	if s.lower, s.upper, err = parsePair(lines[k+1]); err != nil {
		return fail(k+1, err)
	}
	for k += 2; k < len(lines); k++ {
		r, err := parseRange(lines[k])
		if err != nil {
			return fail(k, err)
		}
		if n := len(s.ranges); n > 0 && r.index <= s.ranges[n-1].index {
			return fail(k, fmt.Errorf("feature index %d does not increase", r.index))
		}
		if r.min < r.max {
			s.ranges = append(s.ranges, r)
		}
	}
	return s, nil
}

func parsePair(line string) (a, b float64, err error) {
	f := strings.Fields(line)
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("want two numbers, got %q", line)
	}
	if a, err = parseFinite(f[0]); err != nil {
		return 0, 0, err
	}
	b, err = parseFinite(f[1])
	return a, b, err
}

func parseRange(line string) (featureRange, error) {
	f := strings.Fields(line)
	if len(f) != 3 {
		return featureRange{}, fmt.Errorf("want \"index min max\", got %q", line)
	}
	idx, err := strconv.Atoi(f[0])
	if err != nil || idx < 1 {
		return featureRange{}, fmt.Errorf("bad feature index %q", f[0])
	}
	lo, hi, err := parsePair(f[1] + " " + f[2])
	if err != nil {
		return featureRange{}, err
	}
	if lo > hi {
		return featureRange{}, fmt.Errorf("feature %d: min %v > max %v", idx, lo, hi)
	}
	return featureRange{idx, lo, hi}, nil
}
